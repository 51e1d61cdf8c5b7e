import type { ReactNode } from 'react';
import './figures.css';

/**
 * A list of amounts, a term and its amount a row: `<dl class="figures">` of `<div><dt/><dd/></div>`, so
 * a test (or a Playwright spec) finds an amount as the <dd> right after the <dt> with the exact term.
 * `className` adds a look, e.g. 'figures--ruled' (a rule above and a large Total).
 */
export function Figures({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={className ? `figures ${className}` : 'figures'}>{children}</dl>;
}

/**
 * One row of Figures; `total` sets it off as the sum below the others; `detail` is a second, smaller
 * description under the amount (the amount stays the <dd> right after the <dt>).
 */
export function Figure({
  term,
  total = false,
  detail,
  children,
}: {
  term: string;
  total?: boolean;
  detail?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={total ? 'figures__total' : undefined}>
      <dt>{term}</dt>
      <dd>{children}</dd>
      {detail ? <dd className="figures__detail">{detail}</dd> : null}
    </div>
  );
}
