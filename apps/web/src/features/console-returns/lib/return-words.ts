import type { ReturnSummary, ReturnUnitView } from '@sunward/core/console-returns-schemas';
import { designTitle } from '@sunward/core/designs';
import { sizeLabel } from '@sunward/core/sizes';

/** Spec 3's return reasons in words. */
export const REASON_WORDS: Record<string, string> = {
  'too-short': 'Too short',
  'too-long': 'Too long',
  'too-tight': 'Too tight',
  'too-loose': 'Too loose',
};

/** The unit in words: "Alaska, MD - Regular, Front (unit 1)" (units count from 1 for people). */
export const unitName = (unit: ReturnUnitView) =>
  `${designTitle(unit.design)}, ${sizeLabel(unit.size)}, ${unit.position} (unit ${unit.itemId + 1})`;

/** The units sent back: those refunded or exchanged (kept ones stay with the customer). */
export const sentBack = (units: readonly ReturnUnitView[]) =>
  units.filter((u) => u.returnType !== 'Keep');

/** "1 refund, 1 exchange" (kept units are not counted: they do not come back). */
export function unitCounts(r: Pick<ReturnSummary, 'units'>): string {
  const refunds = r.units.filter((u) => u.returnType === 'Refund').length;
  const exchanges = r.units.filter((u) => u.returnType === 'Exchange').length;
  const parts = [
    refunds ? `${refunds} refund${refunds === 1 ? '' : 's'}` : '',
    exchanges ? `${exchanges} exchange${exchanges === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return parts.join(', ') || 'Nothing sent back';
}
