/** Mountains, ridges and hills: bold silhouettes with a shaded face and snow caps. */
import type { Rng } from '../rng.ts';
import { path, poly, smooth, type Point } from '../svg.ts';

export interface Mountain {
  /** Apex. */
  x: number;
  y: number;
  /** Half-widths of the foot to the left and right of the apex. */
  left: number;
  right: number;
  base: number;
}

export interface MountainInks {
  body: string;
  shade?: string;
  snow?: string;
  /** Snow depth as a fraction of height (default 0.28). */
  snowDepth?: number;
}

/** One peak: body, a shaded right face split by a jagged ridge line, and a dripping snow cap. */
export function mountain(rng: Rng, m: Mountain, inks: MountainInks): string {
  const { x, y, left, right, base } = m;
  const out = [
    path(
      poly([
        [x, y],
        [x + right, base],
        [x - left, base],
      ]),
      inks.body,
    ),
  ];
  const h = base - y;
  if (inks.shade) {
    const pts: Point[] = [[x, y]];
    let cx = x;
    for (let t = 0.12; t < 1; t += 0.14) {
      cx = x + rng.range(-0.06, 0.22) * right * t + left * 0.05;
      pts.push([cx, y + h * t]);
    }
    pts.push([x + right * 0.25, base], [x + right, base]);
    out.push(path(poly(pts), inks.shade));
  }
  if (inks.snow) {
    const depth = inks.snowDepth ?? 0.28;
    const ly = y + h * depth;
    const lx = x - left * depth;
    const rx = x + right * depth;
    const pts: Point[] = [
      [x, y],
      [rx, ly],
    ];
    const teeth = 4;
    for (let i = 1; i < teeth * 2; i++) {
      const t = i / (teeth * 2);
      const px = rx + (lx - rx) * t;
      const drop = i % 2 ? h * rng.range(0.05, 0.12) : -h * rng.range(0, 0.03);
      pts.push([px, ly + drop]);
    }
    pts.push([lx, ly]);
    out.push(path(poly(pts), inks.snow));
  }
  return out.join('');
}

/** A jagged ridge line filled down to `base`, through the given key points. */
export function ridge(
  rng: Rng,
  keys: readonly Point[],
  base: number,
  fill: string,
  jag = 10,
): string {
  const pts: Point[] = [];
  for (let i = 0; i < keys.length - 1; i++) {
    const [x0, y0] = keys[i]!;
    const [x1, y1] = keys[i + 1]!;
    const steps = Math.max(2, Math.round(Math.abs(x1 - x0) / 22));
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      const j = s === 0 ? 0 : rng.range(-jag, jag);
      pts.push([x0 + (x1 - x0) * t, y0 + (y1 - y0) * t + j]);
    }
  }
  pts.push(keys[keys.length - 1]!);
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  return path(poly([...pts, [last[0], base], [first[0], base]]), fill);
}

/** Smooth rolling hills through key points, filled down to `base`. */
export function hills(keys: readonly Point[], base: number, fill: string): string {
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  return path(`${smooth(keys)}L${last[0]} ${base}L${first[0]} ${base}Z`, fill);
}

/** A flat-topped mesa / butte with a shaded side. */
export function mesa(
  x: number,
  top: number,
  width: number,
  base: number,
  fill: string,
  shade?: string,
): string {
  const lip = width * 0.06;
  const body = poly([
    [x - width / 2 - lip * 0.5, top],
    [x + width / 2, top],
    [x + width / 2 + lip, top + (base - top) * 0.35],
    [x + width / 2 + lip * 2.5, base],
    [x - width / 2 - lip * 3, base],
    [x - width / 2 - lip * 1.4, top + (base - top) * 0.4],
  ]);
  const out = [path(body, fill)];
  if (shade) {
    out.push(
      path(
        poly([
          [x + width * 0.18, top],
          [x + width / 2, top],
          [x + width / 2 + lip, top + (base - top) * 0.35],
          [x + width / 2 + lip * 2.5, base],
          [x + width * 0.3, base],
          [x + width * 0.22, top + (base - top) * 0.5],
        ]),
        shade,
      ),
    );
  }
  return out.join('');
}

/** Horizontal strata bands across a shape's y-range (drawn as thin polygons, canyon style). */
export function strata(
  rng: Rng,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  count: number,
  fill: string,
): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const y = y0 + ((y1 - y0) * (i + 0.5)) / count;
    const th = rng.range(3, 7);
    const pts: Point[] = [];
    for (let x = x0; x <= x1; x += 30) pts.push([x, y + rng.range(-3, 3)]);
    const back = pts.map(([x, yy]) => [x, yy + th] as Point).reverse();
    d += poly([...pts, ...back]);
  }
  return path(d, fill);
}
