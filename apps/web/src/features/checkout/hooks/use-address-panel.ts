import { useCallback, useState } from 'react';
import { useCheckAddress } from '../api/check-address.ts';
import type { AddressParam } from '../api/checkout-api-paths.ts';
import {
  addressErrors,
  EMPTY_ADDRESS,
  fromUspsAddress,
  isSameAddress,
  toAddressParam,
  type AddressField,
  type AddressFormValues,
} from './address-model.ts';

export type AddressChoice = 'suggested' | 'entered';

/** Spec 4, the checkout address panel: form, suggested, verified or error. */
export type PanelStep =
  | { step: 'form' }
  | { step: 'suggested'; entered: AddressParam; suggestion: AddressParam; choice: AddressChoice }
  | { step: 'verified'; address: AddressParam; suggested: boolean }
  | { step: 'error'; message: string };

/** The address the order ships to, once verified: who, where, and whether it was the suggestion. */
export interface ShippingAddress {
  name: string;
  address: AddressParam;
  suggested: boolean;
}

export function useAddressPanel() {
  const [values, setValues] = useState<AddressFormValues>(EMPTY_ADDRESS);
  const [panel, setPanel] = useState<PanelStep>({ step: 'form' });
  const [showErrors, setShowErrors] = useState(false);
  const check = useCheckAddress();
  const errors = addressErrors(values);

  const setField = useCallback((field: AddressField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
  }, []);

  /** Verify Address: needs a complete address; answers verified, suggested or error. */
  const verify = async (): Promise<boolean> => {
    if (Object.keys(errors).length > 0) {
      setShowErrors(true);
      return false;
    }
    const entered = toAddressParam(values);
    try {
      const result = await check.mutateAsync(entered);
      if ('message' in result) setPanel({ step: 'error', message: result.message });
      else if (isSameAddress(entered, result))
        setPanel({ step: 'verified', address: entered, suggested: false });
      else
        setPanel({
          step: 'suggested',
          entered,
          suggestion: fromUspsAddress(result),
          choice: 'suggested',
        });
    } catch (error) {
      setPanel({ step: 'error', message: (error as Error).message });
    }
    return true;
  };

  const choose = (choice: AddressChoice) =>
    setPanel((p) => (p.step === 'suggested' ? { ...p, choice } : p));

  const confirmChoice = () =>
    setPanel((p) =>
      p.step === 'suggested'
        ? {
            step: 'verified',
            address: p.choice === 'suggested' ? p.suggestion : p.entered,
            suggested: p.choice === 'suggested',
          }
        : p,
    );

  /** Edit (verified) and 'Click here to re-enter…' (error): back to the form, nothing chosen. */
  const backToForm = () => setPanel({ step: 'form' });

  const shipping: ShippingAddress | null =
    panel.step === 'verified'
      ? { name: values.name.trim(), address: panel.address, suggested: panel.suggested }
      : null;

  return {
    values,
    errors,
    showErrors,
    setField,
    panel,
    checking: check.isPending,
    verify,
    choose,
    confirmChoice,
    backToForm,
    shipping,
  };
}

export type AddressPanelModel = ReturnType<typeof useAddressPanel>;
