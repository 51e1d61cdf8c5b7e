import { useId, useState } from 'react';
import { sizeWords, suggestSize } from '@sunward/core/fit-advice';
import { isSizeCode, SIZES, sizeInfo, type SizeCode } from '@sunward/core/sizes';
import { useHydrated } from '@/shared/hooks/use-hydrated.ts';
import { useFitAdvice } from '../api/get-fit-advice.ts';
import './reviews.css';

/**
 * Beside Size in the dialog (issue 29 item 2, decision 049): what buyers' reviews and returns say of
 * the chosen size, only when there is enough of them; and, for a shopper who names their usual size,
 * the size to try, which they can choose with one button.
 */
export function FitAdvice({
  design,
  size,
  open,
  onChoose,
}: {
  design: string;
  size: string;
  open: boolean;
  onChoose: (size: SizeCode) => void;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [usual, setUsual] = useState('');
  const query = useFitAdvice(design, open && hydrated);
  const sizes = query.data?.design === design ? query.data.sizes : undefined;
  if (!sizes?.some((s) => s.text)) return null;
  const chosen = sizes.find((s) => s.size === size);
  const usualAdvice = isSizeCode(usual) ? sizes.find((s) => s.size === usual) : undefined;
  const suggestion = usualAdvice && isSizeCode(usual) ? suggestSize(usual, usualAdvice) : null;
  return (
    <div className="fit-advice" aria-label="Fit advice" role="group">
      {chosen?.text ? (
        <p className="fit-advice__text" aria-live="polite">
          {chosen.text}
        </p>
      ) : null}
      <div className="fit-advice__usual">
        <label className="field__label" htmlFor={`${id}-usual`}>
          Your usual size
        </label>
        <select
          id={`${id}-usual`}
          className="select"
          value={usual}
          onChange={(e) => setUsual(e.target.value)}
        >
          <option value="">Tell us for a suggestion</option>
          {SIZES.map((s) => (
            <option key={s.code} value={s.code}>
              {sizeWords(s.code)}
            </option>
          ))}
        </select>
      </div>
      {isSizeCode(usual) ? (
        <p className="fit-advice__suggestion" aria-live="polite">
          {suggestion ? (
            <>
              {suggestion.text}{' '}
              {suggestion.size !== size ? (
                <button
                  type="button"
                  className="btn btn--outline btn--small"
                  onClick={() => onChoose(suggestion.size)}
                >
                  Choose {sizeInfo(suggestion.size).label}
                </button>
              ) : null}
            </>
          ) : (
            `Not enough reviews or returns of ${sizeWords(usual)} to suggest another size.`
          )}
        </p>
      ) : null}
    </div>
  );
}
