import { useParams } from 'react-router';
import { useCustomer } from '@/features/console-customers/api/get-customer.ts';
import {
  CustomerPageActions,
  CustomerView,
} from '@/features/console-customers/components/customer-view.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * /admin/customers/:customerId: the record, orders, messages and emails; Export JSON and Erase. An
 * erased guest buyer's record (decision 053) lives here too, titled Guest as on the guests' page.
 */
export default function CustomerPage() {
  const { customerId = '' } = useParams();
  const { data } = useCustomer(customerId);
  return (
    <ConsolePage
      title={data?.customer.kind === 'erased-guest' ? 'Guest' : 'Customer'}
      back={{ to: paths.consoleCustomers.href(), label: 'Customers' }}
      actions={<CustomerPageActions id={customerId} />}
    >
      <CustomerView id={customerId} />
    </ConsolePage>
  );
}
