import { CatalogView } from '@/features/console-catalog/components/catalog-view.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/catalog: the shirt's price, its stock by size, and the designs on sale. */
export default function ConsoleCatalogPage() {
  return (
    <ConsolePage title="Catalogue">
      <CatalogView />
    </ConsolePage>
  );
}
