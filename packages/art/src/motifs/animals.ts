/**
 * Animal silhouettes, each drawn facing right in a ~100-unit box with the origin at the feet
 * (or the centre for fish and birds). Place them with svg.place(); mirror with a negative scale.
 */
import { n, path, poly, smooth, type Point } from '../svg.ts';

const sym = (pts: readonly Point[]): Point[] => pts.map(([x, y]) => [x, y]);

/** Moose, facing right: long legs, shoulder hump, drooping muzzle, palmate antlers. */
export function moose(fill: string): string {
  const body: Point[] = [
    [-52, -62],
    [-40, -70],
    [-10, -72],
    [14, -84],
    [30, -80],
    [44, -74],
    [56, -72],
    [70, -60],
    [76, -50],
    [72, -46],
    [62, -50],
    [52, -54],
    [50, -42],
    [44, -52],
    [36, -50],
    [32, -34],
    [34, 0],
    [27, 0],
    [24, -30],
    [18, -32],
    [18, 0],
    [11, 0],
    [10, -36],
    [-28, -38],
    [-32, -22],
    [-28, 0],
    [-35, 0],
    [-40, -24],
    [-44, -26],
    [-42, 0],
    [-49, 0],
    [-52, -30],
    [-56, -44],
  ];
  const antler = (s: number): Point[] =>
    sym([
      [44, -72],
      [38, -80],
      [30 + s, -88],
      [24 + s, -100],
      [30 + s, -96],
      [33 + s, -104],
      [38 + s, -95],
      [42 + s, -104],
      [45 + s, -93],
      [52 + s, -100],
      [52 + s, -88],
      [48, -80],
      [50, -74],
    ]);
  const tail: Point[] = [
    [-52, -62],
    [-58, -58],
    [-54, -56],
  ];
  return path(
    poly(body) +
      poly(antler(0)) +
      poly(antler(-22).map(([x, y]) => [x + 4, y + 6] as Point)) +
      poly(tail),
    fill,
  );
}

/** Trout, facing right, centred at 0,0, 200 long. Spots and a side stripe in other inks. */
export function trout(body: string, stripe: string, spots: string, eye: string): string {
  const outline = smooth(
    [
      [100, 2],
      [86, -16],
      [55, -30],
      [10, -36],
      [-40, -28],
      [-78, -10],
      [-92, -8],
      [-112, -30],
      [-104, 0],
      [-112, 30],
      [-92, 8],
      [-78, 10],
      [-40, 28],
      [20, 34],
      [70, 26],
      [94, 14],
    ],
    true,
    0.85,
  );
  const dorsal = poly([
    [-5, -34],
    [10, -56],
    [28, -34],
  ]);
  const adipose = poly([
    [-58, -20],
    [-50, -30],
    [-44, -22],
  ]);
  const pelvic = poly([
    [-10, 30],
    [-2, 46],
    [12, 32],
  ]);
  const anal = poly([
    [-48, 22],
    [-44, 36],
    [-34, 24],
  ]);
  const pectoral = poly([
    [52, 20],
    [40, 36],
    [62, 24],
  ]);
  const band = smooth(
    [
      [80, -2],
      [40, -12],
      [-20, -12],
      [-70, -4],
      [-20, 6],
      [40, 6],
    ],
    true,
  );
  let sp = '';
  const spotsAt: Point[] = [
    [40, -22],
    [20, -26],
    [0, -22],
    [-20, -20],
    [-38, -16],
    [-54, -10],
    [10, -16],
    [30, -14],
    [-10, 16],
    [-30, 14],
    [60, -16],
    [-64, -2],
    [-80, -6],
    [-88, 0],
  ];
  for (const [x, y] of spotsAt) sp += `M${x - 3} ${y}a3 3 0 1 0 6 0a3 3 0 1 0 -6 0Z`;
  return (
    path(outline + dorsal + adipose + pelvic + anal + pectoral, body) +
    path(band, stripe) +
    path(sp, spots) +
    path('M78 -6a5 5 0 1 0 10 0a5 5 0 1 0 -10 0Z', eye) +
    path('M68 -22Q62 0 70 18L66 18Q56 0 64 -22Z', spots)
  );
}

/** Dolphin, leaping to the right, centred, ~200 long. */
export function dolphin(fill: string, belly?: string): string {
  const d = smooth(
    [
      [100, 14],
      [84, 4],
      [70, -10],
      [40, -24],
      [0, -26],
      [-40, -16],
      [-70, 0],
      [-88, 8],
      [-110, -4],
      [-98, 16],
      [-112, 34],
      [-86, 22],
      [-60, 20],
      [-20, 18],
      [30, 16],
      [70, 14],
    ],
    true,
    0.9,
  );
  const fin = 'M2 -24Q-6 -52 -26 -60Q-18 -40 -22 -18Z';
  const flipper = 'M34 14Q30 34 14 44Q20 26 20 14Z';
  let out = path(d + fin + flipper, fill);
  if (belly)
    out += path(
      smooth(
        [
          [74, 12],
          [40, 8],
          [0, 12],
          [-40, 14],
          [0, 18],
          [40, 16],
        ],
        true,
      ),
      belly,
    );
  return out;
}

/** Common loon floating, facing right; origin at the waterline centre, ~160 long. */
export function loon(body: string, white: string): string {
  const hull = smooth(
    [
      [-80, 0],
      [-70, -26],
      [-30, -34],
      [20, -30],
      [44, -26],
      [50, 0],
    ],
    true,
    0.8,
  );
  const neck = 'M30 -28Q36 -60 54 -70Q72 -76 80 -66L112 -60L80 -56Q72 -54 66 -46Q56 -34 56 -6Z';
  let dots = '';
  for (let x = -58; x < 30; x += 12)
    for (let y = -24; y < -6; y += 9) dots += `M${x + ((y / 9) % 2) * 6} ${y}h6v4h-6Z`;
  return (
    path(hull + neck, body) +
    path(dots, white) +
    path('M36 -40h14l2 5h-18Z', white) +
    path('M70 -66a3 3 0 1 0 6 0a3 3 0 1 0 -6 0Z', white)
  );
}

/** Brown pelican perched, facing right, origin at the feet, ~120 tall. */
export function pelican(fill: string, bill: string): string {
  const body = smooth(
    [
      [-40, -30],
      [-30, -58],
      [0, -66],
      [22, -60],
      [30, -44],
      [20, -26],
      [-10, -20],
      [-44, -14],
    ],
    true,
  );
  const neck = 'M16 -60Q10 -90 26 -108Q40 -118 48 -104Q40 -98 36 -88Q34 -72 30 -52Z';
  const tail = 'M-40 -26L-64 -14L-42 -16Z';
  const legs = 'M-6 -22h5v22h-5ZM8 -22h5v22h-5Z';
  const beak = 'M42 -108L104 -94L46 -96Q58 -84 66 -92L100 -93Q70 -76 44 -86Z';
  return (
    path(body + neck + tail + legs, fill) +
    path(beak, bill) +
    path('M34 -104a3 3 0 1 0 6 0a3 3 0 1 0 -6 0Z', bill)
  );
}

/** Giraffe, facing right, origin at the feet, ~150 tall. Spots in a second ink. */
export function giraffe(fill: string, spots: string): string {
  const b: Point[] = [
    [-34, -66],
    [-20, -74],
    [10, -76],
    [22, -86],
    [34, -124],
    [40, -142],
    [46, -146],
    [60, -140],
    [66, -134],
    [64, -130],
    [50, -130],
    [44, -120],
    [34, -84],
    [28, -64],
    [24, -56],
    [26, 0],
    [20, 0],
    [16, -48],
    [10, -50],
    [10, 0],
    [4, 0],
    [2, -52],
    [-22, -52],
    [-26, 0],
    [-32, 0],
    [-32, -50],
    [-36, 0],
    [-42, 0],
    [-40, -56],
  ];
  const horns = 'M44 -146l-2 -10h4l2 10ZM50 -146l0 -10h4l0 10Z';
  const tail = 'M-36 -64L-48 -40L-45 -39L-34 -60Z';
  let s = '';
  const pts: Point[] = [
    [-22, -66],
    [-6, -68],
    [10, -66],
    [-14, -58],
    [4, -58],
    [24, -78],
    [28, -94],
    [32, -108],
    [36, -122],
    [-30, -58],
  ];
  for (const [x, y] of pts) s += `M${x - 5} ${y}l5 -4l5 3l-1 6l-6 2Z`;
  return path(poly(b) + horns + tail, fill) + path(s, spots);
}

/** Dromedary camel, facing right, origin at the feet, ~110 tall. */
export function camel(fill: string): string {
  const b: Point[] = [
    [-50, -56],
    [-40, -66],
    [-24, -68],
    [-10, -92],
    [8, -90],
    [24, -68],
    [34, -66],
    [44, -76],
    [50, -96],
    [58, -104],
    [70, -102],
    [76, -96],
    [74, -92],
    [64, -92],
    [60, -84],
    [56, -64],
    [44, -50],
    [34, -46],
    [36, 0],
    [30, 0],
    [26, -42],
    [20, -42],
    [20, 0],
    [14, 0],
    [12, -44],
    [-26, -44],
    [-28, 0],
    [-34, 0],
    [-36, -40],
    [-40, -40],
    [-42, 0],
    [-48, 0],
    [-50, -46],
  ];
  return path(poly(b) + 'M-50 -56L-56 -34L-53 -34L-48 -50Z', fill);
}

/** Show-jumping horse and rider mid-leap, facing right, centred, ~170 long. */
export function jumpingHorse(fill: string): string {
  const horse: Point[] = [
    [-52, -26],
    [-40, -36],
    [-10, -34],
    [20, -40],
    [40, -62],
    [56, -80],
    [58, -90],
    [64, -82],
    [72, -76],
    [88, -58],
    [84, -51],
    [68, -55],
    [54, -42],
    [46, -24],
    [62, -22],
    [72, -34],
    [80, -30],
    [74, -20],
    [84, -16],
    [80, -11],
    [62, -10],
    [46, -8],
    [20, -6],
    [-10, -6],
    [-30, -8],
    [-48, 6],
    [-76, 26],
    [-82, 22],
    [-58, -2],
    [-64, 8],
    [-88, 16],
    [-90, 11],
    [-62, -6],
    [-58, -14],
  ];
  const tail = 'M-50 -26Q-76 -30 -92 -8Q-74 -18 -54 -18Z';
  const mane = 'M42 -62L30 -50L44 -50ZM50 -72L38 -60L50 -60Z';
  const rider =
    'M2 -36L10 -70Q14 -76 22 -74L30 -68L46 -52L42 -48L26 -60L20 -40Z' +
    'M4 -40L30 -30L26 -12L20 -12L22 -26L0 -30Z' +
    'M14 -88a9 9 0 1 0 18 0a9 9 0 1 0 -18 0ZM12 -90h22l-2 -6a10 9 0 0 0 -18 0Z';
  return path(poly(horse) + tail + mane + rider, fill);
}

/** Condor soaring, wings spread, centred, ~220 span. */
export function condor(fill: string, collar?: string): string {
  const w: Point[] = [
    [0, -12],
    [20, -10],
    [60, -18],
    [96, -16],
    [110, -10],
    [104, -6],
    [112, 0],
    [100, 0],
    [106, 8],
    [92, 4],
    [94, 12],
    [78, 4],
    [40, 6],
    [16, 8],
    [10, 24],
    [-10, 24],
    [-16, 8],
    [-40, 6],
    [-78, 4],
    [-94, 12],
    [-92, 4],
    [-106, 8],
    [-100, 0],
    [-112, 0],
    [-104, -6],
    [-110, -10],
    [-96, -16],
    [-60, -18],
    [-20, -10],
  ];
  let out = path(poly(w) + 'M-6 -12a7 7 0 1 0 14 0a7 7 0 1 0 -14 0Z', fill);
  if (collar) out += path('M-6 -6h12v4h-12Z', collar);
  return out;
}

/** Rooster, facing right, origin at the feet, ~110 tall. */
export function rooster(body: string, comb: string): string {
  const b: Point[] = [
    [-30, -40],
    [-20, -52],
    [0, -54],
    [14, -62],
    [18, -82],
    [26, -90],
    [34, -88],
    [38, -80],
    [46, -76],
    [38, -72],
    [36, -62],
    [32, -46],
    [24, -30],
    [6, -22],
    [2, 0],
    [-2, 0],
    [0, -20],
    [-10, -20],
    [-10, 0],
    [-14, 0],
    [-14, -22],
    [-28, -28],
  ];
  const tail =
    'M-28 -40Q-60 -96 -30 -104Q-52 -80 -22 -52Z' +
    'M-26 -38Q-74 -78 -58 -98Q-62 -70 -20 -46Z' +
    'M-26 -34Q-80 -50 -82 -74Q-66 -54 -22 -40Z';
  const c = 'M20 -88l2 -8l4 5l3 -8l4 7l4 -5l1 9ZM40 -74l6 8l-7 2Z';
  return path(poly(b) + tail, body) + path(c, comb);
}

/** A small reef fish (angelfish-like), centred, ~60 long, facing right. */
export function reefFish(fill: string, stripe: string): string {
  const b = smooth(
    [
      [30, 0],
      [14, -18],
      [-10, -20],
      [-22, -6],
      [-36, -18],
      [-32, 0],
      [-36, 18],
      [-22, 6],
      [-10, 20],
      [14, 18],
    ],
    true,
    0.8,
  );
  return (
    path(b + 'M-2 -18L-10 -36L8 -18ZM-2 18L-10 34L8 18Z', fill) +
    path('M2 -16h6v32h-6ZM-14 -12h5v24h-5Z', stripe) +
    path('M18 -4a3 3 0 1 0 6 0a3 3 0 1 0 -6 0Z', stripe)
  );
}

/** Two gulls gliding (simple). */
export function gull(x: number, y: number, s: number, fill: string): string {
  return path(
    `M${n(x - s)} ${n(y)}Q${n(x - s / 2)} ${n(y - s * 0.6)} ${n(x)} ${n(y)}Q${n(x + s / 2)} ${n(y - s * 0.6)} ${n(x + s)} ${n(y)}Q${n(x + s / 2)} ${n(y - s * 0.35)} ${n(x)} ${n(y + s * 0.18)}Q${n(x - s / 2)} ${n(y - s * 0.35)} ${n(x - s)} ${n(y)}Z`,
    fill,
  );
}
