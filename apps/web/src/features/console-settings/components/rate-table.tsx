import { useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import type { Settings } from '@sunward/core/settings';
import { SHIPPING_OPTION_LABELS } from '@sunward/core/shipping';
import type { RateOption, SettingsDraft } from './settings-draft.ts';

const ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/**
 * One service's rate table: a row per weight tier (up to N oz) with a price in dollars per zone 1-9.
 * On a phone the table scrolls sideways inside its box; every field is labelled with its tier and
 * zone. The server's message for a tier or a price is shown under the table, and its field marked.
 */
export function RateTable({
  option,
  control,
  register,
  errorAt,
}: {
  option: RateOption;
  control: Control<SettingsDraft, unknown, Settings>;
  register: UseFormRegister<SettingsDraft>;
  /** The message for a path under this table (`0.maxOz`, `2.zones.4`, `` for the table). */
  errorAt: (path: string) => string | undefined;
}) {
  const label = SHIPPING_OPTION_LABELS[option];
  const name = `rateCard.${option}` as const;
  const { fields, append, remove } = useFieldArray({ control, name });
  const tiers = useWatch({ control, name });
  const messages = [
    errorAt(''),
    ...tiers.flatMap((tier, i) => [
      errorAt(`${i}`),
      errorAt(`${i}.maxOz`),
      errorAt(`${i}.zones`),
      ...tier.zones.map((_, z) => errorAt(`${i}.zones.${z}`)),
    ]),
  ].filter((m): m is string => Boolean(m));
  const id = `rates-${option}`;
  return (
    <div className="rate-table">
      <h3 id={id} className="rate-table__title">
        {label}: price in dollars by weight and zone
      </h3>
      <div className="rate-table__box" role="region" aria-labelledby={id} tabIndex={0}>
        <table aria-labelledby={id}>
          <thead>
            <tr>
              <th scope="col">Up to (oz)</th>
              {ZONES.map((zone) => (
                <th scope="col" key={zone}>
                  Zone {zone}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier, i) => (
              <tr key={fields[i]?.id ?? i}>
                <th scope="row">
                  <input
                    className="console-control rate-table__input"
                    inputMode="decimal"
                    aria-label={`${label}, tier ${i + 1}: up to how many ounces`}
                    aria-invalid={errorAt(`${i}.maxOz`) ? true : undefined}
                    {...register(`${name}.${i}.maxOz`)}
                  />
                </th>
                {tier.zones.map((_, z) => (
                  <td key={z}>
                    <input
                      className="console-control rate-table__input"
                      inputMode="decimal"
                      aria-label={`${label}, up to ${tier.maxOz} oz, zone ${z + 1}, dollars`}
                      aria-invalid={errorAt(`${i}.zones.${z}`) ? true : undefined}
                      {...register(`${name}.${i}.zones.${z}`)}
                    />
                  </td>
                ))}
                <td>
                  <button type="button" className="link-button" onClick={() => remove(i)}>
                    Remove{' '}
                    <span className="visually-hidden">
                      the {label} tier up to {tier.maxOz} oz
                    </span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn--outline btn--small"
        onClick={() =>
          append(
            { maxOz: '', zones: [...(tiers.at(-1)?.zones ?? ZONES.map(() => ''))] },
            { shouldFocus: false },
          )
        }
      >
        Add a weight tier <span className="visually-hidden">to {label}</span>
      </button>
      {messages.length ? (
        <ul className="settings-field__error rate-table__errors">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
