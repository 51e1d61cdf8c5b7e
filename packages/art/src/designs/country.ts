/** Golf, farm and sport designs: 3-peaks-golf, riverside-golf-center, red-barn-ranch, freedom-jumping. */
import type { Scene } from '../design-spec.ts';
import { jumpingHorse } from '../motifs/animals.ts';
import { barn, fence, fieldRows, footbridge, windmill } from '../motifs/buildings.ts';
import { flag, green } from '../motifs/golf.ts';
import { hills, mountain } from '../motifs/peaks.ts';
import { birds, cloud, stars, stripedSky } from '../motifs/sky.ts';
import { bandedSun, sunDisc } from '../motifs/sun.ts';
import { broadleaf } from '../motifs/trees.ts';
import { river, waterLines } from '../motifs/water.ts';
import { path, place, rect } from '../svg.ts';

export const threePeaksGolf: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    sunDisc(470, 110, 50, p.accent),
    mountain(
      rng,
      { x: 130, y: 150, left: 190, right: 160, base: 360 },
      { body: p.deep, shade: p.ink, snow: p.light },
    ),
    mountain(
      rng,
      { x: 470, y: 160, left: 160, right: 190, base: 360 },
      { body: p.deep, shade: p.ink, snow: p.light },
    ),
    mountain(
      rng,
      { x: 300, y: 90, left: 200, right: 200, base: 360 },
      { body: p.mid, shade: p.deep, snow: p.light, snowDepth: 0.3 },
    ),
    hills(
      [
        [-20, 350],
        [200, 330],
        [400, 360],
        [620, 340],
      ],
      640,
      p.deep,
    ),
    green(300, 440, 200, 50, p.mid, p.deep),
    flag(320, 440, 240, p.ink, p.accent, p.ink),
    path('M-20 520Q300 480 620 520L620 640L-20 640Z', p.ink),
  ].join('');

export const riversideGolfCenter: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    cloud(160, 130, 150, p.mid),
    hills(
      [
        [-20, 250],
        [200, 230],
        [400, 260],
        [620, 240],
      ],
      640,
      p.mid,
    ),
    broadleaf(80, 270, 130, p.ink),
    broadleaf(520, 270, 110, p.ink),
    rect(-20, 290, 640, 400, p.deep),
    river(
      [
        [200, 280],
        [380, 320],
        [160, 400],
        [320, 520],
        [220, 640],
      ],
      30,
      220,
      p.light,
    ),
    waterLines(rng, 150, 350, 430, 560, 5, p.mid, 4),
    place(footbridge(p.ink), 270, 390, 0.9),
    green(450, 450, 110, 36, p.mid, p.light),
    flag(470, 450, 220, p.ink, p.accent, p.ink),
  ].join('');

export const redBarnRanch: Scene = ({ p }) =>
  [
    stripedSky([p.light, p.accent], 0, 320),
    sunDisc(170, 250, 80, p.mid),
    birds(
      [
        [380, 100, 14],
        [420, 80, 10],
      ],
      p.ink,
    ),
    hills(
      [
        [-20, 320],
        [200, 290],
        [400, 320],
        [620, 300],
      ],
      640,
      p.ink,
    ),
    rect(-20, 360, 640, 300, p.accent),
    fieldRows(-20, 620, 360, 640, 300, 12, p.mid),
    place(windmill(p.ink), 490, 360, 1.1),
    place(barn(p.deep, p.ink, p.light), 270, 400, 1.3),
    fence(-20, 620, 600, 40, p.ink),
  ].join('');

export const freedomJumping: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.ink),
    stars(rng, 40, 20, 20, 580, 260, p.light),
    stripedSky([p.ink, p.deep, p.mid], 200, 460),
    bandedSun(300, 360, 170, p.accent, 4, 0.1, 460),
    rect(-20, 458, 640, 200, p.ink),
    path(
      'M160 460h12v-90h-12ZM428 460h12v-90h-12ZM150 380h300v12H150ZM150 412h300v12H150ZM150 444h300v12H150Z',
      p.light,
    ),
    place(jumpingHorse(p.ink), 300, 300, 2.0, -6),
  ].join('');

export { bandedSun };
