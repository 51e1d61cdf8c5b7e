/** Flowers and reef plants: hibiscus, lotus, branching coral, sea fan. */
import { n, path, poly, type Point } from '../svg.ts';

/** Hibiscus: five broad petals, a dark heart and a long stamen. Centre (0,0), radius ~60. */
export function hibiscus(petal: string, heart: string, stamen: string, r = 60): string {
  let d = '';
  for (let i = 0; i < 5; i++) {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    const a1 = a - 0.55;
    const a2 = a + 0.55;
    const tip = (ang: number, rr: number) => `${n(Math.cos(ang) * rr)} ${n(Math.sin(ang) * rr)}`;
    d += `M0 0C${tip(a1 - 0.2, r * 0.9)} ${tip(a1, r * 1.1)} ${tip(a, r)}C${tip(a2, r * 1.1)} ${tip(a2 + 0.2, r * 0.9)} 0 0Z`;
  }
  return (
    path(d, petal) +
    path(
      `M${n(-r * 0.22)} 0a${n(r * 0.22)} ${n(r * 0.22)} 0 1 0 ${n(r * 0.44)} 0a${n(r * 0.22)} ${n(r * 0.22)} 0 1 0 ${n(-r * 0.44)} 0Z`,
      heart,
    ) +
    path(`M-2 0L${n(r * 0.55)} ${n(-r * 0.7)}l4 3L2 2Z`, stamen) +
    path(`M${n(r * 0.5)} ${n(-r * 0.78)}a6 6 0 1 0 12 0a6 6 0 1 0 -12 0Z`, stamen)
  );
}

/** Lotus flower from the side: layered pointed petals, origin at the base. ~140 wide. */
export function lotus(outer: string, inner: string): string {
  const petal = (ang: number, len: number, w: number) => {
    const a = ((ang - 90) * Math.PI) / 180;
    const tx = Math.cos(a) * len;
    const ty = Math.sin(a) * len;
    const nx = -Math.sin(a) * w;
    const ny = Math.cos(a) * w;
    return `M0 0Q${n(tx * 0.5 + nx)} ${n(ty * 0.5 + ny)} ${n(tx)} ${n(ty)}Q${n(tx * 0.5 - nx)} ${n(ty * 0.5 - ny)} 0 0Z`;
  };
  return (
    path(petal(-70, 80, 22) + petal(70, 80, 22) + petal(-40, 96, 26) + petal(40, 96, 26), outer) +
    path(petal(-16, 100, 26) + petal(16, 100, 26) + petal(0, 112, 24), inner)
  );
}

/** Branching coral from a base point, recursive forks. */
export function coral(
  x: number,
  y: number,
  h: number,
  fill: string,
  depth = 3,
  angle = -90,
): string {
  let d = '';
  const grow = (px: number, py: number, len: number, ang: number, w: number, k: number) => {
    const a = (ang * Math.PI) / 180;
    const ex = px + Math.cos(a) * len;
    const ey = py + Math.sin(a) * len;
    const nx = -Math.sin(a) * w;
    const ny = Math.cos(a) * w;
    d += poly([
      [px + nx, py + ny],
      [ex + nx * 0.7, ey + ny * 0.7],
      [ex - nx * 0.7, ey - ny * 0.7],
      [px - nx, py - ny],
    ]);
    d += `M${n(ex - w * 0.7)} ${n(ey)}a${n(w * 0.7)} ${n(w * 0.7)} 0 1 0 ${n(w * 1.4)} 0a${n(w * 0.7)} ${n(w * 0.7)} 0 1 0 ${n(-w * 1.4)} 0Z`;
    if (k > 0) {
      grow(ex, ey, len * 0.72, ang - 28, w * 0.72, k - 1);
      grow(ex, ey, len * 0.72, ang + 26, w * 0.72, k - 1);
    }
  };
  grow(x, y, h * 0.4, angle, h * 0.07, depth);
  return path(d, fill);
}

/** A fan coral: a half-disc of radiating ribs. */
export function seaFan(x: number, y: number, r: number, fill: string): string {
  let d = '';
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI + (i * Math.PI) / 8;
    const pts: Point[] = [
      [x - 3, y],
      [x + Math.cos(a) * r - 3, y + Math.sin(a) * r],
      [x + Math.cos(a) * r + 3, y + Math.sin(a) * r],
      [x + 3, y],
    ];
    d += poly(pts);
  }
  d += `M${n(x - r)} ${n(y)}A${n(r)} ${n(r)} 0 0 1 ${n(x + r)} ${n(y)}L${n(x + r - 8)} ${n(y)}A${n(r - 8)} ${n(r - 8)} 0 0 0 ${n(x - r + 8)} ${n(y)}Z`;
  return path(d, fill);
}
