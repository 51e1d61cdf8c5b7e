import { ErrorGroups } from '@/features/console-errors/components/error-groups.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/errors: the storefront's error reports, grouped, over a period. */
export default function ErrorsPage() {
  return (
    <ConsolePage title="Errors">
      <ErrorGroups />
    </ConsolePage>
  );
}
