import { SIZES, SIZE_DIMENSIONS } from '@sunward/core/sizes';
import './size-table.css';

const GROUPS = [
  { title: 'Short (S)', length: 'short' as const },
  { title: 'Regular (R)', length: 'regular' as const },
];

/** Spec 2: the size table in inches: every size is width 16, length 27, sleeve 8. */
export function SizeTable() {
  return (
    <div className="size-table">
      {GROUPS.map((group) => (
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
            {SIZES.filter((s) => s.length === group.length).map((size) => (
              <tr key={size.code}>
                <th scope="row">{size.size}</th>
                <td>{SIZE_DIMENSIONS.width}</td>
                <td>{SIZE_DIMENSIONS.length}</td>
                <td>{SIZE_DIMENSIONS.sleeve}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <p className="size-table__note">Shirt dimensions are in inches</p>
    </div>
  );
}
