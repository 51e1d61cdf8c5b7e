import {
  PRODUCT_FACT_KEYS,
  PRODUCT_FACT_LABELS,
  type ProductFacts,
} from '@sunward/core/product-facts';

/**
 * The shirt's facts as operators keep them (fabric, UPF and what it means, fit, weight, care), in a
 * disclosure so the modal stays short on a phone: the summary names what is inside.
 */
export function ProductFactsList({ facts }: { facts: ProductFacts | null | undefined }) {
  if (!facts) return null;
  return (
    <details className="product-facts">
      <summary className="product-facts__summary">Fabric, UPF 50+, fit and care</summary>
      <dl className="product-facts__list">
        {PRODUCT_FACT_KEYS.map((key) => (
          <div key={key} className="product-facts__item">
            <dt>{PRODUCT_FACT_LABELS[key]}</dt>
            <dd>{facts[key]}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
