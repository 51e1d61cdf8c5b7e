import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Design } from '@sunward/core/designs';
import { sizeInfo } from '@sunward/core/sizes';
import { paths } from '@/shared/paths.ts';
import { useInventory } from '@/shared/api/catalog/get-inventory.ts';
import { useShirtProduct } from '@/shared/api/catalog/get-products.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { PurchasePromise } from '@/shared/ui/purchase-promise.tsx';
import { useProduct } from '../api/get-product.ts';
import { useAddToBagForm } from '../hooks/use-add-to-bag-form.ts';
import { BackInStockForm } from './back-in-stock-form.tsx';
import { DesignSlideshow } from './design-slideshow.tsx';
import { FitAdvice } from './fit-advice.tsx';
import { ProductFactsList } from './product-facts-list.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { ShirtOptionsForm } from './shirt-options-form.tsx';
import './add-to-bag-modal.css';

export interface AddToBagModalProps {
  design: Design | null;
  open: boolean;
  onClose: () => void;
}

/** Spec 2 and 4: slideshow and shirt options, then the 'Design was Added To Bag' confirmation. */
export function AddToBagModal({ design, open, onClose }: AddToBagModalProps) {
  const shirt = useShirtProduct();
  const product = useProduct(shirt, open).data;
  const inventory = useInventory(shirt?.productId, open).data;
  const form = useAddToBagForm(design?.designName ?? null, product);
  const firstAction = useRef<HTMLButtonElement>(null);

  const added = form.added;
  useEffect(() => {
    if (added) firstAction.current?.focus();
  }, [added]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={form.reset}
      size="lg"
      title={added ? 'Design was Added To Bag' : (design?.designTitle ?? '')}
    >
      {design ? (
        <div className="add-to-bag">
          <DesignSlideshow design={design} />
          {added ? (
            <div className="add-to-bag__done">
              <div className="add-to-bag__done-text">
                <p>
                  <strong>{design.designTitle}</strong> is in your shopping bag.
                </p>
                <dl className="add-to-bag__added" aria-label="Added">
                  <div>
                    <dt>Size</dt>
                    <dd>{sizeInfo(added.size).label}</dd>
                  </div>
                  <div>
                    <dt>Position</dt>
                    <dd>{added.position}</dd>
                  </div>
                  <div>
                    <dt>Qty</dt>
                    <dd>
                      {added.capped
                        ? `${added.inBag} in your bag, the most per line`
                        : added.inBag > added.quantity
                          ? `${added.quantity} added, ${added.inBag} in your bag`
                          : added.quantity}
                    </dd>
                  </div>
                </dl>
              </div>
              <button
                ref={firstAction}
                type="button"
                className="btn btn--outline btn--block"
                onClick={form.reset}
              >
                Add More Of This Design
              </button>
              <button type="button" className="btn btn--outline btn--block" onClick={onClose}>
                Select Another Design
              </button>
              <Link to={paths.bag.href()} className="btn btn--primary btn--block">
                Go To Shopping Bag
              </Link>
            </div>
          ) : (
            <ShirtOptionsForm
              values={form.values}
              error={form.error}
              price={product?.cost}
              inventory={inventory}
              onChange={form.change}
              onSubmit={form.submit}
              sizeNote={
                <FitAdvice
                  design={design.designName}
                  size={form.values.size}
                  open={open}
                  onChoose={(size) => form.change('size', size)}
                />
              }
              facts={<ProductFactsList facts={product?.facts} />}
            >
              <PurchasePromise />
            </ShirtOptionsForm>
          )}
          {added ? null : (
            <BackInStockForm design={design.designName} shirt={shirt} inventory={inventory} />
          )}
          <ReviewsSection design={design.designName} open={open} />
        </div>
      ) : null}
    </Modal>
  );
}
