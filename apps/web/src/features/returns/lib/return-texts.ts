/** The return pages' words, as spec 2 and 5 give them. */
export const RETURN_TEXTS = {
  /** Spec 2, returns modal (and Start a Return, Return Confirmation): the free-return note. */
  freeReturnNote:
    '1 Free Return Per Order. One free return allowed per order. Additional returns are subject to a shipping fee.',
  /** Spec 2, Return Confirmation. */
  processing:
    'Your return will be processed shortly. You will receive a return label via email within 24 hours.',
  /** Spec 5, Return Continue. */
  noneChosen: 'Choose at least one product',
  typeAndReason: 'Choose a return type and reason for all selected products',
  exchangeChoice: 'Choose a new size and position for all selected products to be exchanged.',
} as const;

/** Spec 3, return reasons, as the reason select shows them (the value is the reason itself). */
export const RETURN_REASON_LABELS = {
  'too-short': 'Too short',
  'too-long': 'Too long',
  'too-tight': 'Too tight',
  'too-loose': 'Too loose',
} as const;
