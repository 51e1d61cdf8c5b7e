/** People in motion: a runner mid-stride and a hiker with a pack and pole. */
import { path } from '../svg.ts';

/** Runner mid-stride, facing right; origin at the ground under the body, ~150 tall. */
export function runner(fill: string): string {
  return path(
    'M12 -138a13 13 0 1 0 26 0a13 13 0 1 0 -26 0Z' +
      // torso leaning forward
      'M4 -118Q18 -124 30 -116L22 -70Q14 -64 4 -68Z' +
      // front arm forward-up, back arm back
      'M22 -112L50 -94L62 -106L66 -102L52 -86L18 -100ZM8 -110L-16 -96L-30 -106L-34 -100L-16 -86L10 -96Z' +
      // front leg: thigh forward, shin down
      'M10 -72L44 -50L30 -6L44 -2L42 4L20 2L32 -46L4 -60Z' +
      // back leg: thigh back, shin kicked up
      'M6 -72L-12 -36L-48 -46L-54 -40L-48 -34L-10 -24L18 -62Z',
    fill,
  );
}

/** Hiker walking right with a backpack and trekking pole; origin at the feet, ~150 tall. */
export function hiker(fill: string, pack: string): string {
  return (
    path(
      'M2 -140a11 11 0 1 0 22 0a11 11 0 1 0 -22 0Z' +
        'M-6 -150h40l-6 -8h-28Z' +
        'M0 -124Q14 -128 24 -122L22 -74Q12 -70 2 -72Z' +
        'M20 -116L40 -92L34 -88L16 -106Z' +
        'M8 -76L30 -40L26 0H36L40 -40L22 -78ZM4 -76L-12 -40L-22 0H-12L0 -40L16 -74Z',
      fill,
    ) +
    path('M-22 -126Q-4 -132 4 -124L6 -84Q-10 -78 -24 -84Z', pack) +
    path('M37 -96L52 0H48L34 -94Z', fill)
  );
}
