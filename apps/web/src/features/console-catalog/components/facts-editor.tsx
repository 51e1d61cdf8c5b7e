import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  MAX_FACT_LENGTH,
  PRODUCT_FACT_KEYS,
  PRODUCT_FACT_LABELS,
  type ProductFacts,
} from '@sunward/core/product-facts';
import { ProductFactsInputSchema } from '@sunward/core/product-facts-schema';
import { FieldMessage, invalidProps } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import type { ConsoleProduct } from '@sunward/core/console-catalog';
import { currentFactsOf, useChangeProductFacts } from '../api/change-product-facts.ts';
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
  const [note, setNote] = useState<Note | null>(null);
  const change = useChangeProductFacts();
  // The fields follow the facts as the server has them (a save, the current ones after a 409),
  // except those the operator is editing.
  const form = useForm<ProductFacts>({
    values: product.facts?.facts ?? EMPTY,
    resetOptions: { keepDirtyValues: true },
    resolver: zodResolver(ProductFactsInputSchema),
  });
  const { errors } = form.formState;

  const save = form.handleSubmit(async (facts) => {
    if (change.isPending) return;
    try {
      const saved = await change.mutateAsync({
        productId: product.id,
        version: product.facts?.version ?? 0,
        facts,
      });
      form.reset(saved.facts, { keepDirtyValues: false });
      setNote({ tone: 'done', text: 'Saved: shoppers see these facts from now on.' });
    } catch (error) {
      const current = currentFactsOf(error);
      // The current facts replace the operator's edits: they were made from older ones.
      if (current) form.reset(current.facts, { keepDirtyValues: false });
      setServerErrors(form.setError, error);
      setNote(failureNote(error));
    }
  });

  return (
    <form
      className="facts-editor"
      onSubmit={(event) => void save(event)}
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
              {...invalidProps(errors[key]?.message, `${id}-error`)}
              {...form.register(key)}
            />
            <FieldMessage
              id={`${id}-error`}
              message={errors[key]?.message}
              className="row-note row-note--error"
            />
          </div>
        );
      })}
      <button
        type="submit"
        className="btn btn--primary btn--small"
        disabled={change.isPending || form.formState.isSubmitting}
      >
        Save facts
      </button>
      <RowNote note={note} />
    </form>
  );
}
