import { useRef, useState } from 'react';
import { validateAddToBag } from '@sunward/core/cart';
import type { DesignName } from '@sunward/core/designs';
import { isSizeCode, type SizeCode } from '@sunward/core/sizes';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import type { CatalogProduct } from '@/shared/api/catalog/get-products.ts';
import { toast, useToastStore } from '@/shared/toast/toast-store.ts';

export interface ShirtOptions {
  size: string;
  position: string;
  quantity: string;
}

/** What the last add put in the bag, for the confirmation to restate (issue 30). */
export interface AddedShirts {
  size: SizeCode;
  position: 'Front' | 'Back';
  /** How many were asked for. */
  quantity: number;
  /** The bag's line afterwards: capped at the line maximum when it would have gone over. */
  inBag: number;
  /** The cap's message, when the add had to be capped. */
  capped: string | null;
}

const EMPTY: ShirtOptions = { size: '', position: '', quantity: '1' };

/**
 * The form's own toast: each outcome replaces the last one, so an earlier 'all fields are required'
 * never stays over the confirmation of the add that followed it.
 */
const OUTCOME_TOAST = 'add-to-bag-outcome';
const showOutcome = (message: string) => toast.error(message, { id: OUTCOME_TOAST });

/**
 * The add-to-bag form's state (spec 4): form, then confirmation after a successful add. Reset puts
 * size and position back to empty and quantity to 1. A signed-in add goes to the server first: the
 * confirmation waits for its answer, and a failure (the store's error toast) leaves the form as it is.
 */
export function useAddToBagForm(design: DesignName | null, product: CatalogProduct | undefined) {
  const [values, setValues] = useState<ShirtOptions>(EMPTY);
  const [added, setAdded] = useState<AddedShirts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const add = useBagStore((s) => s.add);
  const adding = useRef(false);

  const change = (field: keyof ShirtOptions, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  const submit = () => {
    if (adding.current) return;
    // Gone at once rather than faded: the outcome of this try is what counts.
    useToastStore.getState().remove(OUTCOME_TOAST);
    const invalid = validateAddToBag(values);
    if (invalid || !design || !product) {
      const message = invalid ?? 'This shirt is not available right now.';
      setError(message);
      showOutcome(message);
      return;
    }
    if (!isSizeCode(values.size) || (values.position !== 'Front' && values.position !== 'Back')) {
      setError('invalid field values');
      showOutcome('invalid field values');
      return;
    }
    adding.current = true;
    const { size, position } = values;
    const quantity = Number(values.quantity);
    void add({
      productId: product.productId,
      priceId: product.priceId,
      productCost: product.cost,
      size,
      position,
      design,
      quantity,
    }).then((result) => {
      adding.current = false;
      if (!result.ok) return;
      if (result.message) showOutcome(result.message);
      const line = useBagStore
        .getState()
        .lines.find(
          (l) =>
            l.design === design &&
            l.size === size &&
            l.position === position &&
            l.productId === product.productId,
        );
      setAdded({
        size,
        position,
        quantity,
        inBag: line?.quantity ?? quantity,
        capped: result.message ?? null,
      });
    });
  };

  const reset = () => {
    setValues(EMPTY);
    setAdded(null);
    setError(null);
  };

  return { values, change, submit, reset, added, error };
}
