/** Forest and lake designs: upstream-fishing, northern-lakes, hiking-appalachian-trail, pine-lakes, explore-outdoors, embrace-serenity. */
import type { Scene } from '../design-spec.ts';
import { loon, trout } from '../motifs/animals.ts';
import { canoe } from '../motifs/boats.ts';
import { tent } from '../motifs/buildings.ts';
import { blazeTree, campfire, compassRose } from '../motifs/outdoors.ts';
import { hiker } from '../motifs/people.ts';
import { hills, ridge } from '../motifs/peaks.ts';
import { lotus } from '../motifs/plants.ts';
import { stars, stripedSky } from '../motifs/sky.ts';
import { bandedSun, sunDisc } from '../motifs/sun.ts';
import { pine, pineRow } from '../motifs/trees.ts';
import { river, waterLines } from '../motifs/water.ts';
import { birds } from '../motifs/sky.ts';
import { group, path, place, rect } from '../svg.ts';

export const upstreamFishing: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    bandedSun(420, 190, 90, p.accent, 4, -0.1),
    ridge(
      rng,
      [
        [-20, 260],
        [150, 220],
        [300, 270],
        [450, 230],
        [620, 260],
      ],
      640,
      p.mid,
      10,
    ),
    pineRow(rng, -10, 620, 300, 60, 110, p.deep),
    rect(-20, 296, 640, 400, p.deep),
    river(
      [
        [300, 300],
        [360, 340],
        [250, 400],
        [330, 470],
        [280, 640],
      ],
      40,
      420,
      p.light,
    ),
    waterLines(rng, 150, 450, 420, 560, 5, p.mid, 4),
    path('M30 420Q120 40 460 150', 'none', { stroke: p.ink, 'stroke-width': 4 }),
    place(trout(p.mid, p.accent, p.ink, p.light), 290, 290, 2.0, -28),
  ].join('');

export const northernLakes: Scene = ({ p, rng }) =>
  [
    // night on the lake: the loon calls under the stars (pine-lakes keeps the sunset stripes)
    rect(-20, -20, 640, 360, p.ink),
    stars(rng, 34, 20, 20, 580, 250, p.light),
    sunDisc(420, 130, 46, p.accent),
    sunDisc(440, 118, 40, p.ink),
    pineRow(rng, -20, 200, 340, 110, 220, p.deep),
    pineRow(rng, 420, 640, 340, 110, 220, p.ink),
    rect(-20, 336, 640, 300, p.deep),
    waterLines(rng, 40, 560, 360, 560, 10, p.mid, 5),
    place(loon(p.ink, p.light), 300, 470, 1.6),
    path('M120 486h360v6h-360Z', p.light, { opacity: 0.9 }),
  ].join('');

export const hikingAppalachianTrail: Scene = ({ p }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    sunDisc(170, 170, 62, p.accent),
    birds(
      [
        [300, 120, 14],
        [336, 100, 10],
      ],
      p.ink,
    ),
    hills(
      [
        [-20, 320],
        [120, 290],
        [260, 330],
        [400, 280],
        [620, 320],
      ],
      640,
      p.mid,
    ),
    hills(
      [
        [-20, 380],
        [160, 350],
        [320, 390],
        [480, 360],
        [620, 380],
      ],
      640,
      p.deep,
    ),
    path(
      'M-20 520Q200 470 330 380Q400 320 440 300Q470 290 500 300Q560 330 620 380L620 640L-20 640Z',
      p.ink,
    ),
    path(
      'M300 640Q330 560 380 480Q420 410 455 306L466 306Q440 410 410 490Q370 580 360 640Z',
      p.light,
    ),
    blazeTree(110, 640, 420, p.ink, p.light),
    pine(60, 640, 260, p.ink),
    place(hiker(p.ink, p.accent), 462, 304, 1.05),
  ].join('');

export const pineLakes: Scene = ({ p, rng }) => {
  const trees = pineRow(rng, -20, 640, 300, 90, 200, p.deep);
  return [
    stripedSky([p.light, p.accent], 0, 300),
    sunDisc(300, 240, 70, p.light),
    trees,
    rect(-20, 298, 640, 400, p.mid),
    group(trees, { transform: 'translate(0 600) scale(1 -1)', opacity: 0.55 }),
    waterLines(rng, 40, 560, 320, 520, 9, p.light, 4),
    place(canoe(p.accent, p.ink), 300, 440, 1.45),
  ].join('');
};

export const exploreOutdoors: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.ink),
    stars(rng, 36, 20, 20, 580, 300, p.light),
    place(compassRose(150, p.accent, p.light, p.light), 300, 200, 1),
    ridge(
      rng,
      [
        [-20, 360],
        [140, 300],
        [300, 350],
        [460, 290],
        [620, 340],
      ],
      640,
      p.deep,
      8,
    ),
    pineRow(rng, -20, 160, 420, 110, 180, p.ink),
    pineRow(rng, 460, 640, 420, 110, 180, p.ink),
    rect(-20, 410, 640, 300, p.mid),
    place(tent(p.accent, p.light, p.ink), 250, 470, 1.5),
    place(campfire(p.ink, p.accent, p.light), 440, 480, 1.1),
  ].join('');

export const embraceSerenity: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    path('M300 40a190 190 0 1 0 0.1 0Zm0 22a168 168 0 1 1 -0.1 0Z', p.deep, {
      'fill-rule': 'evenodd',
    }),
    sunDisc(300, 230, 90, p.accent),
    hills(
      [
        [-20, 330],
        [140, 300],
        [300, 340],
        [460, 300],
        [620, 330],
      ],
      640,
      p.mid,
    ),
    rect(-20, 360, 640, 300, p.deep),
    path('M-20 356H620V372H-20Z', p.light),
    waterLines(rng, 40, 560, 390, 520, 7, p.light, 3),
    place(lotus(p.mid, p.light), 300, 520, 1.3),
    path('M180 524Q300 500 420 524Q300 546 180 524Z', p.ink),
  ].join('');
