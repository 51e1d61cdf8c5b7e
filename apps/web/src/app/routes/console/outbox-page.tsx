import { EmailList } from '@/features/console-outbox/components/email-list.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/outbox: every email with its status; one opened over the list with its preview. */
export default function OutboxPage() {
  return (
    <ConsolePage title="Outbox">
      <EmailList />
    </ConsolePage>
  );
}
