/**
 * The home banners (mobile, tablet, desktop): the shirt itself, large, hung on a wooden hanger from
 * a line strung across an outdoor scene in the house style (sea meeting mountains at sunset). On
 * the wide formats the left part, where the hero text sits, is washed with a light scrim.
 */
import { createRng } from '../rng.ts';
import { BRAND } from '../brand.ts';
import { mountain, ridge } from '../motifs/peaks.ts';
import { birds, stripedSky } from '../motifs/sky.ts';
import { bandedSun } from '../motifs/sun.ts';
import { palm, pineRow } from '../motifs/trees.ts';
import { waterLines } from '../motifs/water.ts';
import { design } from '../designs/index.ts';
import { el, group, path, rect, svgDoc } from '../svg.ts';
import { shirtAt, shirtPrint } from './collection.ts';
import { blurFilter } from './common.ts';

/** The shirt on the home banners: a white shirt with the sunset-palette coast print. */
export const HERO_DESIGN = 'pacific-coast-highway';

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

/** Where the shirt hangs in each format: centre x, collar top y, scale (shirt units are ~532 x 514). */
const HANG: Record<HomeBannerKind, { cx: number; top: number; s: number; line: number }> = {
  desktop: { cx: 1080, top: 70, s: 0.8, line: 26 },
  tablet: { cx: 820, top: 150, s: 1.1, line: 90 },
  // phones show the lower two thirds of this picture (hero.css), so the shirt hangs low
  mobile: { cx: 410, top: 392, s: 0.92, line: 336 },
};

/** A sagging line across the picture, a wooden hanger on it and the shirt hanging from it. */
function hungShirt(kind: HomeBannerKind, w: number): { defs: string; body: string } {
  const { cx, top, s, line } = HANG[kind];
  const d = design(HERO_DESIGN);
  const shirt = shirtAt('hero', d.spec.shirt, 'front', cx, top, s, shirtPrint(d));
  const hookTop = line + 6;
  const hanger = [
    // the rope
    path(`M-20 ${line - 10}Q${w / 2} ${line + 34} ${w + 20} ${line - 10}`, 'none', {
      stroke: BRAND.ink,
      'stroke-width': 3,
    }),
    // the hook and the wooden bar across the shoulders
    path(`M${cx} ${top + 6 * s}V${hookTop + 14}a10 10 0 1 1 10 -10`, 'none', {
      stroke: '#5d554c',
      'stroke-width': 4,
      'stroke-linecap': 'round',
    }),
    path(
      `M${cx - 150 * s} ${top + 30 * s}Q${cx} ${top - 10 * s} ${cx + 150 * s} ${top + 30 * s}`,
      'none',
      { stroke: '#a8774a', 'stroke-width': 12 * s, 'stroke-linecap': 'round' },
    ),
  ].join('');
  return { defs: shirt.defs, body: hanger + shirt.body };
}

/** A light wash over the left of the wide formats, where the hero text sits. */
function scrim(w: number, h: number): { defs: string; body: string } {
  const defs = el(
    'linearGradient',
    { id: 'scrim', x1: 0, y1: 0, x2: 1, y2: 0 },
    el('stop', { offset: 0, 'stop-color': BRAND.paper, 'stop-opacity': 0.85 }) +
      el('stop', { offset: 0.42, 'stop-color': BRAND.paper, 'stop-opacity': 0.6 }) +
      el('stop', { offset: 0.6, 'stop-color': BRAND.paper, 'stop-opacity': 0 }),
  );
  return { defs, body: rect(0, 0, w, h, 'url(#scrim)') };
}

export function homeBannerSvg(kind: HomeBannerKind): string {
  const { w, h } = HOME_BANNER_SIZE[kind];
  let body: string;
  if (kind === 'desktop') {
    body = rect(0, 0, w, h, INK.light) + group(scene(false), { transform: `translate(200 -100)` });
  } else if (kind === 'tablet') {
    body = rect(0, 0, w, h, INK.light) + group(scene(true), { transform: `translate(-100 200)` });
  } else {
    body = rect(0, 0, w, h, INK.light) + group(scene(false), { transform: `translate(-280 400)` });
  }
  const wash = kind === 'mobile' ? { defs: '', body: '' } : scrim(w, h);
  const shirt = hungShirt(kind, w);
  return svgDoc(
    w,
    h,
    body + wash.body + shirt.body,
    blurFilter('soft', 10) + wash.defs + shirt.defs,
  );
}
