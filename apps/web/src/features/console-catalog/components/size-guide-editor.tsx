import { useState, type FormEvent } from 'react';
import {
  checkMeasurement,
  formatInches,
  MEASUREMENT_KEYS,
  MEASUREMENT_LABELS,
  MEASUREMENT_LIMITS,
  type MeasurementKey,
} from '@sunward/core/size-guide';
import type { SizeCode } from '@sunward/core/sizes';
import { ApiError } from '@/shared/api/http.ts';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import type { ConsoleMeasurement, ConsoleProduct } from '../api/get-console-catalog.ts';
import { useChangeSizeMeasurements } from '../api/change-size-measurements.ts';
import { RowNote, failureNote, type Note } from './row-note.tsx';

type Inches = Partial<Record<MeasurementKey, string>>;

/** "16.5" -> 16.5; anything that is not a plain number -> NaN (refused with the field's message). */
const toInches = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);

const LIMITS = MEASUREMENT_KEYS.map(
  (k) =>
    `${MEASUREMENT_LABELS[k].toLowerCase()} ${MEASUREMENT_LIMITS[k].min} to ${MEASUREMENT_LIMITS[k].max}`,
).join(', ');

/**
 * The shop's size guide (/size-guide and the bag's dialog), one row per size: width, length and sleeve
 * in inches and Save, one form per row (the fields join it with their `form` attribute, so the row
 * stays a table row). Each measurement is checked here and again by the server with core's rule, the
 * message naming the size and the measurement; after a 409 the row shows the current values.
 */
export function SizeGuideEditor({ product }: { product: ConsoleProduct }) {
  const [drafts, setDrafts] = useState<Partial<Record<SizeCode, Inches>>>({});
  const [errors, setErrors] = useState<Partial<Record<SizeCode, Inches>>>({});
  const [notes, setNotes] = useState<Partial<Record<SizeCode, Note>>>({});
  const [saving, setSaving] = useState<SizeCode | null>(null);
  const change = useChangeSizeMeasurements();
  const formId = (size: SizeCode) => `size-guide-${product.id}-${size}`;
  const value = (m: ConsoleMeasurement, k: MeasurementKey) =>
    drafts[m.size]?.[k] ?? formatInches(m[k]);
  const note = (size: SizeCode, n: Note | null) =>
    setNotes((all) => ({ ...all, [size]: n ?? undefined }));

  const save = (m: ConsoleMeasurement) => (event: FormEvent) => {
    event.preventDefault();
    const next = Object.fromEntries(
      MEASUREMENT_KEYS.map((k) => [k, toInches(value(m, k))]),
    ) as Record<MeasurementKey, number>;
    const wrong: Inches = {};
    for (const key of MEASUREMENT_KEYS) {
      const message = checkMeasurement(m.size, key, next[key]);
      if (message) wrong[key] = message;
    }
    setErrors((all) => ({ ...all, [m.size]: wrong }));
    if (Object.keys(wrong).length > 0) {
      note(m.size, { tone: 'error', text: Object.values(wrong).join(' ') });
      return;
    }
    note(m.size, null);
    setSaving(m.size);
    change.mutate(
      { productId: product.id, size: m.size, version: m.version, ...next },
      {
        onSuccess: (saved) => {
          setDrafts((all) => ({ ...all, [m.size]: undefined }));
          note(m.size, {
            tone: 'done',
            text: `Saved: ${saved.label} width ${formatInches(saved.width)}, length ${formatInches(saved.length)}, sleeve ${formatInches(saved.sleeve)} in.`,
          });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'measurements_changed') {
            setDrafts((all) => ({ ...all, [m.size]: undefined }));
          }
          setErrors((all) => ({
            ...all,
            [m.size]: error instanceof ApiError ? (error.fields ?? {}) : {},
          }));
          note(m.size, failureNote(error));
        },
        onSettled: () => setSaving(null),
      },
    );
  };

  const field =
    (k: MeasurementKey): Column<ConsoleMeasurement>['cell'] =>
    (m) => {
      const id = `${formId(m.size)}-${k}`;
      return (
        <>
          <label className="visually-hidden" htmlFor={id}>
            {MEASUREMENT_LABELS[k]} of {m.label} (inches)
          </label>
          <input
            id={id}
            form={formId(m.size)}
            className="console-control size-guide-editor__input"
            inputMode="decimal"
            autoComplete="off"
            value={value(m, k)}
            aria-invalid={errors[m.size]?.[k] ? true : undefined}
            onChange={(event) =>
              setDrafts((all) => ({
                ...all,
                [m.size]: { ...all[m.size], [k]: event.target.value },
              }))
            }
          />
        </>
      );
    };

  const columns: Column<ConsoleMeasurement>[] = [
    { key: 'size', header: 'Size', cell: (m) => <span className="stock-size">{m.label}</span> },
    ...MEASUREMENT_KEYS.map((k) => ({
      key: k,
      header: `${MEASUREMENT_LABELS[k]} (in)`,
      cell: field(k),
    })),
    {
      key: 'save',
      header: 'Save',
      cell: (m) => (
        <form id={formId(m.size)} className="size-guide-editor__save" onSubmit={save(m)} noValidate>
          <button
            type="submit"
            className="btn btn--primary btn--small"
            disabled={saving === m.size}
            aria-busy={saving === m.size || undefined}
          >
            {saving === m.size ? 'Saving…' : 'Save'}{' '}
            <span className="visually-hidden">measurements of {m.label}</span>
          </button>
          <RowNote note={notes[m.size] ?? null} />
        </form>
      ),
    },
  ];

  return (
    <section className="size-guide-editor" aria-labelledby={`size-guide-${product.id}`}>
      <h3 id={`size-guide-${product.id}`} className="catalog-section__subtitle">
        Size guide
      </h3>
      <p className="catalog-section__hint">
        {`The shirt’s measurements shoppers see on the size guide, in inches and quarter inches (${LIMITS}).`}
      </p>
      <DataTable
        caption={`Size guide of ${product.name}`}
        columns={columns}
        rows={product.sizeGuide}
        rowKey={(m) => m.size}
        empty="This product has no size guide yet. Run npm run db:seed to add the spec’s table."
      />
    </section>
  );
}
