import { Link } from 'react-router';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { paths } from '@/shared/paths.ts';
import './purchase-promise.css';

/**
 * What a shopper checks where they decide to buy (the add-to-bag modal, the bag): the return promise
 * in the spec's figures (section 9: 15 days after receipt, one free return per order) and the support
 * address from the settings.
 */
export function PurchasePromise() {
  const { supportEmail } = useConfiguration();
  return (
    <div className="purchase-promise">
      <p>
        <strong>Easy returns:</strong> return within 15 days after you receive your order. One free
        return per order. <Link to={paths.returnPolicy.href()}>Return policy</Link>
      </p>
      <p>
        Questions? Email <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </p>
    </div>
  );
}
