import { useId } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import {
  EMAIL_ERASURE_KEEPS,
  EMAIL_ERASURE_REMOVES,
  ERASURE_KEEPS,
  ERASURE_REMOVES,
  EraseCustomerBodySchema,
  type EraseCustomerAnswer,
} from '@sunward/core/console-customers';
import { FieldMessage, FormAlert, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import './customers.css';

export interface ErasableCustomer {
  id: string;
  email: string;
  name: string;
}

/**
 * A customer (by their record), or everything kept under a data request's proven email (decision
 * 053), where `customer` is the request (its id and email).
 */
export type ErasureSubject = 'customer' | 'request';

/**
 * Erase a customer's personal data, or everything under a request's proven email: what goes and what
 * stays, said plainly before anything happens; the operator types the email to confirm (the button
 * waits for it), and the server's answer (done, or why not, e.g. an order not shipped yet) is shown
 * (a field's message at the field, decision 052). It cannot be undone.
 */
export function EraseDialog({
  subject = 'customer',
  customer,
  erase,
  open,
  onClose,
}: {
  subject?: ErasureSubject;
  customer: ErasableCustomer;
  /** The erasure, given the typed email. */
  erase: UseMutationResult<EraseCustomerAnswer, Error, string>;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const toast = useToastStore((s) => s.show);
  const form = useForm({
    defaultValues: { confirmEmail: '' },
    resolver: zodResolver(EraseCustomerBodySchema),
  });
  const { errors, isSubmitting } = form.formState;
  const typed = useWatch({ control: form.control, name: 'confirmEmail' });
  const expected = (customer.email || customer.id).trim().toLowerCase();
  const confirmed = typed.trim().toLowerCase() === expected;
  const busy = isSubmitting || erase.isPending;

  const close = () => {
    if (busy) return;
    form.reset();
    erase.reset();
    onClose();
  };
  const submit = form.handleSubmit(async () => {
    if (!confirmed || erase.isPending) return;
    try {
      const answer = await erase.mutateAsync(typed);
      toast(
        'success',
        answer.alreadyErased
          ? `This ${subject === 'request' ? 'email' : 'customer'} was already erased.`
          : 'Personal data erased.',
      );
      form.reset();
      onClose();
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'confirmEmail' ? path : null),
      });
    }
  });
  const fieldError = errors.confirmEmail?.message;

  return (
    <Modal open={open} onClose={close} title="Erase Personal Data">
      <form className="erase-dialog" onSubmit={(event) => void submit(event)}>
        {subject === 'request' ? (
          <p>
            Erase everything kept under <strong>{customer.email}</strong>, guest orders included?
            This cannot be undone: export the data first if they asked for a copy.
          </p>
        ) : (
          <p>
            Erase the personal data of <strong>{customer.name || customer.email}</strong>
            {customer.name ? ` (${customer.email})` : ''}? This cannot be undone: export their data
            first if they asked for a copy.
          </p>
        )}
        <h3 className="erase-dialog__heading">What is erased</h3>
        <ul className="erase-dialog__list">
          {(subject === 'request' ? EMAIL_ERASURE_REMOVES : ERASURE_REMOVES).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <h3 className="erase-dialog__heading">What is kept</h3>
        <ul className="erase-dialog__list">
          {(subject === 'request' ? EMAIL_ERASURE_KEEPS : ERASURE_KEEPS).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <label htmlFor={`${id}-confirm`} className="erase-dialog__label">
          {subject === 'request'
            ? `Type the request's email (${customer.email}) to confirm`
            : customer.email
              ? `Type the customer's email (${customer.email}) to confirm`
              : `Type the customer's id (${customer.id}) to confirm`}
        </label>
        <input
          id={`${id}-confirm`}
          className="console-control"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          {...invalidProps(fieldError, `${id}-error`)}
          {...form.register('confirmEmail')}
        />
        <FieldMessage id={`${id}-error`} message={fieldError} />
        <FormAlert errors={errors} className="customers-alert" prefix="Nothing was erased: " />
        <div className="erase-dialog__actions">
          <button type="button" className="btn btn--outline" onClick={close} disabled={busy}>
            Go Back
          </button>
          <button
            type="submit"
            className="btn customers-danger"
            disabled={!confirmed || busy}
            aria-busy={busy}
          >
            {busy ? 'Erasing…' : 'Erase Personal Data'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
