import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FORM_SUBMISSION_FAILED } from '@sunward/core/support';
import { toast } from '@/shared/toast/toast-store.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';
import type { SupportState } from './support-state.ts';
import { FormSent } from './form-sent.tsx';
import { MessageField } from './message-field.tsx';
import './support-forms.css';

/**
 * Support (spec 2): the order number, a message, Send; 'Form Submitted Successfully' on a 200, the
 * 'Form Submission Failed' toast on anything else (spec 8), and Go Back to where the shopper came from.
 */
export function SupportForm({ orderNumber, previousUrl }: SupportState) {
  const id = useId();
  const [message, setMessage] = useState('');
  const send = useSendSupportRequest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ orderNumber, message }, { onError: () => toast.error(FORM_SUBMISSION_FAILED) });
  };

  return (
    <div className="support-form">
      <p className="support-form__order">
        Order # <strong>{orderNumber}</strong>
      </p>
      {send.isSuccess ? (
        <FormSent />
      ) : (
        <form className="support-form__form" onSubmit={submit} noValidate>
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
      )}
      {previousUrl ? (
        <Link to={previousUrl} className="support-form__back">
          Go Back
        </Link>
      ) : null}
    </div>
  );
}
