/** The sun: banded retro discs, rays and rising halves. */
import { n, path, type Point } from '../svg.ts';
import { skyLayer } from './sky.ts';

/** The part of a disc between two horizontal lines, as a polygon. */
function discSlice(cx: number, cy: number, r: number, y0: number, y1: number): string {
  const a = Math.max(y0, cy - r);
  const b = Math.min(y1, cy + r);
  if (b <= a) return '';
  const right: Point[] = [];
  const left: Point[] = [];
  const steps = 14;
  for (let i = 0; i <= steps; i++) {
    const y = a + ((b - a) * i) / steps;
    const dx = Math.sqrt(Math.max(0, r * r - (y - cy) * (y - cy)));
    right.push([cx + dx, y]);
    left.unshift([cx - dx, y]);
  }
  return [...right, ...left].map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('') + 'Z';
}

/**
 * A banded sun: a disc whose lower half is cut by horizontal gaps that widen toward the bottom.
 * `cut` (0..1) is where the gaps start (0 = centre).
 */
export function bandedSun(
  cx: number,
  cy: number,
  r: number,
  fill: string,
  gaps = 5,
  cut = 0.05,
  clipBottom?: number,
): string {
  const bottom = clipBottom ?? cy + r;
  let d = discSlice(cx, cy, r, cy - r, cy + r * cut);
  const start = cy + r * cut;
  const span = bottom - start;
  let y = start;
  for (let i = 0; i < gaps; i++) {
    const gap = (span / gaps) * (0.12 + (0.5 * i) / gaps);
    const band = span / gaps - gap;
    y += gap;
    d += discSlice(cx, cy, r, y, Math.min(bottom, y + band));
    y += band;
  }
  return skyLayer('banded-sun', path(d, fill));
}

/** A plain disc. */
export function sunDisc(cx: number, cy: number, r: number, fill: string): string {
  return skyLayer('sun', path(discSlice(cx, cy, r, cy - r, cy + r), fill));
}

/** Triangular rays around a centre, between radii r0 and r1. */
export function rays(
  cx: number,
  cy: number,
  r0: number,
  r1: number,
  count: number,
  fill: string,
  halfWidthDeg = 4,
  from = 0,
  to = 360,
): string {
  let d = '';
  const span = to - from;
  const full = span >= 360;
  for (let i = 0; i < count; i++) {
    const t = from + (span * (i + (full ? 0 : 0.5))) / count;
    const a = (t * Math.PI) / 180;
    const w = (halfWidthDeg * Math.PI) / 180;
    const p = (ang: number, r: number): string =>
      `${n(cx + r * Math.cos(ang))} ${n(cy + r * Math.sin(ang))}`;
    d += `M${p(a - w, r0)}L${p(a, r1)}L${p(a + w, r0)}Z`;
  }
  return skyLayer('rays', path(d, fill));
}

/** Wedge-shaped sunbeams (alternate wedges), the classic rising-sun burst. */
export function burst(
  cx: number,
  cy: number,
  r: number,
  count: number,
  fill: string,
  from = 180,
  to = 360,
): string {
  let d = '';
  const step = (to - from) / count;
  for (let i = 0; i < count; i += 2) {
    const a0 = ((from + i * step) * Math.PI) / 180;
    const a1 = ((from + (i + 1) * step) * Math.PI) / 180;
    d += `M${n(cx)} ${n(cy)}L${n(cx + r * Math.cos(a0))} ${n(cy + r * Math.sin(a0))}L${n(cx + r * Math.cos(a1))} ${n(cy + r * Math.sin(a1))}Z`;
  }
  return skyLayer('burst', path(d, fill));
}
