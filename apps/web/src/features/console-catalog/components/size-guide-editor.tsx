import { useMemo, useState, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  formatInches,
  MEASUREMENT_KEYS,
  MEASUREMENT_LABELS,
  MEASUREMENT_LIMITS,
  type MeasurementKey,
} from '@sunward/core/size-guide';
import type { SizeCode } from '@sunward/core/sizes';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import type { ConsoleMeasurement, ConsoleProduct } from '@sunward/core/console-catalog';
import {
  currentMeasurementOf,
  useChangeSizeMeasurements,
} from '../api/change-size-measurements.ts';
import { RowNote, failureNote, type Note } from './row-note.tsx';
import {
  sizeGuideSchema,
  sizeRowSchema,
  valuesOf,
  type SizeGuideInches,
  type SizeGuideValues,
} from './size-guide-form.ts';

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
  const [notes, setNotes] = useState<Partial<Record<SizeCode, Note>>>({});
  const [saving, setSaving] = useState<SizeCode | null>(null);
  const change = useChangeSizeMeasurements();
  const guide = product.sizeGuide;
  const resolver = useMemo(() => zodResolver(sizeGuideSchema(guide)), [guide]);
  // The fields follow the server's measurements, except those the operator is editing.
  const form = useForm<SizeGuideValues, unknown, SizeGuideInches>({
    values: useMemo(() => valuesOf(guide), [guide]),
    resetOptions: { keepDirtyValues: true },
    resolver,
  });
  const { errors } = form.formState;
  const formId = (size: SizeCode) => `size-guide-${product.id}-${size}`;
  const note = (size: SizeCode, n: Note | null) =>
    setNotes((all) => ({ ...all, [size]: n ?? undefined }));
  const showRow = (m: ConsoleMeasurement) =>
    MEASUREMENT_KEYS.forEach((k) =>
      form.resetField(`${m.size}.${k}`, { defaultValue: formatInches(m[k]) }),
    );

  const save = (m: ConsoleMeasurement) => async (event: FormEvent) => {
    event.preventDefault();
    if (saving === m.size) return;
    const names = MEASUREMENT_KEYS.map((k) => `${m.size}.${k}` as const);
    if (!(await form.trigger(names, { shouldFocus: true }))) {
      const wrong = names.map((name) => form.getFieldState(name).error?.message);
      note(m.size, { tone: 'error', text: wrong.filter(Boolean).join(' ') });
      return;
    }
    const next = sizeRowSchema(m.size).parse(form.getValues(m.size));
    note(m.size, null);
    setSaving(m.size);
    try {
      const saved = await change.mutateAsync({
        productId: product.id,
        size: m.size,
        version: m.version,
        ...next,
      });
      showRow(saved);
      note(m.size, {
        tone: 'done',
        text: `Saved: ${saved.label} width ${formatInches(saved.width)}, length ${formatInches(saved.length)}, sleeve ${formatInches(saved.sleeve)} in.`,
      });
    } catch (error) {
      const current = currentMeasurementOf(error);
      if (current) showRow(current);
      setServerErrors(form.setError, error, {
        toField: (path) =>
          (MEASUREMENT_KEYS as readonly string[]).includes(path)
            ? (`${m.size}.${path}` as `${SizeCode}.${MeasurementKey}`)
            : null,
      });
      note(m.size, failureNote(error));
    } finally {
      setSaving(null);
    }
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
            aria-invalid={errors[m.size]?.[k] ? true : undefined}
            {...form.register(`${m.size}.${k}`)}
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
        <form
          id={formId(m.size)}
          className="size-guide-editor__save"
          onSubmit={(event) => void save(m)(event)}
          noValidate
        >
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
