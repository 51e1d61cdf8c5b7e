import { useState } from 'react';
import {
  addressErrors,
  EMPTY_ADDRESS,
  type AddressField,
  type AddressFormValues,
} from './address-model.ts';

/**
 * Spec 5: the optional separate billing address. Ticked, it needs a full name, line 1, city, state and
 * ZIP (line 2 optional); unticked, its fields are cleared.
 */
export function useBillingAddress() {
  const [separate, setSeparateState] = useState(false);
  const [values, setValues] = useState<AddressFormValues>(EMPTY_ADDRESS);
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const errors = separate ? addressErrors(values) : {};
  const visibleErrors = Object.fromEntries(
    Object.entries(errors).filter(([field]) => touched[field as AddressField]),
  ) as typeof errors;

  const setSeparate = (on: boolean) => {
    setSeparateState(on);
    if (!on) {
      setValues(EMPTY_ADDRESS);
      setTouched({});
    }
  };

  return {
    separate,
    setSeparate,
    values,
    setField: (field: AddressField, value: string) => setValues((v) => ({ ...v, [field]: value })),
    touch: (field: AddressField) => setTouched((t) => ({ ...t, [field]: true })),
    visibleErrors,
    complete: !separate || Object.keys(errors).length === 0,
  };
}

export type BillingAddressModel = ReturnType<typeof useBillingAddress>;
