import type { UseFormRegisterReturn } from 'react-hook-form';
import { CARRIER_NAMES, CARRIERS } from '@sunward/core/carriers';
import { FieldMessage, invalidProps } from '@/shared/console/field-message.tsx';

/** Carrier and Tracking number of an order marked shipped, the tracking's message under it. */
export function CarrierTrackingFields({
  carrier,
  tracking,
  trackingError,
  errorId,
  autoFocus = false,
}: {
  carrier: UseFormRegisterReturn;
  tracking: UseFormRegisterReturn;
  trackingError: string | undefined;
  errorId: string;
  /** The dialog's first field (the Modal focuses `data-autofocus`). */
  autoFocus?: boolean;
}) {
  return (
    <>
      <label>
        Carrier
        <select className="console-control" {...carrier}>
          {CARRIERS.map((c) => (
            <option key={c} value={c}>
              {CARRIER_NAMES[c]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tracking number
        <input
          className="console-control"
          required
          maxLength={60}
          autoComplete="off"
          spellCheck={false}
          data-autofocus={autoFocus || undefined}
          {...invalidProps(trackingError, errorId)}
          {...tracking}
        />
        <FieldMessage id={errorId} message={trackingError} />
      </label>
    </>
  );
}
