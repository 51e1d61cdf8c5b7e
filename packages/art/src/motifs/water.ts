/** Water: reflection dashes, scalloped waves, a curling great wave, rivers and bubbles. */
import type { Rng } from '../rng.ts';
import { n, path, poly, smooth, type Point } from '../svg.ts';

/** Short horizontal dashes: the screen-print way to say "calm water". */
export function waterLines(
  rng: Rng,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  fill: string,
  thick = 5,
): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const y = y0 + ((y1 - y0) * (i + 0.5)) / count;
    const w = rng.range(30, 110) * (0.6 + (0.6 * (y - y0)) / Math.max(1, y1 - y0));
    const x = rng.range(x0, x1 - w);
    const t = thick * (0.7 + (0.6 * (y - y0)) / Math.max(1, y1 - y0));
    d += `M${n(x + t / 2)} ${n(y)}h${n(w - t)}a${n(t / 2)} ${n(t / 2)} 0 0 1 0 ${n(t)}h${n(t - w)}a${n(t / 2)} ${n(t / 2)} 0 0 1 0 ${n(-t)}Z`;
  }
  return path(d, fill);
}

/** A band of sea with a scalloped top edge, filled down to `base`. */
export function scallops(
  y: number,
  wave: number,
  amp: number,
  base: number,
  fill: string,
  x0 = -20,
  x1 = 620,
  phase = 0,
): string {
  let d = `M${n(x0)} ${n(base)}L${n(x0)} ${n(y)}`;
  for (let x = x0 - phase; x < x1; x += wave) {
    d += `Q${n(x + wave / 2)} ${n(y - amp * 2)} ${n(x + wave)} ${n(y)}`;
  }
  d += `L${n(x1)} ${n(base)}Z`;
  return path(d, fill);
}

/** A sine-wave band between y and base. */
export function swell(
  y: number,
  wave: number,
  amp: number,
  base: number,
  fill: string,
  phase = 0,
  x0 = -20,
  x1 = 620,
): string {
  const pts: Point[] = [];
  for (let x = x0; x <= x1; x += wave / 8)
    pts.push([x, y + Math.sin((x + phase) / (wave / (2 * Math.PI))) * amp]);
  return path(`${smooth(pts)}L${n(x1)} ${n(base)}L${n(x0)} ${n(base)}Z`, fill);
}

/**
 * A great curling wave breaking to the left, in a 300 x 300 box (base along y = 300).
 * Body, banded lines following the curl, and claw-like foam along the lip.
 */
export function greatWave(body: string, line: string, foam: string): string {
  const outer =
    'M300 300L300 240C292 130 220 40 130 30C60 24 14 70 20 120C24 160 70 182 100 162' +
    'C124 146 122 112 98 104C126 94 156 116 162 156C172 206 150 262 112 300Z';
  const bands = [
    ['M272 300C266 170 206 66 130 56C78 50 44 84 46 118C48 140 66 150 84 144', 12],
    ['M244 300C240 190 196 96 134 84C98 78 74 96 72 116', 9],
    ['M212 300C210 220 184 140 150 118', 7],
  ] as const;
  let claws = '';
  const lip: Point[] = [
    [34, 62],
    [66, 38],
    [104, 26],
    [146, 30],
    [188, 46],
    [228, 78],
  ];
  for (const [x, y] of lip) {
    claws += `M${n(x - 18)} ${n(y + 8)}Q${n(x - 8)} ${n(y - 30)} ${n(x + 20)} ${n(y - 14)}Q${n(x + 2)} ${n(y - 8)} ${n(x + 6)} ${n(y + 10)}Z`;
  }
  return (
    path(outer, body) +
    bands
      .map(([d, w]) =>
        path(d, 'none', { stroke: line, 'stroke-width': w, 'stroke-linecap': 'round' }),
      )
      .join('') +
    path(claws, foam)
  );
}

/** A river winding from the horizon (narrow) to the foreground (wide). */
export function river(
  centre: readonly Point[],
  width0: number,
  width1: number,
  fill: string,
): string {
  const left: Point[] = [];
  const right: Point[] = [];
  centre.forEach(([x, y], i) => {
    const t = i / (centre.length - 1);
    const w = width0 + (width1 - width0) * t * t;
    left.push([x - w / 2, y]);
    right.push([x + w / 2, y]);
  });
  return path(smooth(left) + 'L' + smooth(right.reverse()).slice(1) + 'Z', fill);
}

/** Rising bubbles: rings. */
export function bubbles(points: readonly [number, number, number][], fill: string): string {
  let d = '';
  for (const [x, y, r] of points) {
    const ri = r * 0.6;
    d += `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;
    d += `M${n(x - ri)} ${n(y)}a${n(ri)} ${n(ri)} 0 1 1 ${n(2 * ri)} 0a${n(ri)} ${n(ri)} 0 1 1 ${n(-2 * ri)} 0Z`;
  }
  return path(d, fill, { 'fill-rule': 'evenodd' });
}

/** A flat sea band with a straight horizon. */
export function sea(y: number, base: number, fill: string): string {
  return path(
    poly([
      [-20, y],
      [620, y],
      [620, base],
      [-20, base],
    ]),
    fill,
  );
}
