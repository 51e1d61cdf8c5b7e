import type { UspsAddress } from '@sunward/core/checkout-schemas';
import type { AddressParam } from '../api/checkout-api-paths.ts';

/** The address form's fields: a full name and a US address (country is always US). */
export interface AddressFormValues extends AddressParam {
  name: string;
}
export type AddressField = keyof AddressFormValues;

export const EMPTY_ADDRESS: AddressFormValues = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
};

/** Spec 5: the messages of the billing (and shipping) address fields. */
export const ADDRESS_MESSAGES = {
  name: 'Please provide your full name.',
  incomplete: 'This field is incomplete.',
} as const;

const ZIP = /^\d{5}(-\d{4})?$/;

/** Field messages for an address; line 2 is optional. Empty when the address is complete. */
export function addressErrors(values: AddressFormValues): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  if (!values.name.trim()) errors.name = ADDRESS_MESSAGES.name;
  if (!values.line1.trim()) errors.line1 = ADDRESS_MESSAGES.incomplete;
  if (!values.city.trim()) errors.city = ADDRESS_MESSAGES.incomplete;
  if (!values.state.trim()) errors.state = ADDRESS_MESSAGES.incomplete;
  if (!ZIP.test(values.postal_code.trim())) errors.postal_code = ADDRESS_MESSAGES.incomplete;
  return errors;
}

export function isAddressComplete(values: AddressFormValues): boolean {
  return Object.keys(addressErrors(values)).length === 0;
}

/** The address part, trimmed, as the API takes it. */
export function toAddressParam(values: AddressParam): AddressParam {
  return {
    line1: values.line1.trim(),
    line2: values.line2.trim(),
    city: values.city.trim(),
    state: values.state.trim().toUpperCase(),
    postal_code: values.postal_code.trim(),
  };
}

export function fromUspsAddress(usps: UspsAddress): AddressParam {
  return {
    line1: usps.streetAddress,
    line2: usps.secondaryAddress,
    city: usps.city,
    state: usps.state,
    postal_code: usps.ZIPCode,
  };
}

const same = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toUpperCase() === b.trim().replace(/\s+/g, ' ').toUpperCase();

/** Spec 4: verified when the checked address equals the entered one, ignoring case, line 2 and country. */
export function isSameAddress(entered: AddressParam, checked: UspsAddress): boolean {
  return (
    same(entered.line1, checked.streetAddress) &&
    same(entered.city, checked.city) &&
    same(entered.state, checked.state) &&
    same(entered.postal_code.slice(0, 5), checked.ZIPCode.slice(0, 5))
  );
}
