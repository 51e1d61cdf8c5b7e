import { useState, type FormEvent } from 'react';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@sunward/core/carriers';
import type { ConsoleOrderSummary, ShipResult } from '@sunward/core/console-orders';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useShipOrders } from '../api/ship-orders.ts';

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

  const close = () => {
    if (ship.isPending) return;
    setResults(null);
    ship.reset();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const request = orders.map((o) => ({
      orderNumber: o.orderNumber,
      carrier: String(data.get(`carrier-${o.orderNumber}`)) as Carrier,
      tracking: String(data.get(`tracking-${o.orderNumber}`) ?? '').trim(),
    }));
    ship.mutate(request, {
      onSuccess: (answer) => {
        setResults(answer.results);
        onShipped(answer.results.filter((r) => r.ok).map((r) => r.orderNumber));
      },
    });
  };

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
        <form className="ship-dialog" onSubmit={submit}>
          <p>
            Each order needs its carrier and tracking number. The customers get an email with the
            tracking link.
          </p>
          {orders.map((o) => (
            <fieldset key={o.orderNumber} className="ship-dialog__order">
              <legend>
                Order {o.orderNumber}
                <span className="ship-dialog__name"> {o.name}</span>
              </legend>
              <label>
                Carrier
                <select
                  name={`carrier-${o.orderNumber}`}
                  className="console-control"
                  defaultValue="usps"
                >
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
                  name={`tracking-${o.orderNumber}`}
                  className="console-control"
                  required
                  maxLength={60}
                  autoComplete="off"
                  spellCheck={false}
                />
              </label>
            </fieldset>
          ))}
          {ship.error ? (
            <p role="alert" className="console-orders__error">
              {errorMessage(ship.error)}
            </p>
          ) : null}
          <div className="ship-dialog__actions">
            <button type="button" className="btn btn--outline" onClick={close}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={ship.isPending}
              aria-busy={ship.isPending}
            >
              {ship.isPending
                ? 'Marking shipped…'
                : `Mark ${count} ${count === 1 ? 'order' : 'orders'} shipped`}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
