/**
 * The console's change to a product's facts (issue 16): fabric, UPF and what it means, fit, weight and
 * care, checked with core's schema (each message names its fact), compare-and-set on the row's version
 * as a size's stock is (decision 022): a change made from facts another operator has since saved
 * answers `facts_changed` with the current ones. A change that finds them as asked records nothing.
 * Every change is recorded with the operator in its transaction (only the facts that changed, old and
 * new), then this process drops its cached catalogue, so the storefront shows the new facts within
 * CATALOG_CACHE_MS everywhere.
 */
import { PRODUCT_FACT_KEYS, type ProductFacts } from '@sunward/core/product-facts';
import { ProductFactsInputSchema } from '@sunward/core/product-facts-schema';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import { fieldMessages } from '../../lib/validation-messages.ts';
import { fail, ok, type Failure, type Result } from '../../lib/result.ts';
import { type Operator, recordOperatorAction } from '../operators/operators.api.ts';
import type { AdminCatalogDeps } from './admin-catalog.service.ts';
import type { ProductFactsRow } from './catalog.table.ts';
import { findProduct } from './catalog.repository.ts';
import * as repo from './product-facts.repository.ts';

export interface ConsoleFacts {
  productId: string;
  facts: ProductFacts;
  /** Send it back with a change (compare-and-set); 0 while the product has no facts. */
  version: number;
}

export type FactsFailure =
  | Failure<'not_found'>
  | Failure<'invalid_facts', { fields: Record<string, string> }>
  | Failure<'facts_changed', { current: ConsoleFacts }>;

export const factsView = (row: ProductFactsRow): ConsoleFacts => ({
  productId: row.product_id,
  facts: {
    fabric: row.fabric,
    upf: row.upf,
    fit: row.fit,
    weight: row.weight,
    standard: row.standard,
    care: row.care,
  },
  version: row.version,
});

/** The facts that differ between `a` and `b`. */
const changedKeys = (a: ProductFacts, b: ProductFacts) =>
  PRODUCT_FACT_KEYS.filter((key) => a[key] !== b[key]);

/** Sets a product's facts, if nobody changed them since the operator read `version`. */
export async function changeProductFacts(
  db: Db,
  deps: AdminCatalogDeps,
  operator: Operator,
  change: { productId: string; version: number; facts: unknown },
): Promise<Result<ConsoleFacts, FactsFailure>> {
  const { productId, version } = change;
  const parsed = ProductFactsInputSchema.safeParse(change.facts);
  if (!parsed.success) {
    const { message, fields } = fieldMessages(parsed.error, {
      unknown: (key) => `"${key}" is not a product fact.`,
      noun: 'facts',
      whole: 'facts',
    });
    return fail('invalid_facts', message, { fields });
  }
  const facts = parsed.data;
  const outcome = await db.transaction().execute(async (trx) => {
    const row = await repo.findFacts(trx, productId);
    if (!row && !(await findProduct(trx, productId))) return 'not_found' as const;
    const before = row ? factsView(row).facts : null;
    const changed = before ? changedKeys(before, facts) : [...PRODUCT_FACT_KEYS];
    // Already as asked (a retry, a double click, two operators agreeing): nothing to write.
    if (changed.length === 0) return 'unchanged' as const;
    const at = nowIso();
    const written =
      (row?.version ?? 0) === version &&
      (row
        ? await repo.updateFactsIfVersion(trx, { productId, version }, facts, at)
        : await repo.insertFacts(trx, productId, facts, at));
    if (!written) return 'stale' as const;
    await recordOperatorAction(trx, operator, {
      action: 'product.facts',
      targetType: 'product',
      targetId: productId,
      detail: {
        from: before && Object.fromEntries(changed.map((key) => [key, before[key]])),
        to: Object.fromEntries(changed.map((key) => [key, facts[key]])),
      },
      at,
    });
    return 'changed' as const;
  });
  if (outcome === 'not_found') return fail('not_found', 'No product with that id.');
  if (outcome === 'changed') deps.cache.invalidate();
  const current = factsView((await repo.findFacts(db, productId))!);
  // Lost a race to a change that left the facts as asked: the retry of a double click.
  if (outcome !== 'stale' || changedKeys(current.facts, facts).length === 0) return ok(current);
  return fail(
    'facts_changed',
    'The product facts changed while you were editing them. Check the current text and save again.',
    { current },
  );
}
