/**
 * The home banners (mobile, tablet, desktop): an outdoor scene in the house style, sea meeting
 * mountains at sunset, with a calm cream sky left clear for the hero text.
 */
import { createRng } from '../rng.ts';
import { BRAND } from '../brand.ts';
import { mountain, ridge } from '../motifs/peaks.ts';
import { birds, stripedSky } from '../motifs/sky.ts';
import { bandedSun } from '../motifs/sun.ts';
import { palm, pineRow } from '../motifs/trees.ts';
import { waterLines } from '../motifs/water.ts';
import { group, path, rect, svgDoc } from '../svg.ts';

export type HomeBannerKind = 'mobile' | 'tablet' | 'desktop';

export const HOME_BANNER_SIZE: Record<HomeBannerKind, { w: number; h: number }> = {
  mobile: { w: 800, h: 1000 },
  tablet: { w: 1200, h: 800 },
  desktop: { w: 1500, h: 500 },
};

const INK = {
  sky: [BRAND.paper, '#fbe3b8', BRAND.gold, '#f4a68a'],
  far: '#9f86c8',
  mid: '#1f7890',
  sea: '#14294a',
  sun: BRAND.sun,
  ink: BRAND.ink,
  light: BRAND.paper,
};

/**
 * The scene is drawn in a 1200-wide band, 600 tall (horizon at 400), then placed into each
 * format: on the right for desktop (text on the left), at the bottom for mobile and tablet.
 */
function scene(palms: boolean): string {
  const rng = createRng('home-banner');
  return [
    stripedSky(INK.sky, 0, 400, -400, 1600),
    bandedSun(760, 400, 170, INK.sun, 5, -0.05, 400),
    birds(
      [
        [560, 170, 18],
        [600, 140, 13],
        [640, 180, 11],
      ],
      INK.ink,
    ),
    ridge(
      rng,
      [
        [380, 400],
        [520, 330],
        [640, 360],
        [760, 300],
        [900, 350],
        [1000, 330],
        [1600, 380],
      ],
      420,
      INK.far,
      10,
    ),
    mountain(
      rng,
      { x: 1010, y: 170, left: 260, right: 340, base: 420 },
      { body: INK.mid, shade: INK.sea, snow: INK.light, snowDepth: 0.26 },
    ),
    mountain(
      rng,
      { x: 1260, y: 230, left: 220, right: 300, base: 420 },
      { body: INK.far, shade: INK.mid, snow: INK.light, snowDepth: 0.24 },
    ),
    rect(-400, 398, 2000, 300, INK.sea),
    waterLines(rng, 300, 980, 420, 560, 9, INK.sun, 6),
    path('M1600 360L1180 380Q1040 400 960 470L880 600L1600 600Z', INK.ink),
    pineRow(rng, 1000, 1600, 520, 90, 170, INK.ink),
    path('M-400 520Q0 490 420 540Q520 556 560 600L-400 600Z', '#f0c987'),
    palms ? palm(150, 580, 320, 60, INK.ink, INK.ink) : '',
  ].join('');
}

export function homeBannerSvg(kind: HomeBannerKind): string {
  const { w, h } = HOME_BANNER_SIZE[kind];
  let body: string;
  if (kind === 'desktop') {
    // 1500 x 500: scene shifted right; the left 40% is calm sky for the headline
    body = rect(0, 0, w, h, INK.light) + group(scene(false), { transform: `translate(330 -100)` });
  } else if (kind === 'tablet') {
    body = rect(0, 0, w, h, INK.light) + group(scene(true), { transform: `translate(0 200)` });
  } else {
    body = rect(0, 0, w, h, INK.light) + group(scene(false), { transform: `translate(-280 400)` });
  }
  return svgDoc(w, h, body);
}
