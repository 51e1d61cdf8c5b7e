import { OrderLookupView } from '@/features/order-lookup/components/order-lookup-view.tsx';
import { PageNotice, useNotice } from '@/shared/ui/page-notice.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import '@/shared/ui/page-frame.css';

/** /order-lookup (spec 2): a guest's order by its number and email, and what can be done with it. */
export default function OrderLookupPage() {
  return (
    <div className="page container page-frame">
      <PageTitle title="Order Lookup" />
      <OrderLookupView notice={useNotice() ? <PageNotice /> : undefined} />
    </div>
  );
}
