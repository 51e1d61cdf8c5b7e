import { useParams } from 'react-router';
import { GuestView } from '@/features/console-customers/components/customer-view.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * /admin/customers/guest/:orderId: a guest buyer (no account; decision 053), found by one of their
 * orders: their orders, messages, data requests, consents and emails, all by the orders' email.
 */
export default function GuestPage() {
  const { orderId = '' } = useParams();
  return (
    <ConsolePage title="Guest" back={{ to: paths.consoleCustomers.href(), label: 'Customers' }}>
      <GuestView orderId={orderId} />
    </ConsolePage>
  );
}
