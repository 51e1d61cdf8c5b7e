import { DiscountsOverview } from '@/features/console-discounts/components/discounts-overview.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/discounts: the discount codes with their uses and revenue; create, edit, disable. */
export default function DiscountsPage() {
  return (
    <ConsolePage title="Discounts">
      <DiscountsOverview />
    </ConsolePage>
  );
}
