import { FrameSkeleton } from '@/shared/ui/page-frame.tsx';
import { CheckoutHead } from './checkout-view.tsx';
import './checkout.css';

/**
 * /checkout as it arrives (decision 054): the title and the way back to the bag over a skeleton of the
 * form, while the bag (this browser's, or a signed-in shopper's on its way from the server) is not
 * known yet; the app then shows the checkout, or moves an empty bag's shopper to /bag.
 */
export function CheckoutFrame() {
  return (
    <div className="checkout container page-frame">
      <CheckoutHead />
      <div className="checkout__layout">
        <div className="checkout__main">
          <FrameSkeleton blocks={['line', 'field', 'line', 'field', 'field', 'field']} />
        </div>
      </div>
    </div>
  );
}
