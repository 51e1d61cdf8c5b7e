/** Buildings and structures: barn, windmill, lighthouse, tent, pier, footbridge, fence. */
import { n, path, poly, rect, type Point } from '../svg.ts';

/** A gambrel-roof barn, origin at the ground centre, ~200 wide. */
export function barn(wall: string, roof: string, trim: string): string {
  const body: Point[] = [
    [-80, 0],
    [-80, -90],
    [-60, -140],
    [0, -170],
    [60, -140],
    [80, -90],
    [80, 0],
  ];
  const roofD = poly([
    [-92, -86],
    [-66, -146],
    [0, -182],
    [66, -146],
    [92, -86],
    [80, -86],
    [58, -138],
    [0, -168],
    [-58, -138],
    [-80, -86],
  ]);
  const door = poly([
    [-34, 0],
    [-34, -70],
    [34, -70],
    [34, 0],
  ]);
  const x = (x0: number, y0: number, w: number, h: number) =>
    `M${x0} ${y0}l${w} ${h}l0 -6l${-w + 6} ${-h + 6}ZM${x0 + w} ${y0}l${-w} ${h}l0 -6l${w - 6} ${-h + 6}Z`;
  const trimD =
    `M-38 0v-74h76v74h-6v-68h-64v68Z` +
    x(-32, -70, 32, 70) +
    x(0, -70, 32, 70) +
    'M-20 -128h40v34h-40ZM-14 -122v22h28v-22Z';
  return (
    path(poly(body), wall) +
    path(roofD, roof) +
    path(door, wall) +
    path(trimD, trim) +
    path('M-14 -122h28v22h-28Z', roof)
  );
}

/** A farm windmill on a lattice tower, origin at the ground, ~200 tall. */
export function windmill(fill: string): string {
  let d = 'M-30 0L-6 -150h12L30 0h-8L2 -140h-4L-22 0Z';
  for (let y = -20; y > -140; y -= 30) {
    const w = 28 * (1 + y / 150);
    d += `M${n(-w)} ${y}h${n(2 * w)}v4h${n(-2 * w)}Z`;
  }
  const cx = 0;
  const cy = -160;
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    const a2 = a + 0.2;
    d += `M${n(cx + 10 * Math.cos(a))} ${n(cy + 10 * Math.sin(a))}L${n(cx + 46 * Math.cos(a))} ${n(cy + 46 * Math.sin(a))}L${n(cx + 46 * Math.cos(a2))} ${n(cy + 46 * Math.sin(a2))}L${n(cx + 10 * Math.cos(a2))} ${n(cy + 10 * Math.sin(a2))}Z`;
  }
  d +=
    `M${cx - 8} ${cy}a8 8 0 1 0 16 0a8 8 0 1 0 -16 0Z` +
    `M4 ${cy - 4}L50 ${cy - 10}L58 ${cy - 24}L62 ${cy + 2}L4 ${cy + 4}Z`;
  return path(d, fill);
}

/** A striped lighthouse with a lamp room, origin at the ground centre, ~220 tall. */
export function lighthouse(tower: string, stripe: string, lamp: string, dark: string): string {
  const tw = poly([
    [-30, 0],
    [-20, -170],
    [20, -170],
    [30, 0],
  ]);
  let stripes = '';
  for (let i = 0; i < 3; i++) {
    const y0 = -30 - i * 55;
    const y1 = y0 - 26;
    const w0 = 30 - (10 * -y0) / 170;
    const w1 = 30 - (10 * -y1) / 170;
    stripes += poly([
      [-w0, y0],
      [-w1, y1],
      [w1, y1],
      [w0, y0],
    ]);
  }
  return (
    path(tw, tower) +
    path(stripes, stripe) +
    rect(-28, -178, 56, 10, dark) +
    rect(-16, -206, 32, 28, lamp) +
    path('M-16 -206v28h4v-28ZM12 -206v28h4v-28ZM-2 -206v28h4v-28Z', dark) +
    path('M-22 -206L0 -226L22 -206Z', dark) +
    rect(-6, -40, 12, 40, dark)
  );
}

/** A ridge tent with an open flap, origin at the ground centre, ~160 wide. */
export function tent(body: string, shade: string, dark: string): string {
  return (
    path(
      poly([
        [-80, 0],
        [0, -110],
        [80, 0],
      ]),
      body,
    ) +
    path(
      poly([
        [0, -110],
        [80, 0],
        [30, 0],
      ]),
      shade,
    ) +
    path(
      poly([
        [0, -110],
        [-26, 0],
        [22, 0],
      ]),
      dark,
    ) +
    path('M-2 -116h4v8h-4Z', dark)
  );
}

/** A pier on pilings receding from the left, origin at the deck's near end. */
export function pier(deck: string, posts: string, length = 300): string {
  let p = '';
  for (let i = 0; i <= 8; i++) {
    const x = (length * i) / 8;
    const s = 1 - (0.55 * i) / 8;
    p += `M${n(x)} ${n(6 * s)}h${n(9 * s)}v${n(70 * s)}h${n(-9 * s)}Z`;
  }
  return (
    path(
      poly([
        [0, 0],
        [length, 12],
        [length, 18],
        [0, 14],
      ]),
      deck,
    ) + path(p, posts)
  );
}

/** A small arched footbridge, origin at the centre of the span on the bank line, ~240 wide. */
export function footbridge(fill: string): string {
  let rails = 'M-120 -10Q0 -90 120 -10L120 -2Q0 -78 -120 -2Z';
  rails += 'M-120 -40Q0 -122 120 -40L120 -34Q0 -114 -120 -34Z';
  for (let i = -5; i <= 5; i++) {
    const x = i * 22;
    const yDeck = -10 - 80 * (1 - (x / 120) ** 2) * 0.5;
    rails += `M${n(x - 2)} ${n(yDeck - 36)}h4v36h-4Z`;
  }
  return path(rails, fill);
}

/** Field rows: converging furrows from a horizon line to the foreground. */
export function fieldRows(
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  vanishX: number,
  count: number,
  fill: string,
): string {
  let d = '';
  for (let i = 0; i < count; i++) {
    const t0 = i / count;
    const t1 = (i + 0.45) / count;
    const bx0 = x0 + (x1 - x0) * t0 * 1.6 - (x1 - x0) * 0.3;
    const bx1 = x0 + (x1 - x0) * t1 * 1.6 - (x1 - x0) * 0.3;
    const tx0 = vanishX + (bx0 - vanishX) * 0.25;
    const tx1 = vanishX + (bx1 - vanishX) * 0.25;
    d += poly([
      [tx0, y0],
      [tx1, y0],
      [bx1, y1],
      [bx0, y1],
    ]);
  }
  return path(d, fill);
}

/** A split-rail fence along the ground. */
export function fence(x0: number, x1: number, y: number, h: number, fill: string): string {
  let d = `M${x0} ${y - h * 0.8}H${x1}v6H${x0}ZM${x0} ${y - h * 0.4}H${x1}v6H${x0}Z`;
  for (let x = x0; x <= x1; x += 46) d += `M${x} ${y - h}h7v${h}h-7Z`;
  return path(d, fill);
}
