import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Design } from '@sunward/core/designs';
import { paths } from '@/shared/paths.ts';
import { useInventory } from '@/shared/api/catalog/get-inventory.ts';
import { useShirtProduct } from '@/shared/api/catalog/get-products.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { PurchasePromise } from '@/shared/ui/purchase-promise.tsx';
import { useProduct } from '../api/get-product.ts';
import { useAddToBagForm } from '../hooks/use-add-to-bag-form.ts';
import { DesignSlideshow } from './design-slideshow.tsx';
import { ProductFactsList } from './product-facts-list.tsx';
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

  useEffect(() => {
    if (form.added) firstAction.current?.focus();
  }, [form.added]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={form.reset}
      size="lg"
      title={form.added ? 'Design was Added To Bag' : (design?.designTitle ?? '')}
    >
      {design ? (
        <div className="add-to-bag">
          <DesignSlideshow design={design} />
          {form.added ? (
            <div className="add-to-bag__done">
              <p className="add-to-bag__done-text">
                <strong>{design.designTitle}</strong> is in your shopping bag.
              </p>
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
            >
              <PurchasePromise />
              <ProductFactsList facts={product?.facts} />
            </ShirtOptionsForm>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
