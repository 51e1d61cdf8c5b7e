import { useRef, useState, type FormEvent } from 'react';
import { US_STATE_NAMES } from '@sunward/core/us-states';
import type { ConsoleSettings, Settings } from '@sunward/core/settings';
import { ApiError } from '@/shared/api/http.ts';
import { ConsoleError, errorMessage } from '@/shared/console/console-error.tsx';
import { toast } from '@/shared/toast/toast-store.ts';
import { useConsoleSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { RateTable } from './rate-table.tsx';
import { SettingsField } from './settings-field.tsx';
import { changedSettings, toDraft, type SettingsDraft } from './settings-draft.ts';
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
 * Shop, Shipping, Rates and Tax in one form. Save sends only what changed (and any stored value that
 * was not valid), all or nothing; the server's message for each field is shown next to it, with its
 * summary at the top. Save is disabled while nothing changed and while saving.
 */
function SettingsForm({ loaded }: { loaded: ConsoleSettings }) {
  // What the form was filled from: changes are judged against it, not against a later refetch, so
  // another operator's change is never sent back as this operator's.
  const [base, setBase] = useState<Settings>(loaded.settings);
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(loaded.settings));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [sentNexus, setSentNexus] = useState<string[]>([]);
  const [broken, setBroken] = useState(() => loaded.issues.map((i) => i.key));
  const summaryRef = useRef<HTMLDivElement>(null);
  const save = useUpdateSettings();

  const patch = changedSettings(draft, base, broken);
  const dirty = Object.keys(patch).length > 0;
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setAddress = (key: keyof Settings['returnAddress'], value: string) =>
    setDraft((d) => ({ ...d, returnAddress: { ...d.returnAddress, [key]: value } }));
  const error = (path: string) => fields[path];
  const stateError = (code: string) => {
    const index = sentNexus.indexOf(code);
    return (
      fields[`taxRateOverrides.${code}`] ??
      (index >= 0 ? fields[`nexusStates.${index}`] : undefined)
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    setSentNexus(draft.nexusStates);
    save.mutate(patch, {
      onSuccess: (saved) => {
        setBase(saved.settings);
        setDraft(toDraft(saved.settings));
        setBroken(saved.issues.map((i) => i.key));
        setFields({});
        setSummary(null);
        toast.success('Settings saved.');
      },
      onError: (failure) => {
        setFields(failure instanceof ApiError ? (failure.fields ?? {}) : {});
        setSummary(errorMessage(failure));
        requestAnimationFrame(() => summaryRef.current?.focus());
      },
    });
  };

  return (
    <form className="settings-form" onSubmit={submit} noValidate>
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
            value={draft.shopName}
            onChange={(v) => set('shopName', v)}
            error={error('shopName')}
            autoComplete="organization"
          />
          <SettingsField
            label="Support email"
            type="email"
            value={draft.supportEmail}
            onChange={(v) => set('supportEmail', v)}
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
            value={draft.companyZipCode}
            onChange={(v) => set('companyZipCode', v)}
            error={error('companyZipCode')}
            hint="Parcels ship from here: every rate quote starts at this ZIP."
          />
          <SettingsField
            label="Free-shipping target"
            prefix="$"
            inputMode="decimal"
            value={draft.freeShippingTarget}
            onChange={(v) => set('freeShippingTarget', v)}
            error={error('freeShippingTarget')}
            hint="A bag at or over it ships free by Ground Advantage."
          />
          <SettingsField
            label="Shirt weight"
            suffix="oz"
            inputMode="decimal"
            value={draft.shirtWeightOz}
            onChange={(v) => set('shirtWeightOz', v)}
            error={error('shirtWeightOz')}
            hint="One shirt as packed; a parcel weighs this times its shirts."
          />
          <SettingsField
            label="Bag reminder delay"
            suffix="min"
            inputMode="numeric"
            value={draft.bagReminderDelayMinutes}
            onChange={(v) => set('bagReminderDelayMinutes', v)}
            error={error('bagReminderDelayMinutes')}
            hint="How long a checkout left with an email and the shopper's consent waits before its one reminder; 0 sends none."
          />
        </div>
        <fieldset className="settings-fieldset">
          <legend>Return address (printed on every return label)</legend>
          <div className="settings-grid">
            <SettingsField
              label="Company"
              value={draft.returnAddress.company}
              onChange={(v) => setAddress('company', v)}
              error={error('returnAddress.company')}
            />
            <SettingsField
              label="Street address"
              value={draft.returnAddress.line1}
              onChange={(v) => setAddress('line1', v)}
              error={error('returnAddress.line1')}
              autoComplete="address-line1"
            />
            <SettingsField
              label="City"
              value={draft.returnAddress.city}
              onChange={(v) => setAddress('city', v)}
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
                value={draft.returnAddress.state}
                onChange={(e) => setAddress('state', e.target.value)}
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
              value={draft.returnAddress.zip}
              onChange={(v) => setAddress('zip', v)}
              error={error('returnAddress.zip')}
              autoComplete="postal-code"
            />
          </div>
        </fieldset>
      </section>

      <section className="settings-section" aria-labelledby="settings-rates">
        <h2 id="settings-rates">Rates</h2>
        <p className="settings-section__hint">{draft.rateSource}</p>
        {(['ground', 'priority'] as const).map((option) => (
          <RateTable
            key={option}
            option={option}
            tiers={draft[option]}
            onChange={(tiers) => set(option, tiers)}
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
          taxRates={draft.taxRates}
          exemptions={base.clothingExemptionOverrides}
          onNexusChange={(states) => set('nexusStates', states)}
          onRateChange={(state, text) =>
            setDraft((d) => {
              const taxRates = { ...d.taxRates, [state]: text };
              if (text === '') delete taxRates[state];
              return { ...d, taxRates };
            })
          }
          errorAt={stateError}
        />
        {error('nexusStates') ? (
          <p className="settings-field__error">{error('nexusStates')}</p>
        ) : null}
      </section>

      <div className="settings-form__bar">
        <p className="settings-form__state" aria-live="polite">
          {save.isPending
            ? 'Saving…'
            : dirty
              ? 'You have unsaved changes.'
              : 'Everything is saved.'}
        </p>
        <button
          type="submit"
          className="btn btn--primary"
          disabled={!dirty || save.isPending}
          aria-busy={save.isPending}
        >
          {save.isPending ? 'Saving…' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}
