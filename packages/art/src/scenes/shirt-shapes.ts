/** Shirt outlines shared by the product shots: the folded square and the flat long-sleeve lay. */
import { mix } from '../palettes.ts';
import { el, group, path, poly, smooth, type Point } from '../svg.ts';

/** Flat long-sleeve sun shirt, centred on x = 0, collar top at y = 0, about 530 wide and 510 tall. */
export function flatShirtPath(): string {
  const right: Point[] = [
    [64, 0],
    [150, 22],
    [208, 118],
    [266, 316],
    [214, 336],
    [160, 172],
    [154, 505],
  ];
  const left = right.map(([x, y]) => [-x, y] as Point).reverse();
  return poly([...right, ...left]);
}

/** The flat shirt, filled, with a ribbed collar, soft fabric shading and sleeve creases. */
export function flatShirt(
  id: string,
  colour: string,
  view: 'front' | 'back',
): { defs: string; body: string } {
  const outline = flatShirtPath();
  const dark = mix(colour, '#000000', 0.14);
  const neckDepth = view === 'front' ? 46 : 16;
  const shade = `shade-${id}`;
  const defs = el(
    'linearGradient',
    { id: shade, x1: 0, y1: 0, x2: 1, y2: 1 },
    el('stop', { offset: 0, 'stop-color': '#fff', 'stop-opacity': 0.14 }) +
      el('stop', { offset: 0.6, 'stop-color': '#000', 'stop-opacity': 0 }) +
      el('stop', { offset: 1, 'stop-color': '#000', 'stop-opacity': 0.1 }),
  );
  const body = group([
    path(outline, colour),
    path(outline, `url(#${shade})`),
    // the inside of the back of the neck
    view === 'front'
      ? path(`M-64 0Q0 ${neckDepth} 64 0Q0 -10 -64 0Z`, mix(colour, '#000000', 0.28))
      : '',
    path(`M-64 0Q0 ${neckDepth} 64 0`, 'none', { stroke: dark, 'stroke-width': 10 }),
    // sleeve seams and creases
    path('M150 22Q156 100 160 172M-150 22Q-156 100 -160 172', 'none', {
      stroke: dark,
      'stroke-width': 2,
      opacity: 0.6,
    }),
    path(
      smooth([
        [186, 200],
        [200, 250],
        [216, 300],
      ]) +
        smooth([
          [-186, 200],
          [-200, 250],
          [-216, 300],
        ]),
      'none',
      {
        stroke: dark,
        'stroke-width': 2,
        opacity: 0.35,
      },
    ),
    path('M-154 488H154', 'none', { stroke: dark, 'stroke-width': 2, opacity: 0.5 }),
  ]);
  return { defs, body };
}
