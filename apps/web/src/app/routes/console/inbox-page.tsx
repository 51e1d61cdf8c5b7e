import { DataRequestList } from '@/features/console-inbox/components/data-request-list.tsx';
import {
  InboxSections,
  useInboxSection,
} from '@/features/console-inbox/components/inbox-sections.tsx';
import { SupportList } from '@/features/console-inbox/components/support-list.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/inbox: support messages, or data requests with their 45-day clock (?section=data-requests). */
export default function InboxPage() {
  const section = useInboxSection();
  return (
    <ConsolePage title="Inbox">
      <InboxSections />
      {section === 'support' ? <SupportList /> : <DataRequestList />}
    </ConsolePage>
  );
}
