import { OrdersList } from '@/features/console-orders/components/orders-list.tsx';

/** /admin/orders: the orders list (filters, search, pages, CSV, Mark shipped). */
export default function OrdersPage() {
  return <OrdersList />;
}
