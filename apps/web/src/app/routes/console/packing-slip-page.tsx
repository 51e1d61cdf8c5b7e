import { useParams } from 'react-router';
import { PackingSlip } from '@/features/console-orders/components/packing-slip.tsx';

/** /admin/orders/:orderNumber/packing-slip: the order's packing slip, to print. */
export default function PackingSlipPage() {
  const { orderNumber = '' } = useParams();
  return <PackingSlip orderNumber={orderNumber} />;
}
