/**
 * The size guide as catalogue data (issue 29 item 3, decision 050): each size's width, length and
 * sleeve in inches, kept per product (size_measurements, migration 036) and changed by operators in the
 * console; served with the product (GET /api/products `sizeGuide`) so the prerendered /size-guide and
 * the bag's dialog show what operators saved. Free of zod, so the storefront can show it without
 * loading it; the schema is size-guide-schema.ts.
 */
import { SIZE_CODES, sizeLabel, type SizeCode } from './sizes.ts';

export const MEASUREMENT_KEYS = ['width', 'length', 'sleeve'] as const;
export type MeasurementKey = (typeof MEASUREMENT_KEYS)[number];

export const MEASUREMENT_LABELS: Record<MeasurementKey, string> = {
  width: 'Width',
  length: 'Length',
  sleeve: 'Sleeve',
};

/**
 * What a shirt's measurement can sensibly be, in inches (a child's XS to a big XXL with room to
 * spare): anything outside is a typing slip. Quarter inches, as a tape measure reads.
 */
export const MEASUREMENT_LIMITS: Record<MeasurementKey, { min: number; max: number }> = {
  width: { min: 10, max: 40 },
  length: { min: 15, max: 45 },
  sleeve: { min: 4, max: 40 },
};
export const MEASUREMENT_STEP = 0.25;

export interface SizeMeasurement {
  size: SizeCode;
  width: number;
  length: number;
  sleeve: number;
}

/** The spec's table (section 2): every size width 16, length 27, sleeve 8. The seed writes it. */
export const SPEC_SIZE_GUIDE: readonly SizeMeasurement[] = SIZE_CODES.map((size) => ({
  size,
  width: 16,
  length: 27,
  sleeve: 8,
}));

/** "16", "16.25", "16.5": inches as people write them. */
export function formatInches(inches: number): string {
  return String(Math.round(inches * 100) / 100);
}

/** The message for a measurement out of bounds, naming the size and the measurement. */
export function measurementMessage(size: string, key: MeasurementKey): string {
  const { min, max } = MEASUREMENT_LIMITS[key];
  return `${sizeLabel(size)} ${MEASUREMENT_LABELS[key].toLowerCase()} must be from ${min} to ${max} inches, in quarter inches (16, 16.25, 16.5).`;
}

/** Null when the measurement is allowed; else the message naming it. */
export function checkMeasurement(size: string, key: MeasurementKey, value: unknown): string | null {
  const { min, max } = MEASUREMENT_LIMITS[key];
  const ok =
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= min &&
    value <= max &&
    Number.isInteger(value / MEASUREMENT_STEP);
  return ok ? null : measurementMessage(size, key);
}
