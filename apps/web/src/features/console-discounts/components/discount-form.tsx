import { useId, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { DESIGN_NAMES, designTitle } from '@sunward/core/designs';
import type { DiscountCodeInput } from '@sunward/core/discount-schemas';
import { FieldMessage, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { discountFormSchema, type DiscountFormValues } from './discount-form-model.ts';

/**
 * A discount code's every option (issue 28): the code, what it takes off (percent, amount or free
 * shipping), minimum subtotal, start and end, total uses, once per customer, first order only, limited
 * to designs, active. Each field's message names the field, the server's as well as the form's own.
 */
export function DiscountForm(props: {
  initial: DiscountFormValues;
  submitLabel: string;
  onSubmit(input: DiscountCodeInput): Promise<unknown>;
  onCancel(): void;
}) {
  const id = useId();
  const form = useForm<DiscountFormValues, unknown, DiscountCodeInput>({
    defaultValues: props.initial,
    resolver: zodResolver(discountFormSchema),
  });
  const { register, formState } = form;
  const { errors } = formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const limitDesigns = useWatch({ control: form.control, name: 'limitDesigns' });
  const saving = formState.isSubmitting;
  const message = errors.root?.server?.message ?? errors.root?.check?.message;
  const fieldError = (name: keyof DiscountFormValues) => errors[name]?.message;

  const submit = form.handleSubmit(
    async (input) => {
      try {
        await props.onSubmit(input);
      } catch (error) {
        setServerErrors(form.setError, error);
      }
    },
    () => form.setError('root.check', { message: 'Check the fields marked below.' }),
  );

  const field = (name: string, label: string, control: ReactNode, hint?: string) => (
    <div className="discount-form__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {control}
      {hint ? <p className="discount-form__hint">{hint}</p> : null}
      <FieldMessage
        id={`${id}-${name}-error`}
        message={fieldError(name as keyof DiscountFormValues)}
        className="discount-form__error"
      />
    </div>
  );
  const input = (name: keyof DiscountFormValues & string, extra: object = {}) => (
    <input
      id={`${id}-${name}`}
      className="console-control"
      {...invalidProps(fieldError(name), `${id}-${name}-error`)}
      {...extra}
      {...register(name)}
    />
  );
  const check = (
    name: 'oncePerCustomer' | 'firstOrderOnly' | 'limitDesigns' | 'active',
    label: string,
  ) => (
    <label className="discount-form__check">
      <input type="checkbox" {...register(name)} /> {label}
    </label>
  );

  return (
    <form className="discount-form" onSubmit={(e) => void submit(e)} noValidate>
      {message ? (
        <p role="alert" className="discount-form__error">
          {message}
        </p>
      ) : null}
      {field(
        'code',
        'Code',
        input('code', { autoComplete: 'off', maxLength: 32 }),
        'Shoppers type it in any case; spaces are ignored.',
      )}
      <fieldset className="discount-form__field">
        <legend>Discount</legend>
        {(
          [
            ['percent', 'Percent off'],
            ['amount', 'Amount off'],
            ['free_shipping', 'Free shipping'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="discount-form__check">
            <input type="radio" value={value} {...register('kind')} /> {label}
          </label>
        ))}
      </fieldset>
      {kind === 'percent'
        ? field('percent', 'Percent off', input('percent', { inputMode: 'numeric' }), '1 to 100')
        : null}
      {kind === 'amount'
        ? field('amountOff', 'Amount off ($)', input('amountOff', { inputMode: 'decimal' }))
        : null}
      {field(
        'minSubtotal',
        'Minimum subtotal ($)',
        input('minSubtotal', { inputMode: 'decimal' }),
        'Empty: no minimum.',
      )}
      {field(
        'startsAt',
        'Starts',
        input('startsAt', { type: 'datetime-local' }),
        'Empty: from now.',
      )}
      {field('endsAt', 'Ends', input('endsAt', { type: 'datetime-local' }), 'Empty: no end.')}
      {field(
        'maxUses',
        'Total uses',
        input('maxUses', { inputMode: 'numeric' }),
        'Empty: no limit.',
      )}
      <div className="discount-form__field">
        {check('oncePerCustomer', 'Once per customer (by account or email)')}
        {check('firstOrderOnly', 'First order only')}
        {check('limitDesigns', 'Limited to some designs')}
      </div>
      {limitDesigns ? (
        <fieldset className="discount-form__field discount-form__designs">
          <legend>Designs</legend>
          {DESIGN_NAMES.map((name) => (
            <label key={name} className="discount-form__check">
              <input type="checkbox" value={name} {...register('designs')} /> {designTitle(name)}
            </label>
          ))}
          <FieldMessage
            id={`${id}-designs-error`}
            message={fieldError('designs')}
            className="discount-form__error"
          />
        </fieldset>
      ) : null}
      <div className="discount-form__field">{check('active', 'Active (shoppers can use it)')}</div>
      <div className="discount-form__actions">
        <button
          type="submit"
          className="btn btn--primary btn--small"
          disabled={saving}
          aria-busy={saving}
        >
          {saving ? 'Saving…' : props.submitLabel}
        </button>
        <button type="button" className="btn btn--outline btn--small" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
