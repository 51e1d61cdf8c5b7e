import { useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { Carrier } from '@sunward/core/carriers';
import {
  ShipRequestSchema,
  type ConsoleOrderSummary,
  type ShipRequest,
  type ShipResult,
} from '@sunward/core/console-orders';
import { FormAlert } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { Modal } from '@/shared/ui/modal.tsx';
import { useShipOrders } from '../api/ship-orders.ts';
import { CarrierTrackingFields } from './carrier-tracking-fields.tsx';

type Results = ShipResult['results'];

/**
 * Mark shipped for the chosen orders: a carrier and a tracking number per order, sent together; each
 * order's answer (shipped, or why not) is shown once the server has answered. The button is disabled
 * while the request runs. `onShipped` hears the orders that shipped (they leave the selection).
 */
export function ShipDialog({
  open,
  orders,
  onClose,
  onShipped,
}: {
  open: boolean;
  orders: readonly ConsoleOrderSummary[];
  onClose: () => void;
  onShipped: (orderNumbers: string[]) => void;
}) {
  const ship = useShipOrders();
  const [results, setResults] = useState<Results | null>(null);
  const values = useMemo(
    () => ({
      orders: orders.map((o) => ({
        orderNumber: o.orderNumber,
        carrier: 'usps' as Carrier,
        tracking: '',
      })),
    }),
    [orders],
  );
  const form = useForm<ShipRequest>({ values, resolver: zodResolver(ShipRequestSchema) });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || ship.isPending;

  const close = () => {
    if (busy) return;
    setResults(null);
    ship.reset();
    form.reset(values);
    onClose();
  };

  const submit = form.handleSubmit(async (request) => {
    if (ship.isPending) return;
    try {
      const answer = await ship.mutateAsync(request.orders);
      setResults(answer.results);
      onShipped(answer.results.filter((r) => r.ok).map((r) => r.orderNumber));
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) =>
          /^orders\.\d+\.(carrier|tracking)$/.test(path)
            ? (path as `orders.${number}.tracking`)
            : null,
      });
    }
  });

  const count = orders.length;
  return (
    <Modal open={open} onClose={close} title="Mark shipped">
      {results ? (
        <div className="ship-dialog">
          <p role="status">
            {results.filter((r) => r.ok).length} of {results.length} marked shipped.
          </p>
          <ul className="ship-dialog__results">
            {results.map((r) => (
              <li key={r.orderNumber} className={r.ok ? 'is-ok' : 'is-failed'}>
                <strong>{r.orderNumber}</strong>: {r.ok ? 'Shipped' : r.message}
              </li>
            ))}
          </ul>
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--primary" onClick={close} data-autofocus>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="ship-dialog" onSubmit={(event) => void submit(event)}>
          <p>
            Each order needs its carrier and tracking number. The customers get an email with the
            tracking link.
          </p>
          {orders.map((o, i) => (
            <fieldset key={o.orderNumber} className="ship-dialog__order">
              <legend>
                Order {o.orderNumber}
                <span className="ship-dialog__name"> {o.name}</span>
              </legend>
              <CarrierTrackingFields
                carrier={form.register(`orders.${i}.carrier`)}
                tracking={form.register(`orders.${i}.tracking`)}
                trackingError={errors.orders?.[i]?.tracking?.message}
                errorId={`tracking-${i}-error`}
              />
            </fieldset>
          ))}
          <FormAlert errors={errors} className="console-orders__error" />
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--outline" onClick={close}>
              Cancel
            </button>
            <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
              {busy
                ? 'Marking shipped…'
                : `Mark ${count} ${count === 1 ? 'order' : 'orders'} shipped`}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
