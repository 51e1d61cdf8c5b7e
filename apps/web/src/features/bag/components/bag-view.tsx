import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@sunward/core/money';
import { paths } from '@/shared/paths.ts';
import { useConfiguration } from '@/shared/api/catalog/get-configuration.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { PurchasePromise } from '@/shared/ui/purchase-promise.tsx';
import { SizeTable } from '@/shared/ui/size-table.tsx';
import { DiscountCodeField } from '@/shared/discount/discount-code-field.tsx';
import { useBagDiscount } from '../hooks/use-bag-discount.ts';
import { useBagLines } from '../hooks/use-bag-lines.ts';
import { BagLineItem } from './bag-line-item.tsx';
import { FreeShippingBar } from './free-shipping-bar.tsx';
import './bag-view.css';

/**
 * Spec 2, /bag: lines, subtotal, free-shipping progress, Checkout, size guide; or the empty state (not
 * while a signed-in bag is still on its way from the server, nor in the prerendered page).
 */
export function BagView() {
  const { lines, subtotal, count } = useBagLines();
  const { freeShippingTarget } = useConfiguration();
  const setQuantity = useBagStore((s) => s.setQuantity);
  const remove = useBagStore((s) => s.remove);
  const ready = useBagStore((s) => s.ready);
  const discount = useBagDiscount(lines);
  // The bag lives in this browser (localStorage, or the server's for a signed-in shopper): the page
  // arrives rendered without it (docs/decisions/025) and shows it once the app has hydrated.
  const known = useHydrated();
  const [sizeGuideOpen, setSizeGuideOpen] = useState(false);

  return (
    <div className="bag container">
      <div className="page-head">
        <h1 className="page-head__title">Shopping Bag</h1>
        <p className="bag__key" aria-label="Size key: S is Short, R is Regular">
          <span className="badge badge--short" aria-hidden="true">
            S
          </span>{' '}
          Short
          <span className="badge badge--regular" aria-hidden="true">
            R
          </span>{' '}
          Regular
        </p>
      </div>
      {!known || (lines.length === 0 && !ready) ? null : lines.length === 0 ? (
        <div className="bag-empty">
          <h2>Your Shopping Bag is Empty</h2>
          <p>Thirty designs, made for long days in the sun.</p>
          <Link to={paths.designs.href()} className="btn btn--primary">
            Browse Designs
          </Link>
        </div>
      ) : (
        <div className="bag__layout">
          <ul className="bag__lines" aria-label="Items in your bag">
            {lines.map((line) => (
              <BagLineItem
                key={line.itemId}
                line={line}
                onQuantity={(q) => void setQuantity(line.itemId, q)}
                onRemove={() => void remove(line.itemId)}
              />
            ))}
          </ul>
          <aside className="bag__summary" aria-label="Order summary">
            <FreeShippingBar subtotal={subtotal} target={freeShippingTarget} />
            <p className="bag__subtotal">
              <span>
                Subtotal ({count} {count === 1 ? 'item' : 'items'})
              </span>
              <strong>{formatMoney(subtotal)}</strong>
            </p>
            {discount.discount ? (
              <p className="bag__subtotal">
                <span>Discount ({discount.discount.code})</span>
                <strong>
                  {discount.discount.kind === 'free_shipping'
                    ? 'Free shipping'
                    : formatMoney(-discount.discount.discount)}
                </strong>
              </p>
            ) : null}
            <DiscountCodeField
              applied={discount.code}
              onApply={discount.apply}
              onRemove={discount.remove}
            />
            {discount.problem ? (
              <p className="bag__note" role="alert">
                {discount.problem}
              </p>
            ) : null}
            <p className="bag__note">Shipping and sales tax are calculated at checkout.</p>
            <Link to={paths.checkout.href()} className="btn btn--primary btn--block">
              Checkout
            </Link>
            <button
              type="button"
              className="btn btn--outline btn--block"
              onClick={() => setSizeGuideOpen(true)}
            >
              Size Guide
            </button>
            <PurchasePromise />
          </aside>
        </div>
      )}
      <Modal open={sizeGuideOpen} onClose={() => setSizeGuideOpen(false)} title="Size Guide">
        <SizeTable />
      </Modal>
    </div>
  );
}
