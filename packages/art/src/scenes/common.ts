/** Shared pieces of the product shots: the backdrop, the soft shadow filter, print embedding. */
import { badgeArt, printSvg, PRINT_SIZE, type ResolvedDesign } from '../print.ts';
import { el, group, rect } from '../svg.ts';

export const BACKDROP = '#ebe7e0';
export const BACKDROP_DARK = '#dcd6cc';

/** A soft neutral studio backdrop with a gentle vignette. */
export function backdrop(id: string, w: number, h: number): { defs: string; body: string } {
  const defs = el(
    'radialGradient',
    { id: `bg-${id}`, cx: 0.5, cy: 0.42, r: 0.75 },
    el('stop', { offset: 0, 'stop-color': '#f3f0ea' }) +
      el('stop', { offset: 1, 'stop-color': BACKDROP_DARK }),
  );
  return { defs, body: rect(0, 0, w, h, `url(#bg-${id})`) };
}

/** A Gaussian blur filter for soft shadows. */
export function blurFilter(id: string, sd: number): string {
  return el(
    'filter',
    { id, x: -0.2, y: -0.2, width: 1.4, height: 1.4 },
    el('feGaussianBlur', { stdDeviation: sd }),
  );
}

/** The print artwork as an inline group (its own <svg> stripped), scaled to `width` at (x, y). */
export function embedPrint(
  d: ResolvedDesign,
  x: number,
  y: number,
  width: number,
  opacity = 1,
): string {
  const doc = printSvg(d);
  const inner = doc.replace(/^<svg[^>]*>/, '').replace(/<\/svg>$/, '');
  const s = width / PRINT_SIZE;
  return group(inner, {
    transform: `translate(${x} ${y}) scale(${s})`,
    opacity: opacity === 1 ? undefined : opacity,
  });
}

/** The badge alone (no lettering), `size` wide, top-left at (x, y). */
export function embedBadge(
  d: ResolvedDesign,
  id: string,
  x: number,
  y: number,
  size: number,
  outerKey = false,
): { defs: string; body: string } {
  const { defs, body } = badgeArt(d, id, { outerKey });
  return { defs, body: group(body, { transform: `translate(${x} ${y}) scale(${size / 600})` }) };
}
