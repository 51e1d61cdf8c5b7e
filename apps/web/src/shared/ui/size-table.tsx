import { formatInches, type SizeMeasurement } from '@sunward/core/size-guide';
import { SIZES } from '@sunward/core/sizes';
import { useShirtProduct } from '@/shared/api/catalog/get-products.ts';
import './size-table.css';

const GROUPS = [
  { title: 'Short (S)', length: 'short' as const },
  { title: 'Regular (R)', length: 'regular' as const },
];

/**
 * Spec 2: the size table in inches, as operators keep it in the catalogue (decision 050): the shirt's
 * width, length and sleeve per size, served with the product (so a prerendered page has them).
 */
export function SizeTable() {
  const guide: SizeMeasurement[] = useShirtProduct()?.sizeGuide ?? [];
  if (guide.length === 0) {
    return <p className="size-table__note">The size guide is not available right now.</p>;
  }
  return (
    <div className="size-table">
      {GROUPS.map((group) => {
        const rows = SIZES.filter((s) => s.length === group.length).flatMap((size) => {
          const m = guide.find((g) => g.size === size.code);
          return m ? [{ size, m }] : [];
        });
        if (rows.length === 0) return null;
        return (
          <table key={group.length} className="size-table__table">
            <caption>
              <span className={`badge badge--${group.length}`} aria-hidden="true">
                {group.length === 'short' ? 'S' : 'R'}
              </span>{' '}
              {group.title}
            </caption>
            <thead>
              <tr>
                <th scope="col">Size</th>
                <th scope="col">Width</th>
                <th scope="col">Length</th>
                <th scope="col">Sleeve</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ size, m }) => (
                <tr key={size.code}>
                  <th scope="row">{size.size}</th>
                  <td>{formatInches(m.width)}</td>
                  <td>{formatInches(m.length)}</td>
                  <td>{formatInches(m.sleeve)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      })}
      <p className="size-table__note">Shirt dimensions are in inches</p>
    </div>
  );
}
