import { create } from 'zustand';

/** The discount code applied in the bag, carried to checkout (this browser's session storage). */
const KEY = 'discountCode';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // blocked storage: the code lives in memory only
  }
}

export interface DiscountCodeState {
  /** The code as the server stored it (capitals, no spaces), or null for none. */
  code: string | null;
  set(code: string | null): void;
}

export const useDiscountCodeStore = create<DiscountCodeState>((setState) => ({
  code: storage()?.getItem(KEY) ?? null,
  set(code) {
    const s = storage();
    if (code) s?.setItem(KEY, code);
    else s?.removeItem(KEY);
    setState({ code });
  },
}));
