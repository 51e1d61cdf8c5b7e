import { Link } from 'react-router';
import { totalQuantity } from '@sunward/core/cart';
import { useBagStore } from '@/shared/bag/bag-store.ts';
import { BagIcon } from '@/shared/ui/icons.tsx';
import { paths } from '@/shared/paths.ts';

/** The bag link; its badge shows the total quantity when above 0 (spec 2; badge 20 x 14 px). */
export function BagLink() {
  const count = useBagStore((s) => totalQuantity(s.lines));
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
