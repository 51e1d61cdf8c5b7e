/**
 * The size guide editor's fields: per size, width, length and sleeve as typed. Each is read as inches
 * and checked by core's rule (`checkMeasurement`, the one the server answers with), the message naming
 * the size and the measurement on the field's path (`xxlr.sleeve`); the server's `fields` name the
 * measurement (`sleeve`) of the size saved.
 */
import { z } from 'zod';
import { checkMeasurement, formatInches, type MeasurementKey } from '@sunward/core/size-guide';
import type { ConsoleMeasurement } from '@sunward/core/console-catalog';

export type SizeGuideRow = Record<MeasurementKey, string>;
export type SizeGuideValues = Record<string, SizeGuideRow>;

/** "16.5" -> 16.5; anything that is not a plain number -> NaN (refused with the field's message). */
const toInches = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

export const rowOf = (m: ConsoleMeasurement): SizeGuideRow => ({
  width: formatInches(m.width),
  length: formatInches(m.length),
  sleeve: formatInches(m.sleeve),
});

/** Every row of the table as the form's values. */
export const valuesOf = (guide: readonly ConsoleMeasurement[]): SizeGuideValues =>
  Object.fromEntries(guide.map((m) => [m.size, rowOf(m)]));

/** A measurement as typed, read as inches and checked by core's rule for the size. */
const inches = (size: string, key: MeasurementKey) =>
  z
    .string()
    .transform(toInches)
    .superRefine((value, ctx) => {
      const message = checkMeasurement(size, key, value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

/** One size's row read as inches, each measurement checked by core's rule. */
export const sizeRowSchema = (size: string) =>
  z.object({
    width: inches(size, 'width'),
    length: inches(size, 'length'),
    sleeve: inches(size, 'sleeve'),
  });

/** The whole table: each row by its own size's rule. */
export const sizeGuideSchema = (guide: readonly ConsoleMeasurement[]) =>
  z.object(Object.fromEntries(guide.map((m) => [m.size, sizeRowSchema(m.size)])));
export type SizeGuideInches = z.output<ReturnType<typeof sizeGuideSchema>>;
