/** Skies: banded sunset stripes, stars, aurora curtains, birds and flat retro clouds. */
import type { Rng } from '../rng.ts';
import { group, n, path, poly, rect, smooth, type Point } from '../svg.ts';

/**
 * Sky layers carry `data-sky` so a test can check that each design's declared sky treatment is the
 * one its scene paints (see composition.ts); renderers ignore the attribute.
 */
export const skyLayer = (kind: string, body: string): string => group(body, { 'data-sky': kind });

/**
 * Banded "sunset stripes": solid bands top to bottom, each transition broken into
 * thinning stripes of the next colour, the screen-print stand-in for a gradient.
 */
export function stripedSky(
  colors: readonly string[],
  top: number,
  bottom: number,
  x0 = -20,
  x1 = 620,
): string {
  const out: string[] = [];
  const bands = colors.length;
  const h = (bottom - top) / bands;
  colors.forEach((c, i) =>
    out.push(rect(x0, top + i * h, x1 - x0, i === bands - 1 ? bottom - top - i * h : h + 1, c)),
  );
  for (let i = 1; i < bands; i++) {
    const y = top + i * h;
    const next = colors[i]!;
    // stripes of the next colour intruding upward into the band above, thinning as they rise
    const widths = [h * 0.16, h * 0.1, h * 0.05];
    let yy = y;
    for (const w of widths) {
      yy -= w * 1.6;
      out.push(rect(x0, yy, x1 - x0, w, next));
      yy -= 0;
    }
  }
  return skyLayer('stripes', out.join(''));
}

/** A four-point sparkle star. */
export function sparkle(x: number, y: number, r: number, fill: string): string {
  const k = r * 0.22;
  return path(
    `M${n(x)} ${n(y - r)}Q${n(x + k)} ${n(y - k)} ${n(x + r)} ${n(y)}Q${n(x + k)} ${n(y + k)} ${n(x)} ${n(y + r)}Q${n(x - k)} ${n(y + k)} ${n(x - r)} ${n(y)}Q${n(x - k)} ${n(y - k)} ${n(x)} ${n(y - r)}Z`,
    fill,
  );
}

/** Scattered stars: a few sparkles and many dots inside a box. */
export function stars(
  rng: Rng,
  count: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  fill: string,
): string {
  let dots = '';
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const x = rng.range(x0, x1);
    const y = rng.range(y0, y1);
    if (i % 5 === 0) out.push(sparkle(x, y, rng.range(9, 15), fill));
    else {
      const r = rng.range(2, 4.2);
      dots += `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`;
    }
  }
  return skyLayer('stars', path(dots, fill) + out.join(''));
}

/**
 * Aurora: curtains of light, each a wavy ribbon with vertical streaks cut into it
 * (the streaks are drawn in the sky colour, as a screen printer would leave gaps).
 */
export function aurora(
  rng: Rng,
  colors: readonly string[],
  skyColor: string,
  y: number,
  depth: number,
): string {
  const out: string[] = [];
  colors.forEach((c, k) => {
    const top: Point[] = [];
    const bottom: Point[] = [];
    const phase = rng.range(0, Math.PI * 2);
    const yy = y + k * depth * 0.35;
    for (let x = -40; x <= 640; x += 40) {
      const w = Math.sin(x / 95 + phase) * 34 + Math.sin(x / 41 + phase * 2) * 10;
      top.push([x, yy + w]);
      bottom.push([x, yy + w + depth * (0.55 + 0.25 * Math.sin(x / 70 + phase))]);
    }
    out.push(path(smooth(top) + 'L' + smooth(bottom.slice().reverse()).slice(1) + 'Z', c));
    // streaks
    let d = '';
    for (let x = -30; x < 640; x += rng.range(14, 26)) {
      const i = Math.max(0, Math.min(top.length - 1, Math.round((x + 40) / 40)));
      const t = top[i]![1];
      const b = bottom[i]![1];
      const len = (b - t) * rng.range(0.3, 0.75);
      const w = rng.range(2.5, 5);
      d += `M${n(x)} ${n(b - len)}h${n(w)}V${n(b + 12)}h${n(-w)}Z`;
    }
    out.push(path(d, skyColor));
  });
  return skyLayer('aurora', out.join(''));
}

/** A bird in flight: two curved wings. */
export function bird(x: number, y: number, s: number, fill: string): string {
  return path(
    `M${n(x - s)} ${n(y - s * 0.25)}Q${n(x - s * 0.45)} ${n(y - s * 0.55)} ${n(x)} ${n(y + s * 0.05)}Q${n(x + s * 0.45)} ${n(y - s * 0.55)} ${n(x + s)} ${n(y - s * 0.25)}Q${n(x + s * 0.45)} ${n(y - s * 0.3)} ${n(x)} ${n(y + s * 0.32)}Q${n(x - s * 0.45)} ${n(y - s * 0.3)} ${n(x - s)} ${n(y - s * 0.25)}Z`,
    fill,
  );
}

export function birds(points: readonly [number, number, number][], fill: string): string {
  return points.map(([x, y, s]) => bird(x, y, s, fill)).join('');
}

/** A flat retro cloud: rounded bumps on a flat base. */
export function cloud(x: number, y: number, w: number, fill: string): string {
  const h = w * 0.32;
  return path(
    `M${n(x - w / 2)} ${n(y)}` +
      `A${n(h * 0.55)} ${n(h * 0.55)} 0 0 1 ${n(x - w * 0.22)} ${n(y - h * 0.55)}` +
      `A${n(h * 0.75)} ${n(h * 0.75)} 0 0 1 ${n(x + w * 0.12)} ${n(y - h * 0.8)}` +
      `A${n(h * 0.6)} ${n(h * 0.6)} 0 0 1 ${n(x + w / 2)} ${n(y)}Z`,
    fill,
    { 'data-sky': 'clouds' },
  );
}

/** Long horizontal cloud streaks, the banded kind seen at sunset. */
export function streaks(lines: readonly [number, number, number][], fill: string): string {
  return lines
    .map(([x, y, w]) =>
      path(
        poly([
          [x, y],
          [x + w, y],
          [x + w - 8, y + 7],
          [x + 8, y + 7],
        ]),
        fill,
      ),
    )
    .join('');
}
