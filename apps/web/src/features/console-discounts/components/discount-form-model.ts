import { z } from 'zod';
import type { DiscountKind } from '@sunward/core/discount';
import {
  DiscountCodeInputSchema,
  type ConsoleDiscountCode,
  type DiscountCodeInput,
} from '@sunward/core/discount-schemas';
import { dollarsText, parseDollars } from '@/shared/console/dollar-input.ts';

/** The form's fields as typed (text for amounts and dates, checkboxes for the rules). */
export interface DiscountFormValues {
  code: string;
  kind: DiscountKind;
  percent: string;
  amountOff: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
  limitDesigns: boolean;
  designs: string[];
  active: boolean;
}

export const EMPTY_FORM: DiscountFormValues = {
  code: '',
  kind: 'percent',
  percent: '',
  amountOff: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  maxUses: '',
  oncePerCustomer: false,
  firstOrderOnly: false,
  limitDesigns: false,
  designs: [],
  active: true,
};

/** An ISO instant as a datetime-local field's value (the operator's own time zone). */
function localInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function valuesOf(code: ConsoleDiscountCode): DiscountFormValues {
  return {
    code: code.code,
    kind: code.kind,
    percent: code.percent === null ? '' : String(code.percent),
    amountOff: code.amountOff === null ? '' : dollarsText(code.amountOff),
    minSubtotal: code.minSubtotal === null ? '' : dollarsText(code.minSubtotal),
    startsAt: localInput(code.startsAt),
    endsAt: localInput(code.endsAt),
    maxUses: code.maxUses === null ? '' : String(code.maxUses),
    oncePerCustomer: code.oncePerCustomer,
    firstOrderOnly: code.firstOrderOnly,
    limitDesigns: code.designs !== null,
    designs: code.designs ?? [],
    active: code.active,
  };
}

/**
 * The API's body from the fields, or the fields' messages (each names its field) when one cannot be
 * read; the server checks the rest and answers in the same words.
 */
export function toInput(
  v: DiscountFormValues,
): { ok: true; input: DiscountCodeInput } | { ok: false; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const money = (text: string, name: string, label: string) => {
    if (!text.trim()) return null;
    const cents = parseDollars(text);
    if (cents === null) fields[name] = `${label}: an amount in dollars, e.g. 10 or 10.50.`;
    return cents;
  };
  const whole = (text: string, name: string, label: string) => {
    if (!text.trim()) return null;
    const n = Number(text);
    if (!Number.isInteger(n)) fields[name] = `${label}: a whole number.`;
    return Number.isInteger(n) ? n : null;
  };
  const instant = (text: string) => (text ? new Date(text).toISOString() : null);
  const percent = v.kind === 'percent' ? whole(v.percent, 'percent', 'Percent off') : null;
  const amountOff = v.kind === 'amount' ? money(v.amountOff, 'amountOff', 'Amount off') : null;
  if (v.kind === 'percent' && !v.percent.trim()) fields.percent = 'Percent off: 1 to 100.';
  if (v.kind === 'amount' && !v.amountOff.trim()) fields.amountOff = 'Amount off: more than $0.00.';
  if (v.limitDesigns && v.designs.length === 0) fields.designs = 'Designs: choose at least one.';
  const input = {
    code: v.code,
    kind: v.kind,
    percent,
    amountOff,
    minSubtotal: money(v.minSubtotal, 'minSubtotal', 'Minimum subtotal'),
    startsAt: instant(v.startsAt),
    endsAt: instant(v.endsAt),
    maxUses: whole(v.maxUses, 'maxUses', 'Total uses'),
    oncePerCustomer: v.oncePerCustomer,
    firstOrderOnly: v.firstOrderOnly,
    designs: v.limitDesigns ? v.designs : null,
    active: v.active,
  } as DiscountCodeInput;
  return Object.keys(fields).length ? { ok: false, fields } : { ok: true, input };
}

/**
 * The form's check: the fields read as the API's body (toInput's messages for what cannot be read),
 * then core's DiscountCodeInputSchema, the server's own, so every message names its field.
 */
export const discountFormSchema = z
  .custom<DiscountFormValues>()
  .transform((values, ctx) => {
    const read = toInput(values);
    if (read.ok) return read.input;
    for (const [path, message] of Object.entries(read.fields)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
    return z.NEVER;
  })
  .pipe(DiscountCodeInputSchema);
