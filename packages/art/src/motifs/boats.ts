/** Things that sail, paddle and fly: sailboat, canoe, bush plane, hot-air balloon, surfboard. */
import { n, path, poly, smooth } from '../svg.ts';

/** A sloop: hull, mainsail and jib; origin at the waterline centre, ~140 tall. */
export function sailboat(hull: string, sail: string, sail2: string): string {
  return (
    path('M-60 -14H64L48 6H-44Z', hull) +
    path('M2 -150L2 -20H56Q40 -80 2 -150Z', sail) +
    path('M-4 -136L-4 -20H-54Q-34 -70 -4 -136Z', sail2) +
    path('M-1 -156h4v142h-4Z', hull)
  );
}

/** A canoe with a paddler, origin at the waterline centre, ~170 long. */
export function canoe(hull: string, paddler: string): string {
  return (
    path('M-86 -16Q-40 4 0 4Q40 4 86 -16Q60 -2 0 -2Q-60 -2 -86 -16Z', hull) +
    path('M-90 -20Q-80 -10 -70 -8L-86 -14ZM90 -20Q80 -10 70 -8L86 -14Z', hull) +
    path(
      'M-10 -4L-8 -30Q-6 -40 4 -40Q12 -38 10 -28L8 -4ZM-4 -48a7 7 0 1 0 14 0a7 7 0 1 0 -14 0Z',
      paddler,
    ) +
    path('M-30 -60L34 18L30 20L-34 -58Z', paddler) +
    path('M26 10L46 30L34 36Z', paddler)
  );
}

/** A high-wing bush plane with floats, flying right; centred, ~200 span. */
export function bushPlane(body: string, wing: string): string {
  return (
    path(
      smooth(
        [
          [90, -2],
          [70, -14],
          [20, -16],
          [-50, -8],
          [-86, -14],
          [-80, 4],
          [-40, 6],
          [30, 10],
          [80, 8],
        ],
        true,
      ),
      body,
    ) +
    path('M-90 -14L-104 -42L-86 -42L-70 -12Z', body) +
    path('M-30 -22H70V-16H-30Z', wing) +
    path('M10 -22L20 -16M40 -22L30 -16', 'none', { stroke: wing, 'stroke-width': 3 }) +
    path('M-20 10L-10 26M50 10L40 26', 'none', { stroke: body, 'stroke-width': 4 }) +
    path('M-44 26H70Q80 26 74 32H-40Z', body) +
    path('M92 -30h5v54h-5Z', wing) +
    path('M40 -10h14v8h-14ZM18 -10h16v8h-16Z', wing)
  );
}

/** A hot-air balloon with vertical gores; origin at the basket bottom, ~190 tall. */
export function balloon(a: string, b: string, basket: string): string {
  const env = (x0: number, x1: number) =>
    `M0 -70C${n(x0 * 0.6)} -90 ${n(x0)} -120 ${n(x0)} -150C${n(x0)} -190 ${n(x0 * 0.5)} -200 0 -200C${n(x1 * 0.5)} -200 ${n(x1)} -190 ${n(x1)} -150C${n(x1)} -120 ${n(x1 * 0.6)} -90 0 -70Z`;
  return (
    path(env(-66, 66), a) +
    path(env(-36, 36), b) +
    path(env(-10, 10), a) +
    path('M-14 -70L-12 -30H-9L-11 -70ZM14 -70L12 -30H9L11 -70Z', basket) +
    path('M-16 -30H16L13 0H-13Z', basket)
  );
}

/** A longboard surfboard standing on its tail, with a centre stripe; origin at the tail. */
export function surfboard(board: string, stripe: string, h = 200): string {
  const w = h * 0.16;
  return (
    path(
      `M0 ${n(-h)}C${n(w)} ${n(-h * 0.8)} ${n(w)} ${n(-h * 0.2)} 0 0C${n(-w)} ${n(-h * 0.2)} ${n(-w)} ${n(-h * 0.8)} 0 ${n(-h)}Z`,
      board,
    ) +
    path(`M-3 ${n(-h * 0.92)}h6V${n(-h * 0.05)}h-6Z`, stripe) +
    path(
      poly([
        [-w * 0.5, -h * 0.7],
        [w * 0.5, -h * 0.74],
        [w * 0.5, -h * 0.68],
        [-w * 0.5, -h * 0.64],
      ]),
      stripe,
    )
  );
}
