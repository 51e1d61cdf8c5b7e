/** Tiny helpers for writing SVG as strings. Numbers are rounded to keep the markup small. */
export type Point = readonly [number, number];

export const n = (value: number): string => {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? n(v) : v}"`)
    .join('');
}

export function el(tag: string, a: Attrs, children?: string): string {
  return children === undefined
    ? `<${tag}${attrs(a)}/>`
    : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

export const path = (d: string, fill: string, a: Attrs = {}): string =>
  el('path', { d, fill, ...a });

export const group = (children: string | string[], a: Attrs = {}): string =>
  el('g', a, Array.isArray(children) ? children.join('') : children);

export const rect = (x: number, y: number, w: number, h: number, fill: string, a: Attrs = {}) =>
  el('rect', { x, y, width: w, height: h, fill, ...a });

export const circle = (cx: number, cy: number, r: number, fill: string, a: Attrs = {}) =>
  el('circle', { cx, cy, r, fill, ...a });

export const ellipse = (
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  a: Attrs = {},
) => el('ellipse', { cx, cy, rx, ry, fill, ...a });

/** A closed polygon path. */
export function poly(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('') + 'Z';
}

/** An open polyline path. */
export function line(points: readonly Point[]): string {
  return points.map(([x, y], i) => `${i ? 'L' : 'M'}${n(x)} ${n(y)}`).join('');
}

/**
 * A smooth path through the points (Catmull-Rom turned into cubic Béziers).
 * `closed` joins the last point back to the first.
 */
export function smooth(points: readonly Point[], closed = false, tension = 1): string {
  const pts = points;
  const count = pts.length;
  if (count < 2) return '';
  const at = (i: number): Point => {
    if (closed) return pts[((i % count) + count) % count]!;
    return pts[Math.max(0, Math.min(count - 1, i))]!;
  };
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  const segments = closed ? count : count - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return closed ? d + 'Z' : d;
}

/** Wrap content in a full SVG document. */
export function svgDoc(width: number, height: number, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (defs ? `<defs>${defs}</defs>` : '') +
    body +
    '</svg>'
  );
}

/** Translate, then scale, then rotate (degrees) a group. */
export function place(
  content: string,
  x: number,
  y: number,
  scale = 1,
  rotate = 0,
  extra: Attrs = {},
): string {
  const t = [`translate(${n(x)} ${n(y)})`];
  if (rotate) t.push(`rotate(${n(rotate)})`);
  if (scale !== 1) t.push(`scale(${Math.round(scale * 1000) / 1000})`);
  return group(content, { transform: t.join(' '), ...extra });
}

/** Mirror a group horizontally around x = 0. */
export const mirror = (content: string): string => group(content, { transform: 'scale(-1 1)' });
