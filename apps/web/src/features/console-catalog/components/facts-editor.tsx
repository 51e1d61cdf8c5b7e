import { useState, type FormEvent } from 'react';
import {
  MAX_FACT_LENGTH,
  PRODUCT_FACT_KEYS,
  PRODUCT_FACT_LABELS,
  type ProductFacts,
} from '@sunward/core/product-facts';
import { ApiError } from '@/shared/api/http.ts';
import type { ConsoleProduct } from '../api/get-console-catalog.ts';
import { useChangeProductFacts } from '../api/change-product-facts.ts';
import { RowNote, failureNote, type Note } from './row-note.tsx';

const EMPTY: ProductFacts = {
  fabric: '',
  upf: '',
  standard: '',
  fit: '',
  weight: '',
  care: '',
};

/**
 * The facts shoppers read in the add-to-bag modal: one field each, saved together. The server checks
 * them (each message names its fact) and refuses a change made from facts another operator has since
 * saved (409): the fields then show the current text, and Save facts saves again from it.
 */
export function FactsEditor({ product }: { product: ConsoleProduct }) {
  const saved = product.facts?.facts ?? EMPTY;
  const [draft, setDraft] = useState<Partial<ProductFacts>>({});
  const [note, setNote] = useState<Note | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const change = useChangeProductFacts();
  const value = (key: keyof ProductFacts) => draft[key] ?? saved[key];

  const save = (event: FormEvent) => {
    event.preventDefault();
    const facts = Object.fromEntries(
      PRODUCT_FACT_KEYS.map((key) => [key, value(key)]),
    ) as ProductFacts;
    change.mutate(
      { productId: product.id, version: product.facts?.version ?? 0, facts },
      {
        onSuccess: () => {
          setDraft({});
          setFields({});
          setNote({ tone: 'done', text: 'Saved: shoppers see these facts from now on.' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'facts_changed') setDraft({});
          setFields(error instanceof ApiError ? (error.fields ?? {}) : {});
          setNote(failureNote(error));
        },
      },
    );
  };

  return (
    <form
      className="facts-editor"
      onSubmit={save}
      noValidate
      aria-labelledby={`facts-${product.id}`}
    >
      <h3 id={`facts-${product.id}`} className="catalog-section__subtitle">
        Product facts
      </h3>
      <p className="catalog-section__hint">
        Shown to shoppers under the price in the add-to-bag modal, open, up to {MAX_FACT_LENGTH}{' '}
        characters each.
      </p>
      {PRODUCT_FACT_KEYS.map((key) => {
        const id = `fact-${product.id}-${key}`;
        return (
          <div className="field" key={key}>
            <label className="field__label" htmlFor={id}>
              {PRODUCT_FACT_LABELS[key]}
            </label>
            <textarea
              id={id}
              className="console-control facts-editor__text"
              rows={2}
              value={value(key)}
              aria-invalid={fields[key] ? true : undefined}
              aria-describedby={fields[key] ? `${id}-error` : undefined}
              onChange={(event) => setDraft((d) => ({ ...d, [key]: event.target.value }))}
            />
            {fields[key] ? (
              <p id={`${id}-error`} className="row-note row-note--error">
                {fields[key]}
              </p>
            ) : null}
          </div>
        );
      })}
      <button type="submit" className="btn btn--primary btn--small" disabled={change.isPending}>
        Save facts
      </button>
      <RowNote note={note} />
    </form>
  );
}
