import { useParams } from 'react-router';
import { OrderDetail } from '@/features/console-orders/components/order-detail.tsx';

/** /admin/orders/:orderNumber: one order, everything to act on it. */
export default function OrderPage() {
  const { orderNumber = '' } = useParams();
  // Keyed by the order: another order's page starts with its own dialogs and drafts.
  return <OrderDetail key={orderNumber} orderNumber={orderNumber} />;
}
