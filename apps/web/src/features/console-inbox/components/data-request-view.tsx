import { useId, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import {
  COMPLETION_NOTE_MAX,
  CompleteDataRequestSchema,
  type DataRequestDetail,
} from '@sunward/core/console-inbox';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { FieldMessage, FormAlert } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { DateTime, formatCalendarDay } from '@/shared/console/console-format.tsx';
import { paths } from '@/shared/paths.ts';
import { useDataRequest } from '../api/get-data-request.ts';
import { useUpdateDataRequest } from '../api/update-data-request.ts';
import { DaysLeftBadge } from './inbox-badges.tsx';
import './inbox.css';

type FoundCustomer = DataRequestDetail['customers'][number];

const CompletionNoteSchema = CompleteDataRequestSchema.pick({ note: true });

/** Mark completed with a note of what was done (required, kept for the record), or reopen. */
function CompletionForm({ request }: { request: DataRequestDetail }) {
  const update = useUpdateDataRequest(request.id);
  const failure = update.isError ? (
    <p role="alert" className="inbox-alert">
      {errorMessage(update.error)}
    </p>
  ) : null;

  if (request.status === 'completed') {
    return (
      <div className="inbox-form">
        <p>
          Completed <DateTime value={request.completedAt ?? ''} />.
        </p>
        {request.completionNote ? <div className="inbox-text">{request.completionNote}</div> : null}
        {failure}
        <div className="inbox-form__buttons">
          <button
            type="button"
            className="btn btn--outline btn--small"
            disabled={update.isPending}
            aria-busy={update.isPending}
            onClick={() => update.mutate({ status: 'open' })}
          >
            {update.isPending ? 'Saving…' : 'Reopen'}
          </button>
        </div>
      </div>
    );
  }
  return <CompleteForm update={update} />;
}

/** The note and Mark Completed; the server's message for the note is shown under it. */
function CompleteForm({ update }: { update: ReturnType<typeof useUpdateDataRequest> }) {
  const id = useId();
  const form = useForm({
    defaultValues: { note: '' },
    resolver: zodResolver(CompletionNoteSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const empty = !useWatch({ control: form.control, name: 'note' }).trim();
  const busy = isSubmitting || update.isPending;
  const noteError = errors.note?.message;
  const submit = form.handleSubmit(async ({ note }) => {
    if (update.isPending) return;
    try {
      await update.mutateAsync({ status: 'completed', note });
      form.reset();
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'note' ? path : null),
      });
    }
  });
  return (
    <form className="inbox-form" onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-note`}>What was done</label>
      <textarea
        id={`${id}-note`}
        className="console-control"
        maxLength={COMPLETION_NOTE_MAX}
        {...form.register('note')}
        aria-invalid={noteError ? true : undefined}
        aria-describedby={noteError ? `${id}-hint ${id}-error` : `${id}-hint`}
        required
      />
      <FieldMessage id={`${id}-error`} message={noteError} />
      <p id={`${id}-hint`} className="inbox-muted">
        For the record, e.g. &quot;Export emailed on 03/14&quot; or &quot;Personal data
        erased&quot;.
      </p>
      <FormAlert errors={errors} className="inbox-alert" />
      <div className="inbox-form__buttons">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={empty || busy}
          aria-busy={busy}
        >
          {busy ? 'Saving…' : 'Mark Completed'}
        </button>
      </div>
    </form>
  );
}

/**
 * Everything kept under the request's email (decision 053): the guest buyer with it, and the page's
 * Export and Erase once the requester proved the email with the emailed link (never before: the
 * address may not be theirs).
 */
function EmailData({
  request,
  emailActions,
}: {
  request: DataRequestDetail;
  emailActions?: (request: DataRequestDetail) => ReactNode;
}) {
  return (
    <section className="inbox-card" aria-labelledby="data-request-email">
      <h2 id="data-request-email" className="inbox-card__title">
        Everything under this email
      </h2>
      {request.guest ? (
        <p>
          <Link to={paths.consoleGuest.href({ orderId: request.guest.id })}>
            Guest buyer with this email
          </Link>{' '}
          <span className="inbox-muted">
            ({request.guest.orderCount} order{request.guest.orderCount === 1 ? '' : 's'} without an
            account)
          </span>
        </p>
      ) : null}
      {request.erased ? (
        <p className="inbox-muted">Erased: nothing is kept under the email any more.</p>
      ) : request.emailProvenAt ? (
        <>
          <p className="inbox-muted">
            Guest orders, checkouts, support messages, data requests, marketing consents and emails
            with this address, whoever sent them.
          </p>
          {emailActions?.(request)}
        </>
      ) : (
        <p className="inbox-muted">
          Export and Erase open once the requester confirms that the email is theirs, with the link
          we emailed them.
        </p>
      )}
    </section>
  );
}

/**
 * One privacy data request: its deadline, the request and whether its email is proven, the customers
 * it may be about (each with the actions the page gives, Export and Erase), everything under its
 * email (Export and Erase once proven) and marking it completed.
 */
export function DataRequestView({
  id,
  customerActions,
  emailActions,
}: {
  id: string;
  /** What the page offers for a customer the request may be about. */
  customerActions?: (customer: FoundCustomer) => ReactNode;
  /** What the page offers for everything under the request's email, once proven. */
  emailActions?: (request: DataRequestDetail) => ReactNode;
}) {
  const query = useDataRequest(id);
  if (query.isError) {
    return (
      <ConsoleError
        error={query.error}
        title="This data request could not be loaded."
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  const request = query.data;
  if (!request) return <p className="inbox-muted">Loading the request…</p>;
  return (
    <div className="inbox-section">
      <section className="inbox-card" aria-labelledby="data-request-title">
        <h2 id="data-request-title" className="inbox-card__title">
          Request
        </h2>
        <dl className="inbox-facts">
          <dt>Deadline</dt>
          <dd>
            <DaysLeftBadge request={request} />
          </dd>
          <dt>Due by</dt>
          <dd>{formatCalendarDay(request.dueBy)}</dd>
          <dt>Received</dt>
          <dd>
            <DateTime value={request.receivedAt} />
          </dd>
          <dt>From</dt>
          <dd>{request.erased ? 'Erased' : request.email}</dd>
          <dt>Proof of email</dt>
          <dd>
            {request.emailProvenAt ? (
              <>
                Email proven <DateTime value={request.emailProvenAt} />
              </>
            ) : (
              'Not proven yet'
            )}
          </dd>
        </dl>
        {request.erased ? (
          <p className="inbox-muted">
            The requester&apos;s personal data was erased; the dates and status stay for the record.
          </p>
        ) : (
          <blockquote className="inbox-text">{request.message}</blockquote>
        )}
      </section>

      <section className="inbox-card" aria-labelledby="data-request-customers">
        <h2 id="data-request-customers" className="inbox-card__title">
          Customer
        </h2>
        {request.customers.length === 0 ? (
          <p className="inbox-muted">
            No customer account has this email or sent the request signed in
            {request.guest ? ': see the guest buyer below.' : '.'}
          </p>
        ) : (
          <ul className="inbox-replies">
            {request.customers.map((customer) => (
              <li key={customer.id} className="inbox-card">
                <p>
                  <Link to={paths.consoleCustomer.href({ customerId: customer.id })}>
                    {customer.erasedAt
                      ? `Erased ${customer.erasedGuest ? 'guest' : 'customer'} ${customer.id}`
                      : customer.name || customer.email}
                  </Link>{' '}
                  {customer.erasedAt ? null : (
                    <span className="inbox-muted">
                      {customer.email}
                      {customer.emailVerified ? ' (verified)' : ' (not verified)'}
                    </span>
                  )}
                </p>
                {customer.erasedAt ? (
                  <p className="inbox-muted">
                    Erased <DateTime value={customer.erasedAt} />.
                  </p>
                ) : (
                  customerActions?.(customer)
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <EmailData request={request} emailActions={emailActions} />

      <section className="inbox-card" aria-labelledby="data-request-done">
        <h2 id="data-request-done" className="inbox-card__title">
          Completion
        </h2>
        <CompletionForm request={request} />
      </section>
    </div>
  );
}
