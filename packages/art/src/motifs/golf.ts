/** Golf: the green, the flagstick with a waving flag, the ball. */
import { n, path } from '../svg.ts';

/** A putting green: a flattened ellipse with a lighter collar. Centre (cx, cy). */
export function green(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  collar: string,
): string {
  const e = (r: number, s: number) =>
    `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(s)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(s)} 0 1 0 ${n(-2 * r)} 0Z`;
  return path(e(rx + 14, ry + 8), collar) + path(e(rx, ry), fill);
}

/** Flagstick standing in the cup at (x, y), h tall, with a pennant flag waving right. */
export function flag(
  x: number,
  y: number,
  h: number,
  pole: string,
  cloth: string,
  cup?: string,
): string {
  const top = y - h;
  const w = h * 0.42;
  const fh = h * 0.26;
  const cloth1 = `M${n(x + 3)} ${n(top)}Q${n(x + w * 0.5)} ${n(top - fh * 0.25)} ${n(x + w)} ${n(top + fh * 0.45)}Q${n(x + w * 0.5)} ${n(top + fh * 0.55)} ${n(x + 3)} ${n(top + fh)}Z`;
  let out = path(`M${n(x - 3)} ${n(top - 4)}h6V${n(y)}h-6Z`, pole) + path(cloth1, cloth);
  if (cup) out += path(`M${n(x - 10)} ${n(y)}a10 4 0 1 0 20 0a10 4 0 1 0 -20 0Z`, cup);
  return out;
}

export function ball(x: number, y: number, r: number, fill: string): string {
  return path(
    `M${n(x - r)} ${n(y)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0Z`,
    fill,
  );
}
