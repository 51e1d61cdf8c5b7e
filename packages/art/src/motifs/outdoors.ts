/** Camp and trail: compass rose, campfire, hammock, winding road, trail blaze. */
import { n, path, poly, type Point } from '../svg.ts';

/** Compass rose: eight points, the cardinal four long, centred at (0,0) with radius r. */
export function compassRose(r: number, a: string, b: string, ring: string): string {
  let d1 = '';
  let d2 = '';
  for (let i = 0; i < 8; i++) {
    const ang = (i * Math.PI) / 4 - Math.PI / 2;
    const len = i % 2 ? r * 0.55 : r;
    const w = i % 2 ? r * 0.1 : r * 0.16;
    const tip: Point = [Math.cos(ang) * len, Math.sin(ang) * len];
    const left: Point = [Math.cos(ang - Math.PI / 2) * w, Math.sin(ang - Math.PI / 2) * w];
    const right: Point = [Math.cos(ang + Math.PI / 2) * w, Math.sin(ang + Math.PI / 2) * w];
    d1 += poly([[0, 0], left, tip]);
    d2 += poly([[0, 0], tip, right]);
  }
  const ringD = `M${n(-r * 0.72)} 0a${n(r * 0.72)} ${n(r * 0.72)} 0 1 0 ${n(r * 1.44)} 0a${n(r * 0.72)} ${n(r * 0.72)} 0 1 0 ${n(-r * 1.44)} 0ZM${n(-r * 0.64)} 0a${n(r * 0.64)} ${n(r * 0.64)} 0 1 1 ${n(r * 1.28)} 0a${n(r * 0.64)} ${n(r * 0.64)} 0 1 1 ${n(-r * 1.28)} 0Z`;
  return path(ringD, ring, { 'fill-rule': 'evenodd' }) + path(d1, a) + path(d2, b);
}

/** Campfire: crossed logs and a three-tongue flame; origin at the ground centre, ~80 tall. */
export function campfire(logs: string, flame: string, core: string): string {
  return (
    path('M-44 -4L40 -22L44 -12L-40 6ZM-40 -22L44 -4L40 6L-44 -12Z', logs) +
    path('M0 -16C-30 -30 -20 -60 -6 -88C-4 -64 12 -66 10 -92C30 -70 34 -36 0 -16Z', flame) +
    path('M0 -18C-12 -26 -10 -44 0 -56C4 -44 14 -40 0 -18Z', core)
  );
}

/** A hammock slung between two points. */
export function hammock(
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  sag: number,
  fill: string,
  rope: string,
): string {
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2 + sag;
  const a = 0.2;
  const ax = x0 + (x1 - x0) * a;
  const bx = x1 - (x1 - x0) * a;
  const ay = y0 + sag * 0.55;
  return (
    path(
      `M${n(x0)} ${n(y0)}L${n(ax)} ${n(ay)}L${n(ax)} ${n(ay + 4)}L${n(x0)} ${n(y0 + 3)}ZM${n(x1)} ${n(y1)}L${n(bx)} ${n(ay)}L${n(bx)} ${n(ay + 4)}L${n(x1)} ${n(y1 + 3)}Z`,
      rope,
    ) +
    path(
      `M${n(ax)} ${n(ay)}Q${n(mx)} ${n(my + sag * 0.5)} ${n(bx)} ${n(ay)}L${n(bx)} ${n(ay + 16)}Q${n(mx)} ${n(my + sag * 0.9)} ${n(ax)} ${n(ay + 16)}Z`,
      fill,
    )
  );
}

/** A road winding from the horizon to the foreground with a dashed centre line. */
export function windingRoad(
  centre: readonly Point[],
  w0: number,
  w1: number,
  road: string,
  line: string,
): string {
  const left: Point[] = [];
  const right: Point[] = [];
  let dashes = '';
  centre.forEach(([x, y], i) => {
    const t = i / (centre.length - 1);
    const w = w0 + (w1 - w0) * t * t;
    left.push([x - w / 2, y]);
    right.push([x + w / 2, y]);
    if (i % 2 === 0 && i < centre.length - 1) {
      const [nx, ny] = centre[i + 1]!;
      const th = 1.5 + 4 * t;
      dashes += poly([
        [x - th, y],
        [x + th, y],
        [nx + th, ny],
        [nx - th, ny],
      ]);
    }
  });
  const d = [...left, ...right.reverse()];
  return path(poly(d), road) + path(dashes, line);
}

/** A white trail blaze painted on a tree trunk. */
export function blazeTree(x: number, base: number, h: number, bark: string, blaze: string): string {
  const w = h * 0.12;
  return (
    path(
      poly([
        [x - w * 0.6, base - h],
        [x + w * 0.6, base - h],
        [x + w, base],
        [x - w, base],
      ]),
      bark,
    ) +
    path(
      `M${n(x - w * 0.35)} ${n(base - h * 0.6)}h${n(w * 0.7)}v${n(h * 0.14)}h${n(-w * 0.7)}Z`,
      blaze,
    )
  );
}
