/**
 * The size guide as catalogue data (issue 29 item 3, decision 050): each size's width, length and
 * sleeve in inches, served with the product (so the prerendered /size-guide and the bag's dialog
 * follow an operator's change as the facts do, decision 025) and changed from the console: checked
 * (quarter inches within sensible bounds, each message naming the size and the measurement),
 * compare-and-set on the row's version (409 `measurements_changed` with the current values), a
 * repeat of what is stored records nothing, each change an operator action in its transaction, then
 * this process drops its cached catalogue.
 */
import { checkMeasurement, MEASUREMENT_KEYS, type SizeMeasurement } from '@sunward/core/size-guide';
import { isSizeCode, SIZE_CODES, sizeLabel, type SizeCode } from '@sunward/core/sizes';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import type { AdminCatalogDeps } from './admin-catalog.service.ts';
import type { SizeMeasurementsRow } from './catalog.table.ts';
import * as repo from './size-guide.repository.ts';

export interface ConsoleMeasurement extends SizeMeasurement {
  label: string;
  /** Send it back with a change (compare-and-set). */
  version: number;
}

export type MeasurementFailure =
  | Failure<'not_found'>
  | Failure<'invalid_measurements', { fields: Record<string, string> }>
  | Failure<'measurements_changed', { current: ConsoleMeasurement }>;

const bySizeOrder = (a: { size: string }, b: { size: string }) =>
  SIZE_CODES.indexOf(a.size as SizeCode) - SIZE_CODES.indexOf(b.size as SizeCode);

export const measurementOf = (row: SizeMeasurementsRow): SizeMeasurement => ({
  size: row.size as SizeCode,
  width: Number(row.width_in),
  length: Number(row.length_in),
  sleeve: Number(row.sleeve_in),
});

/** Whether `a` has the inches `b` asks for. */
const sameInches = (
  a: SizeMeasurement,
  b: { width_in: number; length_in: number; sleeve_in: number },
) => a.width === b.width_in && a.length === b.length_in && a.sleeve === b.sleeve_in;

const consoleView = (row: SizeMeasurementsRow): ConsoleMeasurement => ({
  ...measurementOf(row),
  label: sizeLabel(row.size),
  version: row.version,
});

/** Each product's measurements in size order, as `view` shows a row. */
async function guidesBy<T>(
  db: Db,
  view: (row: SizeMeasurementsRow) => T,
  productIds?: readonly string[],
): Promise<Map<string, T[]>> {
  const rows = (await repo.listMeasurements(db, productIds)).filter((r) => isSizeCode(r.size));
  const guides = new Map<string, T[]>();
  for (const row of rows.sort(bySizeOrder)) {
    guides.set(row.product_id, [...(guides.get(row.product_id) ?? []), view(row)]);
  }
  return guides;
}

/** Each product's size guide, in size order (the storefront's answer). */
export const sizeGuidesOf = (db: Db, productIds?: readonly string[]) =>
  guidesBy(db, measurementOf, productIds);

/** Each product's size guide with versions, for the console. */
export const consoleSizeGuides = (db: Db) => guidesBy(db, consoleView);

export interface MeasurementChange {
  productId: string;
  size: string;
  version: number;
  width: unknown;
  length: unknown;
  sleeve: unknown;
}

/** Sets a size's measurements, if nobody changed them since the operator read `version`. */
export async function changeMeasurement(
  db: Db,
  deps: AdminCatalogDeps,
  operator: Operator,
  change: MeasurementChange,
): Promise<Result<ConsoleMeasurement, MeasurementFailure>> {
  const { productId, size, version } = change;
  const fields: Record<string, string> = {};
  for (const key of MEASUREMENT_KEYS) {
    const message = checkMeasurement(size, key, change[key]);
    if (message) fields[key] = message;
  }
  const invalid = Object.values(fields);
  if (invalid.length > 0) {
    return fail('invalid_measurements', invalid.join(' '), { fields });
  }
  const next = {
    width_in: change.width as number,
    length_in: change.length as number,
    sleeve_in: change.sleeve as number,
  };
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await repo.findMeasurement(trx, productId, size);
    if (!row) return 'not_found' as const;
    const before = measurementOf(row);
    if (sameInches(before, next)) return 'unchanged' as const;
    const at = nowIso();
    const written =
      row.version === version &&
      (await repo.updateMeasurementIfVersion(trx, { productId, size, version }, next, at));
    if (!written) return 'stale' as const;
    await recordOperatorAction(trx, operator, {
      action: 'size-guide.change',
      targetType: 'product',
      targetId: productId,
      detail: {
        size,
        from: { width: before.width, length: before.length, sleeve: before.sleeve },
        to: { width: next.width_in, length: next.length_in, sleeve: next.sleeve_in },
      },
      at,
    });
    return 'changed' as const;
  });
  if (outcome === 'not_found') {
    return fail('not_found', `${productId} has no size guide row for ${sizeLabel(size)}.`);
  }
  if (outcome === 'changed') deps.cache.invalidate();
  const current = consoleView((await repo.findMeasurement(db, productId, size))!);
  if (outcome !== 'stale' || sameInches(current, next)) return ok(current);
  return fail(
    'measurements_changed',
    `${current.label} changed while you were editing it. Check the current measurements and save again.`,
    { current },
  );
}
