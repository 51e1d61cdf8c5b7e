import { Link } from 'react-router';
import { SIZES } from '@sunward/core/sizes';
import { paths } from '@/shared/paths.ts';
import './home.css';

const ROWS = [
  { title: 'Short', length: 'short' as const, badge: 'S' },
  { title: 'Regular', length: 'regular' as const, badge: 'R' },
];

/** Spec 2: the size chart (Short: XS SM MD LG XL; Regular: SM MD LG XL XXL) linking to the guide. */
export function SizeChart() {
  return (
    <section className="home-section sizes" aria-labelledby="sizes-title">
      <div className="container">
        <span className="eyebrow">Two lengths, ten sizes</span>
        <h2 id="sizes-title">Find your fit</h2>
        <p className="sizes__intro">
          A relaxed unisex fit in short and regular lengths. Short sizes sit at the hip, regular
          sizes fall a little longer.
        </p>
        <div className="sizes__rows">
          {ROWS.map((row) => (
            <div key={row.length} className="sizes__row">
              <h3 className="sizes__label">
                <span className={`badge badge--${row.length}`} aria-hidden="true">
                  {row.badge}
                </span>
                {row.title}
              </h3>
              <ul className="sizes__chips" aria-label={`${row.title} sizes`}>
                {SIZES.filter((s) => s.length === row.length).map((s) => (
                  <li key={s.code}>{s.size}</li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <Link to={paths.sizeGuide.href()} className="btn btn--outline">
          See the Size Guide
        </Link>
      </div>
    </section>
  );
}
