import { useId, useState, type FormEvent } from 'react';
import type { PeriodQuery } from '../api/get-dashboard.ts';
import { customPeriodProblem, PRESET_DAYS } from '../hooks/use-period.ts';

/**
 * The sales' period: the last 7, 30 or 90 days, or a custom first and last day (checked here as the
 * server checks it, so a mistake is said beside the fields).
 */
export function PeriodPicker({
  query,
  shown,
  today,
  onDays,
  onCustom,
}: {
  query: PeriodQuery;
  /** The period the figures show (its days prefill the custom fields). */
  shown: { from: string; to: string } | undefined;
  today: string | undefined;
  onDays: (days: number) => void;
  onCustom: (range: { from: string; to: string }) => void;
}) {
  const id = useId();
  const custom = 'from' in query;
  const [customOpen, setCustomOpen] = useState(custom);
  const [problem, setProblem] = useState<string | null>(null);
  const selected = custom || customOpen ? 'custom' : String(query.days);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const range = { from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') };
    const wrong = customPeriodProblem(range.from, range.to, today ?? range.to);
    setProblem(wrong);
    if (!wrong) onCustom(range);
  };

  return (
    <div className="period-picker">
      <fieldset className="period-picker__choices">
        <legend className="period-picker__legend">Period</legend>
        {PRESET_DAYS.map((days) => (
          <label key={days} className="period-picker__choice">
            <input
              type="radio"
              name={`${id}-period`}
              value={days}
              checked={selected === String(days)}
              onChange={() => {
                setCustomOpen(false);
                setProblem(null);
                onDays(days);
              }}
            />
            {days} days
          </label>
        ))}
        <label className="period-picker__choice">
          <input
            type="radio"
            name={`${id}-period`}
            value="custom"
            checked={selected === 'custom'}
            onChange={() => setCustomOpen(true)}
          />
          Custom
        </label>
      </fieldset>
      {selected === 'custom' ? (
        <form className="period-picker__custom" onSubmit={submit} noValidate>
          <div className="period-picker__field">
            <label htmlFor={`${id}-from`}>First day</label>
            <input
              id={`${id}-from`}
              name="from"
              type="date"
              className="console-control"
              defaultValue={shown?.from}
              max={today}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <div className="period-picker__field">
            <label htmlFor={`${id}-to`}>Last day</label>
            <input
              id={`${id}-to`}
              name="to"
              type="date"
              className="console-control"
              defaultValue={shown?.to}
              max={today}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </div>
          <button type="submit" className="btn btn--primary btn--small">
            Show
          </button>
          {problem ? (
            <p id={`${id}-problem`} className="period-picker__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}
