/** Mountain designs: alaska, twin-vistas, summit-landing, sky-ridge, coastal-mountain, first-light. */
import type { Scene } from '../design-spec.ts';
import { moose, gull } from '../motifs/animals.ts';
import { bushPlane } from '../motifs/boats.ts';
import { hills, mountain, ridge } from '../motifs/peaks.ts';
import { aurora, birds, cloud, stars, streaks, stripedSky } from '../motifs/sky.ts';
import { bandedSun, burst, sunDisc } from '../motifs/sun.ts';
import { pineRow } from '../motifs/trees.ts';
import { scallops, sea, waterLines } from '../motifs/water.ts';
import { group, path, place, rect } from '../svg.ts';

export const alaska: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.ink),
    stars(rng, 40, 20, 20, 580, 240, p.light),
    aurora(rng, [p.accent, p.mid], p.ink, 80, 150),
    mountain(
      rng,
      { x: 160, y: 250, left: 260, right: 200, base: 480 },
      { body: p.deep, shade: p.ink, snow: p.light },
    ),
    mountain(
      rng,
      { x: 420, y: 185, left: 220, right: 260, base: 480 },
      { body: p.mid, shade: p.deep, snow: p.light, snowDepth: 0.34 },
    ),
    rect(-20, 460, 640, 200, p.light),
    pineRow(rng, -10, 230, 530, 80, 150, p.ink),
    place(moose(p.ink), 430, 545, 1.45),
  ].join('');

export const twinVistas: Scene = ({ p, rng }) => {
  const peaks =
    mountain(
      rng,
      { x: 190, y: 120, left: 230, right: 170, base: 320 },
      { body: p.deep, shade: p.ink, snow: p.light, snowDepth: 0.22 },
    ) +
    mountain(
      rng,
      { x: 420, y: 150, left: 150, right: 230, base: 320 },
      { body: p.deep, shade: p.ink, snow: p.light, snowDepth: 0.22 },
    );
  return [
    stripedSky([p.light, p.accent, p.mid], 0, 320),
    bandedSun(300, 250, 90, p.light, 4, -0.2),
    peaks,
    rect(-20, 318, 640, 300, p.deep),
    group(peaks, { transform: 'translate(0 640) scale(1 -1)', opacity: 0.45 }),
    rect(-20, 316, 640, 6, p.light),
    waterLines(rng, 20, 580, 340, 560, 12, p.light, 5),
  ].join('');
};

export const summitLanding: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.accent, p.mid, p.deep], 0, 440),
    sunDisc(300, 330, 170, p.accent),
    mountain(
      rng,
      { x: 300, y: 170, left: 330, right: 330, base: 520 },
      { body: p.deep, shade: p.ink, snow: p.light, snowDepth: 0.3 },
    ),
    ridge(
      rng,
      [
        [-20, 420],
        [140, 380],
        [300, 450],
        [460, 390],
        [620, 430],
      ],
      640,
      p.ink,
      8,
    ),
    pineRow(rng, -10, 620, 560, 50, 90, p.ink),
    streaks(
      [
        [60, 110, 120],
        [400, 90, 150],
        [430, 130, 90],
      ],
      p.light,
    ),
    path('M40 214h60v6h-60ZM120 206h50v6h-50Z', p.light),
    place(bushPlane(p.ink, p.light), 290, 150, 1.45, -8),
  ].join('');

export const skyRidge: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.mid),
    sunDisc(420, 200, 70, p.light),
    cloud(180, 250, 200, p.light),
    cloud(470, 300, 150, p.light),
    birds(
      [
        [140, 130, 20],
        [190, 100, 15],
        [230, 150, 17],
        [270, 118, 12],
        [100, 170, 13],
      ],
      p.ink,
    ),
    ridge(
      rng,
      [
        [-20, 400],
        [120, 330],
        [220, 370],
        [340, 300],
        [460, 350],
        [620, 320],
      ],
      640,
      p.deep,
      12,
    ),
    ridge(
      rng,
      [
        [-20, 450],
        [100, 420],
        [260, 470],
        [420, 410],
        [620, 460],
      ],
      640,
      p.ink,
      10,
    ),
    ridge(
      rng,
      [
        [-20, 520],
        [200, 500],
        [380, 540],
        [620, 500],
      ],
      640,
      p.light,
      6,
    ),
  ].join('');

export const coastalMountain: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    bandedSun(430, 190, 90, p.accent, 4),
    gull(250, 120, 20, p.ink),
    gull(300, 150, 14, p.ink),
    mountain(
      rng,
      { x: 200, y: 110, left: 320, right: 280, base: 420 },
      { body: p.deep, shade: p.ink, snow: p.light, snowDepth: 0.26 },
    ),
    sea(380, 640, p.mid),
    path('M-20 380L60 330L150 360L230 420L180 470L-20 480Z', p.ink),
    scallops(450, 60, 14, 640, p.deep),
    scallops(520, 80, 16, 640, p.ink, -20, 620, 30),
    waterLines(rng, 260, 580, 390, 440, 4, p.light, 4),
  ].join('');

export const firstLight: Scene = ({ p }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    burst(300, 400, 460, 22, p.accent, 180, 360),
    sunDisc(300, 400, 110, p.mid),
    hills(
      [
        [-20, 380],
        [120, 350],
        [260, 410],
        [400, 360],
        [620, 390],
      ],
      640,
      p.deep,
    ),
    hills(
      [
        [-20, 460],
        [150, 420],
        [330, 470],
        [480, 430],
        [620, 450],
      ],
      640,
      p.mid,
    ),
    hills(
      [
        [-20, 530],
        [200, 490],
        [420, 540],
        [620, 500],
      ],
      640,
      p.ink,
    ),
  ].join('');
