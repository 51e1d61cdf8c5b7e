/**
 * An operator action's words. The known actions read as sentences; any other (areas add their own)
 * is written out from its name: "inventory.mark-out-of-stock" -> "Inventory: mark out of stock".
 */
const KNOWN: Record<string, string> = {
  'order.start-fulfilment': 'Started fulfilment',
  'order.ship': 'Shipped',
  'order.complete': 'Marked delivered',
  'order.cancel': 'Cancelled',
  'order.void-label': 'Voided the shipping label',
  'label.buy': 'Bought a shipping label',
  'product.facts': 'Changed the product facts',
  'size-guide.change': 'Changed a size’s measurements',
  'role.grant': 'Granted the operator role',
  'role.revoke': 'Revoked the operator role',
  'job.retry': 'Retried a failed job',
};

export function actionWords(action: string): string {
  const known = KNOWN[action];
  if (known) return known;
  const [area, ...rest] = action.split('.');
  const verb = rest.join(' ').replace(/[-_]+/g, ' ').trim();
  const Area = area ? area.charAt(0).toUpperCase() + area.slice(1).replace(/[-_]+/g, ' ') : '';
  return verb ? `${Area}: ${verb}` : Area || action;
}

/** What a target is called: "order", "customer", "data request". */
export const targetWords = (type: string) => type.replace(/[-_]+/g, ' ');

const value = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : JSON.stringify(v);

/**
 * The action's detail in a line: a status change as "pending → shipped", then the other fields as
 * "name: value" (kept short: the record is for people reading the history).
 */
export function detailWords(detail: Record<string, unknown>): string {
  const { from, to, ...rest } = detail;
  const parts: string[] = [];
  if (typeof from === 'string' && typeof to === 'string') parts.push(`${from} → ${to}`);
  else {
    if (from !== undefined) parts.push(`from: ${value(from)}`);
    if (to !== undefined) parts.push(`to: ${value(to)}`);
  }
  for (const [key, v] of Object.entries(rest)) {
    if (v === undefined || v === null || v === '') continue;
    parts.push(`${key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}: ${value(v)}`);
  }
  const line = parts.join('; ');
  return line.length > 240 ? `${line.slice(0, 239)}…` : line;
}
