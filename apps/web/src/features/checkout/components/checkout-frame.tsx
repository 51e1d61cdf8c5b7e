import { FrameBlocks } from '@/shared/ui/page-frame.tsx';
import { CheckoutHead, CheckoutSection, OptionsAfterAddress } from './checkout-view.tsx';
import './checkout.css';

/**
 * /checkout as it arrives (decision 054): the title, the way back to the bag and the form's steps with
 * grey blocks for their fields, while the bag (this browser's, or a signed-in shopper's on its way from
 * the server) is not known yet; the app then shows the checkout in the same places, or moves an empty
 * bag's shopper to /bag.
 */
export function CheckoutFrame() {
  return (
    <div className="checkout container page-frame">
      <CheckoutHead />
      <div className="checkout__layout" role="status" aria-label="Loading" aria-busy="true">
        <div className="checkout__main">
          <CheckoutSection step="contact">
            <FrameBlocks blocks={['field']} />
          </CheckoutSection>
          <CheckoutSection step="shipping">
            <FrameBlocks blocks={['field', 'field', 'field']} />
          </CheckoutSection>
          <CheckoutSection step="option">
            <OptionsAfterAddress />
          </CheckoutSection>
          <CheckoutSection step="payment">
            <FrameBlocks blocks={['box']} />
          </CheckoutSection>
        </div>
      </div>
    </div>
  );
}
