import { useId, useState, type FormEvent } from 'react';
import { FORM_SUBMISSION_FAILED, longDate } from '@sunward/core/support';
import { toast } from '@/shared/toast/toast-store.ts';
import { useSendDataRequest } from '../api/send-data-request.ts';
import { FormSent } from './form-sent.tsx';
import { MessageField } from './message-field.tsx';
import './support-forms.css';

/**
 * Data Request (spec 2): email and message, Send; 'Form Submitted Successfully' on a 200 (with the date
 * the shop will answer by), the 'Form Submission Failed' toast on anything else (spec 8).
 */
export function DataRequestForm() {
  const id = useId();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendDataRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(
      { email: email.trim(), message },
      { onError: () => toast.error(FORM_SUBMISSION_FAILED) },
    );
  };

  if (send.isSuccess) {
    const { dueBy } = send.data;
    return (
      <div className="support-form">
        <FormSent>
          {dueBy ? <p>We will answer your request by {longDate(dueBy)}.</p> : null}
        </FormSent>
      </div>
    );
  }
  return (
    <div className="support-form">
      <form className="support-form__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            Email
          </label>
          <input
            id={`${id}-email`}
            className="support-form__input"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <MessageField id={`${id}-message`} value={message} onChange={setMessage} />
        <button
          type="submit"
          className="btn btn--primary support-form__send"
          disabled={send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </form>
    </div>
  );
}
