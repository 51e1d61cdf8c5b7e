import { useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { get, useForm, useWatch, type FieldError } from 'react-hook-form';
import { US_STATE_NAMES } from '@sunward/core/us-states';
import type { ConsoleSettings, Settings } from '@sunward/core/settings';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { errorMessages, setServerErrors } from '@/shared/console/server-errors.ts';
import { toast } from '@/shared/toast/toast-store.ts';
import { useConsoleSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { RateTable } from './rate-table.tsx';
import { SettingsField } from './settings-field.tsx';
import {
  changedSettings,
  settingsFormSchema,
  toDraft,
  type SettingsDraft,
} from './settings-draft.ts';
import { TaxTable } from './tax-table.tsx';
import './settings.css';

/** The settings as the server has them, in a form; loading and failures said plainly. */
export function SettingsView() {
  const settings = useConsoleSettings();
  if (settings.isPending) return <p aria-busy="true">Loading the settings…</p>;
  if (settings.isError) {
    return (
      <ConsoleError
        error={settings.error}
        title="The settings could not be loaded."
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }
  return <SettingsForm loaded={settings.data} />;
}

const STATES = Object.entries(US_STATE_NAMES).sort(([, a], [, b]) => a.localeCompare(b));

/**
 * Shop, Shipping, Rates and Tax in one form (React Hook Form over core's SettingsSchema, the one the
 * server checks with). Save sends only what changed (and any stored value that was not valid), all or
 * nothing; each message, the form's or the server's, is shown next to its field, and the server's
 * summary at the top. Save is disabled while nothing changed and while saving.
 */
function SettingsForm({ loaded }: { loaded: ConsoleSettings }) {
  // What the form was filled from: changes are judged against it, not against a later refetch, so
  // another operator's change is never sent back as this operator's.
  const [base, setBase] = useState<Settings>(loaded.settings);
  const [sentNexus, setSentNexus] = useState<string[]>([]);
  const [broken, setBroken] = useState(() => loaded.issues.map((i) => i.key));
  const summaryRef = useRef<HTMLDivElement>(null);
  const save = useUpdateSettings();
  const resolver = useMemo(() => zodResolver(settingsFormSchema(base)), [base]);
  const form = useForm<SettingsDraft, unknown, Settings>({
    defaultValues: toDraft(loaded.settings),
    resolver,
    // Focus goes to the summary, which lists what is wrong.
    shouldFocusError: false,
  });
  const { register, control, setValue, formState } = form;
  const draft = useWatch({ control }) as SettingsDraft;

  const patch = changedSettings(draft, base, broken);
  const dirty = Object.keys(patch).length > 0;
  const error = (path: string) => {
    const found = get(formState.errors, path) as FieldError | { root?: FieldError } | undefined;
    return (found && 'message' in found ? found.message : found?.root?.message) || undefined;
  };
  const stateError = (code: string) => {
    const index = sentNexus.indexOf(code);
    return (
      error(`taxRateOverrides.${code}`) ?? (index >= 0 ? error(`nexusStates.${index}`) : undefined)
    );
  };
  const summary = formState.errors.root?.server?.message ?? formState.errors.root?.check?.message;
  const showSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());
  const saving = formState.isSubmitting || save.isPending;

  const submit = form.handleSubmit(
    async () => {
      if (!dirty || save.isPending) return;
      setSentNexus(draft.nexusStates);
      try {
        const saved = await save.mutateAsync(patch);
        setBase(saved.settings);
        form.reset(toDraft(saved.settings));
        setBroken(saved.issues.map((i) => i.key));
        toast.success('Settings saved.');
      } catch (failure) {
        setServerErrors(form.setError, failure, { focus: false });
        showSummary();
      }
    },
    // Refused here: the summary says it as the server would (decision 052).
    (errors) => {
      const messages = errorMessages(errors);
      form.setError('root.check', {
        message:
          messages.length === 1
            ? messages[0]
            : `${messages.length} settings are not valid: ${messages.join(' ')}`,
      });
      showSummary();
    },
  );

  return (
    <form className="settings-form" onSubmit={(event) => void submit(event)} noValidate>
      {loaded.issues.length ? (
        <div className="settings-form__issues" role="status">
          <p>Some stored settings are not valid; the form shows their defaults until you save:</p>
          <ul>
            {loaded.issues.map((issue) => (
              <li key={issue.key}>
                {issue.key}: {issue.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary ? (
        <div className="settings-form__summary" role="alert" tabIndex={-1} ref={summaryRef}>
          <p className="settings-form__summary-title">Nothing was saved.</p>
          <p>{summary}</p>
        </div>
      ) : null}

      <section className="settings-section" aria-labelledby="settings-shop">
        <h2 id="settings-shop">Shop</h2>
        <div className="settings-grid">
          <SettingsField
            label="Shop name"
            field={register('shopName')}
            error={error('shopName')}
            autoComplete="organization"
          />
          <SettingsField
            label="Support email"
            type="email"
            field={register('supportEmail')}
            error={error('supportEmail')}
            hint="Shown in the footer and in every email."
            autoComplete="email"
          />
        </div>
      </section>

      <section className="settings-section" aria-labelledby="settings-shipping">
        <h2 id="settings-shipping">Shipping</h2>
        <div className="settings-grid">
          <SettingsField
            label="Company ZIP"
            inputMode="numeric"
            field={register('companyZipCode')}
            error={error('companyZipCode')}
            hint="Parcels ship from here: every rate quote starts at this ZIP."
          />
          <SettingsField
            label="Free-shipping target"
            prefix="$"
            inputMode="decimal"
            field={register('freeShippingTarget')}
            error={error('freeShippingTarget')}
            hint="A bag at or over it ships free by Ground Advantage."
          />
          <SettingsField
            label="Shirt weight"
            suffix="oz"
            inputMode="decimal"
            field={register('shirtWeightOz')}
            error={error('shirtWeightOz')}
            hint="One shirt as packed; a parcel weighs this times its shirts."
          />
          <SettingsField
            label="Bag reminder delay"
            suffix="min"
            inputMode="numeric"
            field={register('bagReminderDelayMinutes')}
            error={error('bagReminderDelayMinutes')}
            hint="How long a checkout left with an email and the shopper's consent waits before its one reminder; 0 sends none."
          />
        </div>
        <fieldset className="settings-fieldset">
          <legend>Return address (printed on every return label)</legend>
          <div className="settings-grid">
            <SettingsField
              label="Company"
              field={register('returnAddress.company')}
              error={error('returnAddress.company')}
            />
            <SettingsField
              label="Street address"
              field={register('returnAddress.line1')}
              error={error('returnAddress.line1')}
              autoComplete="address-line1"
            />
            <SettingsField
              label="City"
              field={register('returnAddress.city')}
              error={error('returnAddress.city')}
              autoComplete="address-level2"
            />
            <div className="field settings-field">
              <label className="field__label" htmlFor="return-state">
                State
              </label>
              <select
                id="return-state"
                className="console-control"
                {...register('returnAddress.state')}
                aria-invalid={error('returnAddress.state') ? true : undefined}
                aria-describedby={error('returnAddress.state') ? 'return-state-error' : undefined}
              >
                {STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {name} ({code})
                  </option>
                ))}
              </select>
              {error('returnAddress.state') ? (
                <p id="return-state-error" className="settings-field__error">
                  {error('returnAddress.state')}
                </p>
              ) : null}
            </div>
            <SettingsField
              label="ZIP"
              inputMode="numeric"
              field={register('returnAddress.zip')}
              error={error('returnAddress.zip')}
              autoComplete="postal-code"
            />
          </div>
        </fieldset>
      </section>

      <section className="settings-section" aria-labelledby="settings-rates">
        <h2 id="settings-rates">Rates</h2>
        <p className="settings-section__hint">{draft.rateCard.source}</p>
        {(['ground', 'priority'] as const).map((option) => (
          <RateTable
            key={option}
            option={option}
            control={control}
            register={register}
            errorAt={(path) => error(path ? `rateCard.${option}.${path}` : `rateCard.${option}`)}
          />
        ))}
      </section>

      <section className="settings-section" aria-labelledby="settings-tax">
        <h2 id="settings-tax">Tax</h2>
        <p className="settings-section__hint">
          The shop collects sales tax in the states ticked here. North Carolina adds each county’s
          rate (and transit’s) by the ZIP shipped to; other states are taxed at the state’s rate. A
          rate of the shop’s own replaces them with one flat rate for the whole state.
        </p>
        <TaxTable
          nexusStates={draft.nexusStates}
          taxRates={draft.taxRateOverrides}
          exemptions={base.clothingExemptionOverrides}
          onNexusChange={(states) => setValue('nexusStates', states)}
          register={register}
          errorAt={stateError}
        />
        {error('nexusStates') ? (
          <p className="settings-field__error">{error('nexusStates')}</p>
        ) : null}
      </section>

      <div className="settings-form__bar">
        <p className="settings-form__state" aria-live="polite">
          {saving ? 'Saving…' : dirty ? 'You have unsaved changes.' : 'Everything is saved.'}
        </p>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!dirty || saving}
          aria-busy={saving}
        >
          {saving ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}
