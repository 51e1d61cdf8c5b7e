import { useState } from 'react';
import type { UseFormRegister } from 'react-hook-form';
import { CLOTHING_EXEMPTIONS, STATE_TAX_RATES_PPM, describeExemption } from '@sunward/core/tax';
import { US_STATE_NAMES } from '@sunward/core/us-states';
import type { Settings } from '@sunward/core/settings';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { percentText, type SettingsDraft } from './settings-draft.ts';

interface StateRow {
  code: string;
  name: string;
  /** The state's published rate, parts per million. */
  baseRate: number;
}

/**
 * The tax table: per state whether the shop collects sales tax there (nexus), the state's own rate, the
 * shop's rate in percent if it differs (a county and city rate, say) and how clothing is treated. By
 * default only the states where the shop collects or has its own rate; "Show every state" lists all.
 */
export function TaxTable({
  nexusStates,
  taxRates,
  exemptions,
  onNexusChange,
  register,
  errorAt,
}: {
  nexusStates: string[];
  taxRates: Record<string, string>;
  exemptions: Settings['clothingExemptionOverrides'];
  onNexusChange: (states: string[]) => void;
  register: UseFormRegister<SettingsDraft>;
  /** The message for a state (its nexus entry or its rate). */
  errorAt: (state: string) => string | undefined;
}) {
  const [all, setAll] = useState(false);
  const codes = new Set([
    ...Object.keys(STATE_TAX_RATES_PPM),
    ...nexusStates,
    ...Object.keys(taxRates),
  ]);
  const rows: StateRow[] = [...codes]
    .map((code) => ({
      code,
      name: US_STATE_NAMES[code] ?? code,
      baseRate: STATE_TAX_RATES_PPM[code] ?? 0,
    }))
    .filter(
      (row) =>
        all ||
        nexusStates.includes(row.code) ||
        (taxRates[row.code] ?? '') !== '' ||
        errorAt(row.code),
    )
    .sort((a, b) => a.name.localeCompare(b.name));

  const toggle = (code: string, collects: boolean) =>
    onNexusChange(collects ? [...nexusStates, code].sort() : nexusStates.filter((s) => s !== code));

  const columns: Column<StateRow>[] = [
    { key: 'state', header: 'State', cell: (r) => `${r.name} (${r.code})` },
    {
      key: 'nexus',
      header: 'Collects tax',
      cell: (r) => (
        <label className="tax-table__check">
          <input
            type="checkbox"
            checked={nexusStates.includes(r.code)}
            onChange={(e) => toggle(r.code, e.target.checked)}
          />
          Collect <span className="visually-hidden">sales tax in {r.name}</span>
        </label>
      ),
    },
    { key: 'base', header: 'State rate', align: 'end', cell: (r) => `${percentText(r.baseRate)}%` },
    {
      key: 'rate',
      header: 'Shop’s rate',
      cell: (r) => {
        const error = errorAt(r.code);
        return (
          <span className="tax-table__rate">
            <span className="settings-field__box">
              <input
                className="console-control tax-table__input"
                inputMode="decimal"
                aria-label={`Shop’s tax rate for ${r.name}, percent (empty: the state rate)`}
                placeholder={percentText(r.baseRate)}
                aria-invalid={error ? true : undefined}
                {...register(`taxRateOverrides.${r.code}`)}
              />
              <span aria-hidden="true">%</span>
            </span>
            {error ? <span className="settings-field__error">{error}</span> : null}
          </span>
        );
      },
    },
    {
      key: 'clothing',
      header: 'Clothing',
      cell: (r) => {
        const override = exemptions[r.code];
        const exemption = override === undefined ? (CLOTHING_EXEMPTIONS[r.code] ?? null) : override;
        return describeExemption(exemption) ?? 'Taxed like other goods.';
      },
    },
  ];

  return (
    <div className="tax-table">
      <label className="tax-table__check">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} />
        Show every state
      </label>
      <DataTable
        caption="Sales tax by state"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.code}
        empty="The shop collects sales tax in no state. Show every state to choose some."
      />
    </div>
  );
}
