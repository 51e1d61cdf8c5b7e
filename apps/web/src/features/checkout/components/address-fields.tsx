import type { AddressField, AddressFormValues } from '../hooks/address-model.ts';
import type { StateOption } from './us-states.ts';

export interface AddressFieldsProps {
  /** Prefix of the inputs' ids ('shipping', 'billing'). */
  idPrefix: string;
  values: AddressFormValues;
  /** Messages to show now (the caller decides when: after a blur or a submit). */
  errors: Partial<Record<AddressField, string>>;
  states: readonly StateOption[];
  onChange: (field: AddressField, value: string) => void;
  onBlur?: (field: AddressField) => void;
}

const FIELDS: { field: Exclude<AddressField, 'state'>; label: string; autoComplete: string }[] = [
  { field: 'name', label: 'Full name', autoComplete: 'name' },
  { field: 'line1', label: 'Address line 1', autoComplete: 'address-line1' },
  { field: 'line2', label: 'Address line 2 (optional)', autoComplete: 'address-line2' },
  { field: 'city', label: 'City', autoComplete: 'address-level2' },
];

/** Full name and a US address, each labelled, each with its message tied by aria-describedby. */
export function AddressFields({ idPrefix, values, errors, states, ...on }: AddressFieldsProps) {
  const id = (field: AddressField | 'country') => `${idPrefix}-${field}`;
  const message = (field: AddressField) =>
    errors[field] ? (
      <p className="field__error" id={`${id(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const a11y = (field: AddressField) => ({
    id: id(field),
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id(field)}-error` : undefined,
    onBlur: () => on.onBlur?.(field),
  });
  const section = idPrefix === 'billing' ? 'billing' : 'shipping';
  return (
    <div className="address-fields">
      {FIELDS.map(({ field, label, autoComplete }) => (
        <div key={field} className={`field address-fields__${field}`}>
          <label className="field__label" htmlFor={id(field)}>
            {label}
          </label>
          <input
            className="input"
            type="text"
            value={values[field]}
            autoComplete={`${section} ${autoComplete}`}
            onChange={(e) => on.onChange(field, e.target.value)}
            {...a11y(field)}
          />
          {message(field)}
        </div>
      ))}
      <div className="field address-fields__state">
        <label className="field__label" htmlFor={id('state')}>
          State
        </label>
        <select
          className="select"
          value={values.state}
          autoComplete={`${section} address-level1`}
          onChange={(e) => on.onChange('state', e.target.value)}
          {...a11y('state')}
        >
          <option value="">Select a state</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
        {message('state')}
      </div>
      <div className="field address-fields__zip">
        <label className="field__label" htmlFor={id('postal_code')}>
          ZIP code
        </label>
        <input
          className="input"
          type="text"
          inputMode="numeric"
          maxLength={10}
          value={values.postal_code}
          autoComplete={`${section} postal-code`}
          onChange={(e) => on.onChange('postal_code', e.target.value)}
          {...a11y('postal_code')}
        />
        {message('postal_code')}
      </div>
      <div className="field address-fields__country">
        <label className="field__label" htmlFor={id('country')}>
          Country
        </label>
        <input
          id={id('country')}
          className="input input--readonly"
          type="text"
          value="United States"
          readOnly
          aria-describedby={section === 'shipping' ? `${id('country')}-note` : undefined}
        />
        {section === 'shipping' ? (
          <p className="field__hint" id={`${id('country')}-note`}>
            We ship within the United States only.
          </p>
        ) : null}
      </div>
    </div>
  );
}
