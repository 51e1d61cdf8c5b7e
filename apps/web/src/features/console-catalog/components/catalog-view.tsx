import { ConsoleError } from '@/shared/console/console-error.tsx';
import { useConsoleCatalog } from '../api/get-console-catalog.ts';
import { DesignList } from './design-list.tsx';
import { FactsEditor } from './facts-editor.tsx';
import { PriceEditor } from './price-editor.tsx';
import { SizeGuideEditor } from './size-guide-editor.tsx';
import { StockTable } from './stock-table.tsx';
import { WaitingList } from './waiting-list.tsx';
import './catalog.css';

/**
 * The catalogue as the server has it: per product its price and each size's stock (a size runs out for
 * every design alike: the designs are printed on the shirts in stock), then every design with its
 * switch. Each change is saved on its own and its row shows the server's answer.
 */
export function CatalogView() {
  const catalog = useConsoleCatalog();
  if (catalog.isPending) return <p aria-busy="true">Loading the catalogue…</p>;
  if (catalog.isError) {
    return (
      <ConsoleError
        error={catalog.error}
        title="The catalogue could not be loaded."
        onRetry={() => void catalog.refetch()}
        retrying={catalog.isFetching}
      />
    );
  }
  const { products, designs } = catalog.data;
  const onSale = designs.filter((d) => d.active).length;
  return (
    <div className="catalog-view">
      {products.map((product) => (
        <section
          key={product.id}
          className="catalog-section"
          aria-labelledby={`product-${product.id}`}
        >
          <h2 id={`product-${product.id}`} className="catalog-section__title">
            {product.name}
            {product.active ? null : <span className="catalog-section__off"> (not on sale)</span>}
          </h2>
          <PriceEditor product={product} />
          <h3 className="catalog-section__subtitle">Stock by size</h3>
          <p className="catalog-section__hint">
            Leave a count empty when a size is not counted. Out of stock takes a size off sale for
            every design, whatever its count.
          </p>
          <StockTable product={product} />
          <h3 className="catalog-section__subtitle">Waiting for a size</h3>
          <WaitingList productId={product.id} />
          <SizeGuideEditor product={product} />
          <FactsEditor product={product} />
        </section>
      ))}
      <section className="catalog-section" aria-labelledby="catalog-designs">
        <h2 id="catalog-designs" className="catalog-section__title">
          Designs
        </h2>
        <p className="catalog-section__hint">
          {onSale} of {designs.length} on sale. A design off sale leaves the storefront, and bags
          holding it are refused at checkout.
        </p>
        <DesignList designs={designs} />
      </section>
    </div>
  );
}
