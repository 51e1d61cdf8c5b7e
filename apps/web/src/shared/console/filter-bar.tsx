import { useId, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { CURSOR_PARAM } from './keyset-pager.tsx';
import './console-controls.css';
import './filter-bar.css';

/** A filter: a labelled select, text (search) field or date field, kept in the URL under `name`. */
export type FilterField =
  | {
      type: 'select';
      name: string;
      label: string;
      /** The first option is usually "All" with the value ''. */
      options: ReadonlyArray<{ value: string; label: string }>;
    }
  | { type: 'search'; name: string; label: string; maxLength?: number }
  | { type: 'date'; name: string; label: string; min?: string; max?: string };

/** The current values of the filters `names` from the URL ('' when unset). */
export function useFilterValues<N extends string>(names: readonly N[]): Record<N, string> {
  const [params] = useSearchParams();
  return Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as Record<
    N,
    string
  >;
}

/**
 * A list's filters as a search form (role=search) that writes them to the URL's search parameters, so
 * they survive a reload and Back, and a filtered list can be linked to. Selects and dates apply as
 * they change; text applies with Enter or Apply. A change goes back to the first page (the pager's
 * cursor goes). Clear removes them all.
 */
export function FilterBar({
  label,
  fields,
  resetParams = [CURSOR_PARAM],
}: {
  /** The form's accessible name ("Filter orders"). */
  label: string;
  fields: readonly FilterField[];
  /** Parameters a change of filter drops (the page's cursor). */
  resetParams?: readonly string[];
}) {
  const [params, setParams] = useSearchParams();
  const id = useId();
  const current = fields.map((field) => params.get(field.name) ?? '');
  const any = current.some(Boolean);

  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next = new URLSearchParams(params);
    for (const name of resetParams) next.delete(name);
    for (const field of fields) {
      const value = String(data.get(field.name) ?? '').trim();
      if (value) next.set(field.name, value);
      else next.delete(field.name);
    }
    if (next.toString() !== params.toString()) setParams(next);
  };
  const clear = () => {
    const next = new URLSearchParams(params);
    for (const name of [...resetParams, ...fields.map((field) => field.name)]) next.delete(name);
    setParams(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    // Keyed by the URL's values: Back or a link shows what the URL says, not what was typed before.
    <form
      key={current.join('\u0000')}
      role="search"
      aria-label={label}
      className="filter-bar"
      onSubmit={onSubmit}
    >
      {fields.map((field, index) => {
        const inputId = `${id}-${field.name}`;
        const value = current[index];
        return (
          <div key={field.name} className="filter-bar__field">
            <label htmlFor={inputId} className="filter-bar__label">
              {field.label}
            </label>
            {field.type === 'select' ? (
              <select
                id={inputId}
                name={field.name}
                defaultValue={value}
                className="console-control"
                onChange={(event) => apply(event.currentTarget.form!)}
              >
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.type === 'date' ? (
              <input
                id={inputId}
                name={field.name}
                type="date"
                defaultValue={value}
                min={field.min}
                max={field.max}
                className="console-control"
                onChange={(event) => {
                  // Only a whole date (a half-typed one is '' until complete).
                  if (event.currentTarget.value || !event.currentTarget.validity.badInput) {
                    apply(event.currentTarget.form!);
                  }
                }}
              />
            ) : (
              <input
                id={inputId}
                name={field.name}
                type="search"
                defaultValue={value}
                maxLength={field.maxLength ?? 200}
                className="console-control"
              />
            )}
          </div>
        );
      })}
      <div className="filter-bar__buttons">
        <button type="submit" className="btn btn--primary btn--small">
          Apply
        </button>
        {any ? (
          <button type="button" className="btn btn--outline btn--small" onClick={clear}>
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
