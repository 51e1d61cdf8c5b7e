import { Link } from 'react-router';
import { totalQuantity } from '@sunward/core/cart';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { BagIcon } from '@/shared/ui/icons.tsx';
import { paths } from '@/shared/paths.ts';

/**
 * The bag link; its badge shows the total quantity when above 0 (spec 2; badge 20 x 14 px). The bag is
 * the browser's (localStorage): a prerendered page shows an empty one until it has hydrated.
 */
export function BagLink() {
  const stored = useBagStore((s) => totalQuantity(s.lines));
  const count = useHydrated() ? stored : 0;
  const label =
    count > 0 ? `Shopping Bag, ${count} ${count === 1 ? 'item' : 'items'}` : 'Shopping Bag';
  return (
    <Link to={paths.bag.href()} className="header__bag" aria-label={label}>
      <BagIcon size={26} />
      {count > 0 ? (
        <span className="header__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
