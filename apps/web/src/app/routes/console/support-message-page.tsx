import { useParams } from 'react-router';
import { useSupportMessage } from '@/features/console-inbox/api/get-support-message.ts';
import { inboxHref } from '@/features/console-inbox/components/inbox-sections.tsx';
import {
  SupportMessageView,
  SupportStatusButton,
} from '@/features/console-inbox/components/support-message-view.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/inbox/support/:id: the message, its order, the replies, Reply, Close or Reopen. */
export default function SupportMessagePage() {
  const { id = '' } = useParams();
  const { data } = useSupportMessage(id);
  return (
    <ConsolePage
      title="Support message"
      back={{ to: inboxHref('support'), label: 'Inbox' }}
      actions={data ? <SupportStatusButton message={data} /> : null}
    >
      <SupportMessageView id={id} />
    </ConsolePage>
  );
}
