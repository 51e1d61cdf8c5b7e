/** Spec 5, order lookup: the messages of a missing order number and a missing email. */
export const LOOKUP_MESSAGES = {
  orderNumber: 'Enter Order Number',
  email: 'Enter Email Address',
} as const;

export interface LookupValues {
  orderNumber: string;
  email: string;
}

export type LookupErrors = Partial<Record<keyof LookupValues, string>>;

/**
 * Spec 5: both fields are required before searching; a missing email gives 'Enter Email Address', a
 * missing order number 'Enter Order Number', and when both are missing only the order number's message
 * shows. Blank (spaces only) counts as missing.
 */
export function lookupErrors(values: LookupValues): LookupErrors {
  if (!values.orderNumber.trim()) return { orderNumber: LOOKUP_MESSAGES.orderNumber };
  if (!values.email.trim()) return { email: LOOKUP_MESSAGES.email };
  return {};
}
