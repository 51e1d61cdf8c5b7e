import {
  CheckNowButton,
  PaymentPageOverview,
} from '@/features/console-payment-page/components/payment-page-overview.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/payment-page: the payment-page monitor's checks and changes, with Check now. */
export default function PaymentPagePage() {
  return (
    <ConsolePage title="Payment page" actions={<CheckNowButton />}>
      <PaymentPageOverview />
    </ConsolePage>
  );
}
