import { useQuery } from '@tanstack/react-query';
import type { CartLine } from '@sunward/core/cart';
import { ApiError } from '@/shared/api/http.ts';
import { useDiscountCodeStore } from '@/shared/discount/discount-code-store.ts';
import { checkDiscount } from '../api/check-discount.ts';

/**
 * The bag's discount code (issue 28): the code applied (kept for checkout), what it takes off the bag
 * as it is now (asked again when the bag changes), and Apply / Remove. A code that does not apply
 * answers the server's message and changes nothing.
 */
export function useBagDiscount(cart: readonly CartLine[]) {
  const code = useDiscountCodeStore((s) => s.code);
  const setCode = useDiscountCodeStore((s) => s.set);
  const lines = cart.map((l) => ({ ...l }));
  const current = useQuery({
    queryKey: ['bag', 'discount', code, lines],
    queryFn: () => checkDiscount({ code: code!, cart: lines }),
    enabled: code !== null && lines.length > 0,
    retry: false,
  });
  const apply = async (typed: string): Promise<string | null> => {
    try {
      const answer = await checkDiscount({ code: typed, cart: lines });
      setCode(answer.code);
      return null;
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) return error.message;
      return 'We could not check the code just now. Please try again.';
    }
  };
  return {
    code,
    discount: code && current.data ? current.data : null,
    /** Why the applied code no longer applies to the bag as it is (e.g. below its minimum). */
    problem: code && current.error ? current.error.message : null,
    apply,
    remove: () => setCode(null),
  };
}
