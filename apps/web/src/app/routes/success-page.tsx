import { useSearchParams } from 'react-router';
import { SuccessView } from '../../features/checkout/components/success-view.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';

/**
 * /success?payment_intent=…&payment_intent_client_secret=…: where the card provider returns the shopper
 * (spec 2 and 7). The client secret proves the shopper's claim to the order; the id alone reads nothing.
 */
export default function SuccessPage() {
  const [params] = useSearchParams();
  return (
    <div className="page">
      <PageTitle title="Thank You" />
      <SuccessView
        paymentIntentId={params.get('payment_intent')}
        clientSecret={params.get('payment_intent_client_secret')}
        failed={params.get('redirect_status') === 'failed'}
      />
    </div>
  );
}
