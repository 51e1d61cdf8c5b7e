import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Carrier } from '@sunward/core/carriers';
import { ShipOrderSchema, type ConsoleOrderDetail } from '@sunward/core/console-orders';
import { formatMoney } from '@sunward/core/money';
import type { OrderStatus } from '@sunward/core/order-status';
import { errorMessage } from '@/shared/console/console-error.tsx';
import { FormAlert } from '@/shared/console/field-message.tsx';
import { setServerErrors } from '@/shared/console/server-errors.ts';
import { statusLook } from '@/shared/console/status-badge.tsx';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog.tsx';
import { Modal } from '@/shared/ui/modal.tsx';
import { useChangeOrderStatus, type StatusChange } from '../api/change-order-status.ts';
import { CarrierTrackingFields } from './carrier-tracking-fields.tsx';

/** The button for a change the order allows now, in an operator's words. */
function actionLabel(from: string, to: OrderStatus): string {
  if (to === 'in-progress') return 'Start fulfilment';
  if (to === 'shipped') return 'Mark shipped';
  if (to === 'cancelled') return 'Cancel and refund';
  if (to === 'completed') return from === 'return' ? 'Close return' : 'Mark delivered';
  return `Move to ${statusLook('order', to).label}`;
}

/**
 * What can be done to the order now (the server's `allowedStatuses`, through PATCH
 * /api/orders/status): Start fulfilment, Mark shipped (carrier and tracking number), Mark delivered,
 * Cancel and refund (confirmed first: money moves). Each button is disabled while a change runs; the
 * result shows once the server has answered.
 */
export function OrderActions({ detail }: { detail: ConsoleOrderDetail }) {
  const change = useChangeOrderStatus();
  const [asking, setAsking] = useState<'shipped' | 'cancelled' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { order, allowedStatuses, payment } = detail;

  const run = async (request: Omit<StatusChange, 'orderNumber'>) => {
    setDone(null);
    const now = await change.mutateAsync({ orderNumber: order.orderNumber, ...request });
    setAsking(null);
    setDone(`The order is now ${statusLook('order', now.status).label.toLowerCase()}.`);
  };
  // A failure is shown by the dialog that asked, or under the buttons.
  const runQuietly = (request: Omit<StatusChange, 'orderNumber'>) =>
    void run(request).catch(() => undefined);
  if (!allowedStatuses.length) {
    // The change just made (Mark delivered, Cancel) stays announced after its buttons go.
    return (
      <div className="order-actions">
        <p role="status" className="order-actions__done">
          {done}
        </p>
        <p className="console-orders__muted">No status change is possible for this order.</p>
      </div>
    );
  }
  return (
    <div className="order-actions">
      <div className="order-actions__buttons">
        {allowedStatuses.map((to) => (
          <button
            key={to}
            type="button"
            className={
              to === 'cancelled' ? 'btn btn--outline btn--small' : 'btn btn--primary btn--small'
            }
            disabled={change.isPending}
            onClick={() =>
              to === 'shipped' || to === 'cancelled' ? setAsking(to) : runQuietly({ status: to })
            }
          >
            {actionLabel(order.status, to)}
          </button>
        ))}
      </div>
      <p role="status" className="order-actions__done">
        {done}
      </p>
      {change.error && !asking ? (
        <p role="alert" className="console-orders__error">
          {errorMessage(change.error)}
        </p>
      ) : null}

      <Modal
        open={asking === 'shipped'}
        onClose={() => !change.isPending && setAsking(null)}
        title="Mark shipped"
      >
        <ShipForm
          carrier={order.carrier}
          busy={change.isPending}
          onCancel={() => setAsking(null)}
          onShip={(ship) => run({ status: 'shipped', ...ship })}
        />
      </Modal>

      <ConfirmDialog
        open={asking === 'cancelled'}
        title={`Cancel order ${order.orderNumber}?`}
        confirmLabel="Cancel and refund"
        busyLabel="Cancelling…"
        busy={change.isPending}
        onConfirm={() => runQuietly({ status: 'cancelled', reason: 'cancelled by the shop' })}
        onCancel={() => setAsking(null)}
      >
        <p>
          {payment.left > 0
            ? `${formatMoney(payment.left)} goes back to the customer's card.`
            : 'Nothing is left to refund.'}{' '}
          The shirts go back into stock and the customer is emailed.
        </p>
        {change.error ? (
          <p role="alert" className="console-orders__error">
            {errorMessage(change.error)}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}

const ShipFormSchema = ShipOrderSchema.pick({ carrier: true, tracking: true });
type ShipFields = z.output<typeof ShipFormSchema>;

/** Mark shipped: the carrier and tracking number, the server's messages at their fields. */
function ShipForm({
  carrier,
  busy,
  onCancel,
  onShip,
}: {
  carrier: string | null;
  busy: boolean;
  onCancel: () => void;
  onShip: (ship: ShipFields) => Promise<void>;
}) {
  const form = useForm<z.input<typeof ShipFormSchema>, unknown, ShipFields>({
    defaultValues: { carrier: (carrier ?? 'usps') as Carrier, tracking: '' },
    resolver: zodResolver(ShipFormSchema),
  });
  const { errors, isSubmitting } = form.formState;
  const sending = busy || isSubmitting;
  const trackingError = errors.tracking?.message;
  const submit = form.handleSubmit(async (ship) => {
    if (busy) return;
    try {
      await onShip(ship);
    } catch (failure) {
      setServerErrors(form.setError, failure, {
        toField: (path) => (path === 'carrier' || path === 'tracking' ? path : null),
      });
    }
  });
  return (
    <form className="ship-dialog" onSubmit={(event) => void submit(event)}>
      <CarrierTrackingFields
        carrier={form.register('carrier')}
        tracking={form.register('tracking')}
        trackingError={trackingError}
        errorId="order-tracking-error"
        autoFocus
      />
      <p className="console-orders__muted">The customer gets an email with the tracking link.</p>
      <FormAlert errors={errors} className="console-orders__error" />
      <div className="ship-dialog__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={sending} aria-busy={sending}>
          {sending ? 'Marking shipped…' : 'Mark shipped'}
        </button>
      </div>
    </form>
  );
}
