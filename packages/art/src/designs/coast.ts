/**
 * Coast and sea designs: sunset-cove, escape-everyday, dolphin-sail, sand-sea, southern-sands,
 * key-west, pacific-coast-highway, hawaiian-islands, coral-reef-aquatics, blue-wave-running-club.
 */
import type { Scene } from '../design-spec.ts';
import { dolphin, gull, pelican, reefFish, rooster } from '../motifs/animals.ts';
import { sailboat, surfboard } from '../motifs/boats.ts';
import { lighthouse, pier } from '../motifs/buildings.ts';
import { dune } from '../motifs/desert.ts';
import { hammock, windingRoad } from '../motifs/outdoors.ts';
import { coral, hibiscus, seaFan } from '../motifs/plants.ts';
import { runner } from '../motifs/people.ts';
import { stripedSky, streaks } from '../motifs/sky.ts';
import { bandedSun, rays } from '../motifs/sun.ts';
import { palm, seaOats } from '../motifs/trees.ts';
import { bubbles, greatWave, scallops, sea, swell, waterLines } from '../motifs/water.ts';
import { mirror, path, place, rect } from '../svg.ts';

export const sunsetCove: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.accent, p.mid, p.deep], 0, 380),
    bandedSun(320, 330, 150, p.accent, 4, -0.1, 380),
    sea(378, 640, p.ink),
    waterLines(rng, 200, 460, 400, 520, 7, p.accent, 6),
    path('M-20 300Q60 290 110 340Q150 380 200 400L230 640L-20 640Z', p.ink),
    path('M620 330Q540 330 500 380Q470 420 440 430L420 640L620 640Z', p.ink),
    palm(90, 420, 300, 120, p.ink, p.ink),
    streaks(
      [
        [400, 120, 140],
        [60, 170, 110],
      ],
      p.light,
    ),
  ].join('');

export const escapeEveryday: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    stripedSky([p.light, p.accent], 140, 360),
    bandedSun(300, 360, 100, p.mid, 4, -0.3, 360),
    sea(358, 640, p.deep),
    waterLines(rng, 60, 540, 380, 440, 4, p.light, 4),
    path('M-20 450Q300 420 620 460L620 640L-20 640Z', p.mid),
    palm(95, 470, 360, -30, p.ink, p.ink),
    palm(515, 470, 340, 30, p.ink, p.ink),
    hammock(95, 300, 515, 310, 70, p.ink, p.ink),
  ].join('');

export const dolphinSail: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    bandedSun(180, 230, 110, p.accent, 4, -0.1, 330),
    sea(320, 640, p.mid),
    waterLines(rng, 40, 560, 340, 400, 4, p.light, 4),
    place(sailboat(p.ink, p.light, p.deep), 430, 335, 1.6),
    swell(420, 160, 10, 640, p.deep),
    place(dolphin(p.ink, p.light), 200, 400, 1.05, -25),
    place(dolphin(p.ink, p.light), 330, 470, 0.8, -18),
    scallops(520, 70, 14, 640, p.ink),
  ].join('');

export const sandSea: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    bandedSun(420, 170, 80, p.mid, 4, 0, 250),
    sea(248, 640, p.deep),
    scallops(300, 60, 10, 640, p.mid),
    scallops(345, 75, 10, 640, p.light, -20, 620, 25),
    scallops(380, 90, 8, 640, p.mid, -20, 620, 50),
    dune(-80, 420, 150, 340, 640, p.accent, p.mid),
    dune(200, 720, 470, 380, 640, p.accent, p.mid),
    seaOats(130, 370, 170, p.ink, rng),
    seaOats(210, 400, 130, p.ink, rng),
    seaOats(470, 410, 150, p.ink, rng),
    path('M-20 560Q300 520 620 580L620 640L-20 640Z', p.ink),
  ].join('');

export const southernSands: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.accent, p.mid], 0, 360),
    bandedSun(300, 330, 110, p.deep, 4, -0.1, 360),
    sea(358, 640, p.deep),
    waterLines(rng, 80, 540, 370, 430, 4, p.light, 4),
    path('M-20 470Q300 430 620 500L620 640L-20 640Z', p.accent),
    place(pier(p.ink, p.ink, 360), 20, 420, 1),
    rect(440, 380, 22, 260, p.ink),
    place(pelican(p.ink, p.mid), 450, 382, 1.5),
    gull(120, 130, 18, p.ink),
    gull(170, 100, 12, p.ink),
  ].join('');

export const keyWest: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.accent, p.mid], 0, 400),
    bandedSun(300, 380, 120, p.accent, 4, -0.2, 400),
    sea(398, 640, p.deep),
    waterLines(rng, 80, 520, 410, 450, 3, p.light, 4),
    path('M-20 440Q300 420 620 460L620 640L-20 640Z', p.mid),
    place(lighthouse(p.light, p.mid, p.accent, p.ink), 210, 450, 1.5),
    palm(440, 500, 380, -60, p.ink, p.ink),
    place(rooster(p.ink, p.mid), 330, 560, 1.2),
  ].join('');

export const pacificCoastHighway: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.accent, p.mid], 0, 300),
    bandedSun(170, 280, 100, p.deep, 4, -0.1, 300),
    sea(298, 640, p.deep),
    waterLines(rng, 20, 300, 320, 440, 6, p.accent, 4),
    path('M620 140L540 160L460 230L400 290L340 370L280 470L220 640L620 640Z', p.ink),
    windingRoad(
      [
        [560, 160],
        [500, 200],
        [450, 250],
        [410, 300],
        [380, 360],
        [350, 430],
        [330, 520],
        [320, 640],
      ],
      8,
      150,
      p.light,
      p.mid,
    ),
    path('M620 330L520 380L480 470L460 640L620 640Z', p.deep),
    scallops(560, 50, 12, 640, p.light, -20, 260),
    scallops(600, 60, 10, 640, p.ink, -20, 240, 20),
  ].join('');

export const hawaiianIslands: Scene = ({ p, rng }) =>
  [
    stripedSky([p.light, p.accent], 0, 340),
    path(
      'M240 150Q200 80 260 60Q280 20 330 40Q380 20 380 70Q420 80 380 120Q360 150 310 160Z',
      p.light,
      { opacity: 1 },
    ),
    path('M120 340L250 170L350 170L480 340Z', p.ink),
    path('M250 170L280 200L300 180L320 205L350 170Z', p.mid),
    path('M-20 340Q40 310 90 330Q120 340 130 340ZM470 340Q520 300 560 320Q600 330 620 340Z', p.ink),
    sea(338, 640, p.deep),
    waterLines(rng, 40, 560, 360, 470, 6, p.light, 4),
    place(surfboard(p.accent, p.ink, 300), 470, 600, 1, 8),
    place(hibiscus(p.mid, p.ink, p.accent, 90), 150, 500, 1),
    scallops(560, 70, 12, 640, p.light),
  ].join('');

export const coralReefAquatics: Scene = ({ p }) =>
  [
    rect(-20, -20, 640, 640, p.deep),
    rect(-20, -20, 640, 120, p.light),
    swell(100, 120, 10, 160, p.deep),
    rays(300, -60, 120, 560, 7, p.light, 2.6, 60, 120),
    seaFan(460, 560, 120, p.accent),
    coral(140, 600, 320, p.mid, 4, -85),
    coral(330, 600, 220, p.light, 3, -95),
    place(reefFish(p.accent, p.ink), 260, 260, 1.5),
    place(mirror(reefFish(p.mid, p.ink)), 420, 330, 1.2),
    place(reefFish(p.light, p.ink), 170, 370, 0.9),
    bubbles(
      [
        [360, 200, 10],
        [380, 160, 7],
        [350, 130, 5],
        [110, 230, 8],
        [120, 190, 5],
      ],
      p.light,
    ),
    path('M-20 580Q300 540 620 590L620 640L-20 640Z', p.ink),
  ].join('');

export const blueWaveRunningClub: Scene = ({ p, rng }) =>
  [
    rect(-20, -20, 640, 640, p.light),
    bandedSun(450, 150, 80, p.accent, 4, 0),
    sea(300, 640, p.mid),
    place(greatWave(p.deep, p.light, p.light), 10, 40, 1.45),
    scallops(430, 70, 12, 640, p.deep, -20, 620, 10),
    rect(-20, 470, 640, 200, p.accent),
    waterLines(rng, 300, 580, 480, 560, 4, p.light, 5),
    place(runner(p.ink), 450, 474, 1.55),
  ].join('');

export { streaks };
