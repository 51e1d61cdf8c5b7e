import type { ConsoleOrderDetail } from '@sunward/core/console-orders';
import { DateTime } from '@/shared/console/console-format.tsx';
import { StatusBadge } from '@/shared/console/status-badge.tsx';

/** The emails sent for the order (the outbox): subject, to whom, when, and whether they went. */
export function OrderEmails({ emails }: { emails: ConsoleOrderDetail['emails'] }) {
  if (!emails.length) return <p className="console-orders__muted">No emails for this order.</p>;
  return (
    <ul className="console-orders__entries">
      {emails.map((e) => (
        <li key={e.id}>
          <p>
            <strong>{e.subject}</strong> <StatusBadge kind="email" status={e.status} />
          </p>
          <p className="console-orders__muted">
            To {e.to}, <DateTime value={e.sentAt ?? e.createdAt} />
          </p>
          {e.lastError ? <p className="console-orders__muted">Error: {e.lastError}</p> : null}
        </li>
      ))}
    </ul>
  );
}
