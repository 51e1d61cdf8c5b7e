/** Trees and plants: pines and spruces, palms, saguaro, sea oats. */
import type { Rng } from '../rng.ts';
import { n, path, poly, smooth, type Point } from '../svg.ts';

/** A pine: stacked jagged tiers on a short trunk. (x, base) is the foot, h the height. */
export function pinePath(x: number, base: number, h: number, slim = 0.36): string {
  const w = h * slim;
  const tiers = 5;
  const pts: Point[] = [[x, base - h]];
  const right: Point[] = [];
  for (let i = 1; i <= tiers; i++) {
    const t = i / tiers;
    const y = base - h + h * 0.88 * t;
    const half = (w / 2) * (0.35 + 0.65 * t);
    right.push([x + half, y], [x + half * 0.45, y - h * 0.02]);
  }
  right.pop();
  const left = right.map(([px, py]) => [2 * x - px, py] as Point).reverse();
  pts.push(
    ...right,
    [x + w * 0.06, base - h * 0.12],
    [x + w * 0.06, base],
    [x - w * 0.06, base],
    [x - w * 0.06, base - h * 0.12],
    ...left,
  );
  return poly(pts);
}

export function pine(x: number, base: number, h: number, fill: string, slim?: number): string {
  return path(pinePath(x, base, h, slim), fill);
}

/** A row of pines of varied heights along a line. */
export function pineRow(
  rng: Rng,
  x0: number,
  x1: number,
  base: number,
  hMin: number,
  hMax: number,
  fill: string,
  gap = 0.55,
): string {
  let d = '';
  for (let x = x0; x < x1;) {
    const h = rng.range(hMin, hMax);
    d += pinePath(x, base + rng.range(-4, 4), h, rng.range(0.3, 0.4));
    x += h * gap * rng.range(0.45, 0.8);
  }
  return path(d, fill);
}

/** A palm: curved tapering trunk and drooping fronds. Leans by `lean` (negative = left). */
export function palm(
  x: number,
  base: number,
  h: number,
  lean: number,
  trunk: string,
  fronds: string,
): string {
  const top: Point = [x + lean, base - h];
  const mid: Point = [x + lean * 0.2, base - h * 0.5];
  const tw = h * 0.045;
  const trunkD =
    `M${n(x - tw * 1.4)} ${n(base)}Q${n(mid[0] - tw)} ${n(mid[1])} ${n(top[0] - tw * 0.7)} ${n(top[1])}` +
    `L${n(top[0] + tw * 0.7)} ${n(top[1])}Q${n(mid[0] + tw)} ${n(mid[1])} ${n(x + tw * 1.4)} ${n(base)}Z`;
  // trunk rings
  let rings = '';
  for (let t = 0.12; t < 0.95; t += 0.09) {
    const px = x + (top[0] - x) * t * t * 0.6 + (mid[0] - x) * 2 * t * (1 - t);
    const py = base - h * t;
    const w = tw * (1.4 - 0.7 * t);
    rings += `M${n(px - w)} ${n(py)}L${n(px + w)} ${n(py - 3)}L${n(px + w)} ${n(py + 1)}L${n(px - w)} ${n(py + 4)}Z`;
  }
  const f = h * 0.42;
  const angles = [-160, -125, -90, -55, -20, 20, 160, 200];
  let frondD = '';
  for (const a of angles) {
    const r = (a * Math.PI) / 180;
    const droop = Math.abs(Math.cos(r)) * f * 0.45;
    const tip: Point = [top[0] + Math.cos(r) * f, top[1] + Math.sin(r) * f * 0.55 + droop];
    const ctrl: Point = [
      top[0] + Math.cos(r) * f * 0.55,
      top[1] + Math.sin(r) * f * 0.55 - f * 0.18,
    ];
    const nx = -Math.sin(r) * f * 0.13;
    const ny = Math.cos(r) * f * 0.13;
    frondD += `M${n(top[0])} ${n(top[1])}Q${n(ctrl[0] + nx)} ${n(ctrl[1] + ny - 6)} ${n(tip[0])} ${n(tip[1])}Q${n(ctrl[0] - nx * 0.2)} ${n(ctrl[1] + f * 0.12)} ${n(top[0])} ${n(top[1] + 6)}Z`;
  }
  return (
    path(trunkD, trunk) +
    path(rings, fronds) +
    path(frondD, fronds) +
    path(`M${n(top[0] - 10)} ${n(top[1] + 4)}a10 10 0 1 0 20 0a10 10 0 1 0 -20 0Z`, trunk)
  );
}

/** A saguaro cactus with two arms. */
export function saguaro(x: number, base: number, h: number, fill: string, ribs?: string): string {
  const w = h * 0.16;
  const r = w / 2;
  const arm = (side: 1 | -1, at: number, up: number, out: number): string => {
    const ay = base - h * at;
    const ax = x + side * (r + out);
    const aw = w * 0.78;
    const ar = aw / 2;
    // elbow going out then up
    const x0 = x + side * r * 0.6;
    const x1 = ax + side * ar;
    const x2 = ax - side * ar;
    const top = ay - h * up;
    return (
      `M${n(x0)} ${n(ay)}L${n(x1 - side * ar)} ${n(ay)}Q${n(x1)} ${n(ay)} ${n(x1)} ${n(ay - ar)}` +
      `L${n(x1)} ${n(top)}A${n(ar)} ${n(ar)} 0 0 ${side > 0 ? 0 : 1} ${n(x2)} ${n(top)}` +
      `L${n(x2)} ${n(ay - aw)}L${n(x0)} ${n(ay - aw)}Z`
    );
  };
  const body = `M${n(x - r)} ${n(base)}L${n(x - r)} ${n(base - h + r)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(base - h + r)}L${n(x + r)} ${n(base)}Z`;
  let out = path(body + arm(-1, 0.42, 0.3, w * 0.55) + arm(1, 0.58, 0.26, w * 0.5), fill);
  if (ribs) {
    out += path(`M${n(x - 2)} ${n(base - h + r * 1.4)}h4V${n(base)}h-4Z`, ribs);
  }
  return out;
}

/** Sea oats / dune grass: a tuft of curved blades with seed heads. */
export function seaOats(x: number, base: number, h: number, fill: string, rng: Rng): string {
  let d = '';
  for (let i = 0; i < 7; i++) {
    const lean = rng.range(-0.5, 0.5) * h;
    const hh = h * rng.range(0.6, 1);
    const tip: Point = [x + lean, base - hh];
    d += `M${n(x - 2)} ${n(base)}Q${n(x + lean * 0.2)} ${n(base - hh * 0.6)} ${n(tip[0])} ${n(tip[1])}Q${n(x + lean * 0.2 + 4)} ${n(base - hh * 0.6)} ${n(x + 3)} ${n(base)}Z`;
    if (i % 2 === 0) {
      for (let k = 0; k < 4; k++) {
        const sx = tip[0] - lean * 0.05 * k;
        const sy = tip[1] + k * 9;
        d += `M${n(sx)} ${n(sy)}a3.5 7 ${n(lean > 0 ? 30 : -30)} 1 0 0.1 0Z`;
      }
    }
  }
  return path(d, fill);
}

/** A round-headed broadleaf tree (for fields and parks). */
export function broadleaf(x: number, base: number, h: number, fill: string): string {
  const r = h * 0.32;
  const cy = base - h + r;
  return path(
    smooth(
      [
        [x - r, cy + r * 0.3],
        [x - r * 1.05, cy - r * 0.3],
        [x - r * 0.5, cy - r],
        [x + r * 0.3, cy - r * 1.02],
        [x + r * 1.02, cy - r * 0.2],
        [x + r * 0.8, cy + r * 0.6],
        [x, cy + r * 0.8],
      ],
      true,
    ) + `M${n(x - h * 0.04)} ${n(cy + r * 0.5)}h${n(h * 0.08)}V${n(base)}h${n(-h * 0.08)}Z`,
    fill,
  );
}
