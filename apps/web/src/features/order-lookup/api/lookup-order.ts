import { useMutation } from '@tanstack/react-query';
import { lookupOrder } from '@/shared/orders/lookup-order.ts';

/** Search: a mutation, so that every search asks the server (nothing is answered from a cache). */
export function useLookupOrder() {
  return useMutation({ mutationFn: lookupOrder });
}
