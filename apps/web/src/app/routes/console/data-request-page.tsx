import { useParams } from 'react-router';
import {
  CustomerDataActions,
  RequestDataActions,
} from '@/features/console-customers/components/customer-data-actions.tsx';
import { DataRequestView } from '@/features/console-inbox/components/data-request-view.tsx';
import { inboxHref } from '@/features/console-inbox/components/inbox-sections.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/**
 * /admin/inbox/data-requests/:id: the request and its deadline, the customer it is about with Export
 * and Erase, Export and Erase of everything under its email once proven, and Mark Completed.
 */
export default function DataRequestPage() {
  const { id = '' } = useParams();
  return (
    <ConsolePage title="Data request" back={{ to: inboxHref('data-requests'), label: 'Inbox' }}>
      <DataRequestView
        id={id}
        customerActions={(customer) => <CustomerDataActions customer={customer} />}
        emailActions={(request) => <RequestDataActions request={request} />}
      />
    </ConsolePage>
  );
}
