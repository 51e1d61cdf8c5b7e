import { sizeWords } from '@sunward/core/fit-advice';
import { MIN_FIT_ANSWERS, MIN_RETURN_REASONS } from '@sunward/core/fit-advice';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { useFitAdvice } from '../api/get-fit-advice.ts';
import './reviews.css';

/**
 * The size guide's fit advice over every design (issue 29 item 2, decision 049): one line per size
 * with enough reviews or returns to say something; nothing at all when no size has.
 */
export function FitAdviceTable() {
  const hydrated = useHydrated();
  const query = useFitAdvice(undefined, hydrated);
  const said = query.data?.sizes.filter((s) => s.text) ?? [];
  if (said.length === 0) return null;
  return (
    <section className="fit-advice-table" aria-labelledby="fit-advice-title">
      <h2 id="fit-advice-title">How Our Sizes Fit</h2>
      <p className="page-lead">
        From buyers’ verified reviews and the reasons given for returns, over every design: a size
        is listed once at least {MIN_FIT_ANSWERS} reviews or {MIN_RETURN_REASONS} returns mostly
        agree.
      </p>
      <dl>
        {said.map((s) => (
          <div key={s.size} className="fit-advice-table__row">
            <dt>{sizeWords(s.size)}</dt>
            <dd>{s.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
