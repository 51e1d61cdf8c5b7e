import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { toCatalogProduct } from '@/shared/api/catalog/get-products.ts';
import { useToastStore } from '@/shared/toast/toast-store.ts';
import { createProduct } from '@/test/factories.ts';
import { useAddToBagForm } from './use-add-to-bag-form.ts';

const messages = () => useToastStore.getState().toasts.map((t) => t.message);

describe('useAddToBagForm: one toast for the latest outcome', () => {
  it('a repeated failure shows one message, and a successful add takes it away at once', async () => {
    const { result } = renderHook(() =>
      useAddToBagForm('alaska', toCatalogProduct(createProduct())),
    );
    act(() => result.current.submit());
    act(() => result.current.submit());
    expect(messages()).toEqual(['all fields are required']);

    act(() => {
      result.current.change('size', 'mdr');
      result.current.change('position', 'Back');
    });
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.added).not.toBeNull());
    expect(result.current.added).toEqual({
      size: 'mdr',
      position: 'Back',
      quantity: 1,
      inBag: 1,
      capped: null,
    });
    expect(messages()).toEqual([]);
  });
});
