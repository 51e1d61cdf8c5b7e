import { useEffect, useRef, type FormEvent } from 'react';
import { addressLines } from '@/shared/orders/order-format.ts';
import type { AddressPanelModel } from '../hooks/use-address-panel.ts';
import { AddressFields } from './address-fields.tsx';
import { AddressSuggestion } from './address-suggestion.tsx';
import { SHIPPING_STATES } from './us-states.ts';

/** Spec 4, the checkout address panel: form, suggested, verified or error. */
export function AddressPanel({ model }: { model: AddressPanelModel }) {
  const { panel } = model;
  const focusRef = useRef<HTMLElement | null>(null);
  const firstRender = useRef(true);

  // Each step change moves focus to the new step, so keyboard and screen reader users follow along.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusRef.current?.focus();
  }, [panel.step]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await model.verify();
    if (!sent) {
      const form = event.target as HTMLFormElement;
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  };

  if (panel.step === 'verified') {
    const [street, place] = addressLines(panel.address);
    return (
      <div className="address-verified" ref={(el) => void (focusRef.current = el)} tabIndex={-1}>
        <p className="address-verified__status">
          <span className="address-verified__check" aria-hidden="true">
            ✓
          </span>
          Address verified
        </p>
        <address className="address-verified__address">
          <strong>{model.values.name}</strong>
          <br />
          {street}
          <br />
          {place}
          <br />
          United States
        </address>
        <button type="button" className="btn btn--outline btn--small" onClick={model.backToForm}>
          Edit
        </button>
      </div>
    );
  }

  if (panel.step === 'suggested') {
    return (
      <AddressSuggestion
        panel={panel}
        focusRef={focusRef}
        onChoose={model.choose}
        onConfirm={model.confirmChoice}
        onBack={model.backToForm}
      />
    );
  }

  if (panel.step === 'error') {
    return (
      <div
        className="notice notice--error"
        role="alert"
        ref={(el) => void (focusRef.current = el)}
        tabIndex={-1}
      >
        <p className="notice__message">{panel.message}</p>
        <button type="button" className="link-button" onClick={model.backToForm}>
          Click here to re-enter your shipping address.
        </button>
      </div>
    );
  }

  return (
    <form
      className="address-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Shipping address"
      ref={(el) => void (focusRef.current = el?.querySelector('input') ?? null)}
    >
      <AddressFields
        idPrefix="shipping"
        values={model.values}
        errors={model.showErrors ? model.errors : {}}
        states={SHIPPING_STATES}
        onChange={model.setField}
      />
      <button
        type="submit"
        className="btn btn--primary address-form__verify"
        disabled={model.checking}
        aria-busy={model.checking || undefined}
      >
        {model.checking ? 'Verifying…' : 'Verify Address'}
      </button>
    </form>
  );
}
