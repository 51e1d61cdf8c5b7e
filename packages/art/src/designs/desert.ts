/** Desert designs: arizona, grand-canyon, sahara-discovery, sky-safari. */
import type { Scene } from '../design-spec.ts';
import { camel, condor, giraffe } from '../motifs/animals.ts';
import { balloon } from '../motifs/boats.ts';
import { dune } from '../motifs/desert.ts';
import { mesa, ridge, strata } from '../motifs/peaks.ts';
import { birds, stripedSky } from '../motifs/sky.ts';
import { bandedSun, sunDisc } from '../motifs/sun.ts';
import { saguaro } from '../motifs/trees.ts';
import { river } from '../motifs/water.ts';
import { mirror, path, place, rect } from '../svg.ts';

export const arizona: Scene = ({ p }) =>
  [
    stripedSky([p.light, p.mid], 0, 400),
    bandedSun(300, 300, 150, p.deep, 5, 0),
    mesa(140, 300, 170, 440, p.ink, undefined),
    mesa(430, 260, 200, 440, p.deep, p.ink),
    rect(-20, 430, 640, 200, p.mid),
    path('M-20 470Q200 450 620 480L620 500Q200 470 -20 490Z', p.deep),
    saguaro(130, 600, 280, p.accent),
    saguaro(500, 520, 120, p.ink),
  ].join('');

export const grandCanyon: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.mid], 0, 250),
    sunDisc(450, 170, 60, p.light),
    place(condor(p.ink, p.light), 230, 110, 0.9, -6),
    ridge(
      rng,
      [
        [-20, 230],
        [120, 225],
        [150, 260],
        [330, 255],
        [360, 230],
        [620, 240],
      ],
      640,
      p.deep,
      3,
    ),
    strata(rng, -20, 620, 255, 340, 5, p.ink),
    path('M-20 300L140 300L180 350L240 360L260 420L200 640L-20 640Z', p.mid),
    path('M620 290L470 290L430 340L380 360L350 420L400 640L620 640Z', p.mid),
    strata(rng, -20, 250, 320, 600, 7, p.deep),
    strata(rng, 360, 620, 320, 600, 7, p.deep),
    river(
      [
        [300, 300],
        [280, 360],
        [320, 430],
        [270, 520],
        [300, 640],
      ],
      8,
      120,
      p.accent,
    ),
    path('M-20 430L120 420L170 470L200 640L-20 640Z', p.ink),
    path('M620 440L470 430L430 500L410 640L620 640Z', p.ink),
  ].join('');

export const saharaDiscovery: Scene = ({ p }) =>
  [
    stripedSky([p.deep, p.mid, p.light], 0, 420),
    sunDisc(300, 300, 180, p.light),
    birds(
      [
        [180, 120, 14],
        [210, 100, 10],
      ],
      p.ink,
    ),
    dune(-40, 660, 420, 330, 500, p.mid, p.deep),
    place(camel(p.ink), 330, 345, 0.62),
    place(camel(p.ink), 400, 337, 0.62),
    place(camel(p.ink), 470, 336, 0.62),
    dune(-40, 700, 160, 430, 640, p.deep, p.ink),
  ].join('');

function acacia(x: number, base: number, s: number, fill: string): string {
  return place(
    path(
      'M-4 0L-2 -60L-30 -80L-26 -84L0 -68L20 -90L24 -86L4 -62L6 0ZM-70 -80Q-40 -112 0 -108Q40 -112 70 -84Q30 -74 0 -78Q-34 -72 -70 -80Z',
      fill,
    ),
    x,
    base,
    s,
  );
}

export const skySafari: Scene = ({ p }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    stripedSky([p.light, p.mid], 260, 420),
    bandedSun(430, 380, 110, p.deep, 4, -0.1, 420),
    place(balloon(p.deep, p.mid, p.ink), 230, 330, 1.25),
    rect(-20, 415, 640, 240, p.mid),
    path('M-20 430Q300 410 620 440L620 460Q300 430 -20 450Z', p.accent),
    acacia(110, 430, 1.1, p.ink),
    acacia(540, 440, 0.8, p.ink),
    place(giraffe(p.ink, p.mid), 410, 560, 1.35),
    place(mirror(giraffe(p.ink, p.mid)), 220, 560, 1.0),
  ].join('');
