import type { RefObject } from 'react';
import { addressLines } from '@/shared/orders/order-format.ts';
import type { AddressChoice, PanelStep } from '../hooks/use-address-panel.ts';

type Suggested = Extract<PanelStep, { step: 'suggested' }>;

/**
 * Spec 4 and 8: the suggested address next to the entered one, as a native radio group (one tab stop,
 * up and down arrows switch the choice), and a button to confirm.
 */
export function AddressSuggestion(props: {
  panel: Suggested;
  focusRef: RefObject<HTMLElement | null>;
  onChoose: (choice: AddressChoice) => void;
  onConfirm: () => void;
  onBack: () => void;
}) {
  const { panel } = props;
  const options: { choice: AddressChoice; title: string; lines: [string, string] }[] = [
    { choice: 'suggested', title: 'Suggested address', lines: addressLines(panel.suggestion) },
    { choice: 'entered', title: 'Address you entered', lines: addressLines(panel.entered) },
  ];
  return (
    <div className="address-suggestion">
      <div
        className="notice notice--warning"
        role="status"
        tabIndex={-1}
        ref={(el) => void (props.focusRef.current = el)}
      >
        We found a similar mailing address. Please confirm which address to use.
      </div>
      <fieldset className="choice-group">
        <legend className="visually-hidden">Which address should we ship to?</legend>
        {options.map((o) => (
          <label key={o.choice} className="choice">
            <input
              type="radio"
              name="address-choice"
              value={o.choice}
              checked={panel.choice === o.choice}
              onChange={() => props.onChoose(o.choice)}
            />
            <span className="choice__body">
              <span className="choice__title">{o.title}</span>
              <span className="choice__text">{o.lines[0]}</span>
              <span className="choice__text">{o.lines[1]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="address-suggestion__actions">
        <button type="button" className="btn btn--primary" onClick={props.onConfirm}>
          Use this address
        </button>
        <button type="button" className="link-button" onClick={props.onBack}>
          Edit address
        </button>
      </div>
    </div>
  );
}
