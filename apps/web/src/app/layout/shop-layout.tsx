import { useEffect } from 'react';
import { useProducts } from '@/shared/api/catalog/get-products.ts';
import { logError } from '@/shared/api/log-error.ts';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { StartupScreen } from './startup-screen.tsx';
import { StorefrontShell } from './storefront-shell.tsx';

/** The shop area: the start-up screen until the catalogue is loaded, then the storefront shell. */
export function ShopLayout() {
  const products = useProducts();

  useEffect(() => {
    if (products.data) useBagStore.getState().reconcile(products.data);
  }, [products.data]);
  useEffect(() => {
    if (!products.error) return;
    toast.error(products.error.message, { id: 'products-error' });
    logError(products.error, 'products');
  }, [products.error]);

  return products.isPending ? <StartupScreen /> : <StorefrontShell />;
}
