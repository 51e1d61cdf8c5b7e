import type { BillingAddressModel } from '../hooks/use-billing-address.ts';
import { AddressFields } from './address-fields.tsx';
import { BILLING_STATES } from './us-states.ts';

/** Spec 5: 'Billing address is different from shipping' and, when ticked, the billing fields. */
export function BillingAddress({ model }: { model: BillingAddressModel }) {
  return (
    <div className="billing">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={model.separate}
          onChange={(e) => model.setSeparate(e.target.checked)}
        />
        <span>Billing address is different from shipping</span>
      </label>
      {model.separate ? (
        <fieldset className="billing__fields">
          <legend className="checkout__subheading">Billing address</legend>
          <AddressFields
            idPrefix="billing"
            values={model.values}
            errors={model.visibleErrors}
            states={BILLING_STATES}
            onChange={model.setField}
            onBlur={model.touch}
          />
        </fieldset>
      ) : null}
    </div>
  );
}
