import { useParams } from 'react-router';
import {
  CustomerPageActions,
  CustomerView,
} from '@/features/console-customers/components/customer-view.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { paths } from '@/shared/paths.ts';

/** /admin/customers/:customerId: the record, orders, messages and emails; Export JSON and Erase. */
export default function CustomerPage() {
  const { customerId = '' } = useParams();
  return (
    <ConsolePage
      title="Customer"
      back={{ to: paths.consoleCustomers.href(), label: 'Customers' }}
      actions={<CustomerPageActions id={customerId} />}
    >
      <CustomerView id={customerId} />
    </ConsolePage>
  );
}
