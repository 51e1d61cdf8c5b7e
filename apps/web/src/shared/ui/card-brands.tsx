import './card-brands.css';

/** Spec 9: the cards the shop takes. */
export const CARD_BRANDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;

/**
 * The card marks, each an SVG drawn by CSS (card-brands.css) with its brand as the accessible name: a
 * few bytes of markup here, so the footer (in the app chunk) adds next to nothing to the first load.
 */
export function CardBrands({ label = 'Cards we accept', className = '' }) {
  return (
    <ul className={`card-brands ${className}`.trim()} aria-label={label}>
      {CARD_BRANDS.map((brand) => (
        <li key={brand}>
          <span
            role="img"
            aria-label={brand}
            className={`card-brand card-brand--${brand.split(' ')[0]!.toLowerCase()}`}
          />
        </li>
      ))}
    </ul>
  );
}
