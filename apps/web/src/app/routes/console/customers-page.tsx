import { CustomerList } from '@/features/console-customers/components/customer-list.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/customers: search customers by email, name or id. */
export default function CustomersPage() {
  return (
    <ConsolePage title="Customers">
      <CustomerList />
    </ConsolePage>
  );
}
