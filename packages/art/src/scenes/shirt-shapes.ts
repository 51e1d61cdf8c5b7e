/**
 * Shirt outlines shared by the product shots. The product is a lightweight long-sleeve sun shirt:
 * a crew neck with a thin binding, raglan sleeves that run to the hem line and end in thin cuffs,
 * a gently tapered body with a curved single-needle hem, and soft folds that show how light the
 * knit is. Nothing here may read as a boxy sweatshirt (no ribbed waistband, no wide cuffs).
 */
import { mix } from '../palettes.ts';
import { el, group, n, path, type Point } from '../svg.ts';

/** One segment of the right half: a straight line, or a quadratic curve through control `c`. */
interface Seg {
  to: Point;
  c?: Point;
}

const NECK: Point = [58, 0];

/** The right half, from the neck edge down to the hem at the side seam (shirt units). */
const RIGHT: readonly Seg[] = [
  { to: [140, 24], c: [98, 6] }, // shoulder slope
  { to: [184, 78], c: [170, 36] }, // round into the raglan sleeve
  { to: [252, 404], c: [236, 220] }, // the sleeve's outer edge, long to the wrist
  { to: [262, 466] },
  { to: [266, 480] }, // the thin cuff
  { to: [224, 486] },
  { to: [220, 472] },
  { to: [178, 270], c: [198, 350] }, // the sleeve's inner edge
  { to: [146, 150], c: [160, 190] }, // underarm
  { to: [138, 330], c: [134, 240] }, // a gentle waist
  { to: [148, 496], c: [140, 420] }, // to the hem at the side seam
];

const mirror = ([x, y]: Point): Point => [-x, y];
const pt = ([x, y]: Point) => `${n(x)} ${n(y)}`;
const seg = (s: Seg) => (s.c ? `Q${pt(s.c)} ${pt(s.to)}` : `L${pt(s.to)}`);

/** Flat long-sleeve sun shirt, centred on x = 0, collar top at y = 0, about 532 wide, 512 tall. */
export function flatShirtPath(): string {
  let d = `M${pt(NECK)}` + RIGHT.map(seg).join('');
  // the curved hem, a touch lower at the centre
  const hemEnd = mirror(RIGHT[RIGHT.length - 1]!.to);
  d += `Q0 514 ${pt(hemEnd)}`;
  // the left half: the right half's segments mirrored and walked backwards
  for (let i = RIGHT.length - 1; i >= 0; i--) {
    const from = RIGHT[i]!;
    const to = i > 0 ? RIGHT[i - 1]!.to : NECK;
    d += seg({ to: mirror(to), c: from.c ? mirror(from.c) : undefined });
  }
  return d + 'Z';
}

/** A fine knit texture: a tile of thin courses, very faint so it reads as fabric, not stripes. */
export function knitPattern(id: string, ink: string): string {
  return el(
    'pattern',
    { id, width: 6, height: 6, patternUnits: 'userSpaceOnUse' },
    path('M0 1.5H6M0 4.5H6', 'none', { stroke: ink, 'stroke-width': 0.7, opacity: 0.5 }),
  );
}

/** The flat shirt, filled, with its knit, a thin neck binding, raglan seams, cuffs and soft folds. */
export function flatShirt(
  id: string,
  colour: string,
  view: 'front' | 'back',
): { defs: string; body: string } {
  const outline = flatShirtPath();
  const dark = mix(colour, '#000000', 0.16);
  const light = mix(colour, '#ffffff', 0.35);
  const neckDepth = view === 'front' ? 40 : 12;
  const shade = `shade-${id}`;
  const knit = `knit-${id}`;
  const fold = `fold-${id}`;
  const clip = `clip-${id}`;
  const defs =
    el(
      'linearGradient',
      { id: shade, x1: 0, y1: 0, x2: 1, y2: 1 },
      el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.16 }) +
        el('stop', { offset: 0.6, 'stop-color': '#000', 'stop-opacity': 0 }) +
        el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.08 }),
    ) +
    knitPattern(knit, dark) +
    el(
      'filter',
      { id: fold, x: -0.3, y: -0.3, width: 1.6, height: 1.6 },
      el('feGaussianBlur', { stdDeviation: 7 }),
    ) +
    el('clipPath', { id: clip }, path(outline, '#000'));
  const folds = group(
    [
      // soft diagonal drape from the shoulders, and a lift of light along each fold
      path('M-120 60Q-60 200 -104 470', 'none', {
        stroke: dark,
        'stroke-width': 14,
        opacity: 0.28,
      }),
      path('M112 80Q70 240 118 480', 'none', { stroke: dark, 'stroke-width': 12, opacity: 0.22 }),
      path('M-98 70Q-40 210 -82 470', 'none', { stroke: light, 'stroke-width': 10, opacity: 0.35 }),
      path('M20 380Q60 430 40 500', 'none', { stroke: dark, 'stroke-width': 10, opacity: 0.18 }),
      // the sleeves bunch a little at the elbow
      path('M196 250Q222 262 232 246M-196 250Q-222 262 -232 246', 'none', {
        stroke: dark,
        'stroke-width': 8,
        opacity: 0.3,
      }),
      path('M208 330Q232 342 242 326M-208 330Q-232 342 -242 326', 'none', {
        stroke: dark,
        'stroke-width': 7,
        opacity: 0.25,
      }),
    ],
    { filter: `url(#${fold})` },
  );
  const body = group([
    path(outline, colour),
    group([path(outline, `url(#${knit})`, { opacity: 0.5 }), folds], {
      'clip-path': `url(#${clip})`,
    }),
    path(outline, `url(#${shade})`),
    // the inside of the back of the neck
    view === 'front'
      ? path(`M-58 0Q0 ${neckDepth} 58 0Q0 -8 -58 0Z`, mix(colour, '#000000', 0.26))
      : '',
    // a thin neck binding, not a ribbed collar
    path(`M-58 0Q0 ${neckDepth} 58 0`, 'none', { stroke: dark, 'stroke-width': 5 }),
    // raglan seams from the neck to the underarm
    path('M44 8Q110 70 146 150M-44 8Q-110 70 -146 150', 'none', {
      stroke: dark,
      'stroke-width': 1.6,
      opacity: 0.6,
    }),
    // thin cuffs and a single-needle hem
    path('M220 472L262 466M-220 472L-262 466', 'none', { stroke: dark, 'stroke-width': 1.6 }),
    path('M-146 486Q0 504 146 486', 'none', {
      stroke: dark,
      'stroke-width': 1.4,
      opacity: 0.55,
      'stroke-dasharray': '5 3',
    }),
  ]);
  return { defs, body };
}
