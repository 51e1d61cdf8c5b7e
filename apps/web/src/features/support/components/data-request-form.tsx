import { useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_SUBMISSION_FAILED, longDate } from '@sunward/core/support';
import { toast } from '@/shared/toast/toast-store.ts';
import { useSendDataRequest } from '../api/send-data-request.ts';
import { FormSent } from './form-sent.tsx';
import { MessageField } from './message-field.tsx';
import './support-forms.css';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';

/**
 * Data Request (spec 2): email and message, Send; 'Form Submitted Successfully' on a 200 (with the date
 * the shop will answer by), the 'Form Submission Failed' toast on anything else (spec 8).
 */
export function DataRequestForm() {
  const id = useId();
  const hydrated = useHydrated();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const form = useRef<HTMLFormElement>(null);
  // What was typed into the prerendered page before the app hydrated it is kept (issue 30).
  useLayoutEffect(() => {
    const typedEmail = form.current?.querySelector('input')?.value ?? '';
    const typedMessage = form.current?.querySelector('textarea')?.value ?? '';
    if (typedEmail) setEmail(typedEmail);
    if (typedMessage) setMessage(typedMessage);
  }, []);
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
          <p>
            We emailed you a link: open it to confirm that the email address is yours. We share or
            delete personal information only once it is confirmed.
          </p>
        </FormSent>
      </div>
    );
  }
  return (
    <div className="support-form">
      <form ref={form} className="support-form__form" onSubmit={submit} noValidate>
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
          // Prerendered (issue 30): a press before the app has hydrated would submit the bare form.
          disabled={send.isPending || !hydrated}
          aria-busy={send.isPending}
        >
          {send.isPending ? 'Sending…' : 'Send'}
        </button>
      </form>
    </div>
  );
}
