/** Desert: dunes, canyon walls. (Mesas and strata live in peaks.ts; saguaro in trees.ts.) */
import { path, smooth, type Point } from '../svg.ts';

/** A sand dune: a soft ridge with a sharp crest line and a shaded lee side. */
export function dune(
  x0: number,
  x1: number,
  crestX: number,
  crestY: number,
  base: number,
  fill: string,
  shade?: string,
): string {
  const body = smooth([
    [x0, base],
    [x0 + (crestX - x0) * 0.5, crestY + (base - crestY) * 0.45],
    [crestX, crestY],
    [crestX + (x1 - crestX) * 0.5, crestY + (base - crestY) * 0.5],
    [x1, base],
  ]);
  let out = path(`${body}Z`, fill);
  if (shade) {
    const lee: Point[] = [
      [crestX, crestY],
      [crestX + (x1 - crestX) * 0.5, crestY + (base - crestY) * 0.5],
      [x1, base],
      [crestX + (x1 - crestX) * 0.15, base],
    ];
    out += path(smooth(lee, true, 0.6), shade);
  }
  return out;
}

/** A canyon wall: stepped cliff edge from (x, top) down to base, facing `dir`. */
export function canyonWall(
  x: number,
  top: number,
  base: number,
  dir: 1 | -1,
  depth: number,
  fill: string,
): string {
  const steps = 5;
  let d = `M${x - dir * 400} ${top}L${x} ${top}`;
  for (let i = 1; i <= steps; i++) {
    const y = top + ((base - top) * i) / steps;
    const xx = x + (dir * depth * i) / steps;
    d += `L${x + (dir * depth * (i - 0.4)) / steps} ${y - ((base - top) / steps) * 0.2}L${xx} ${y}`;
  }
  d += `L${x - dir * 400} ${base}Z`;
  return path(d, fill);
}
