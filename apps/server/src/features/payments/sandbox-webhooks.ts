/**
 * The sandbox sends the shop signed webhooks in Stripe's scheme, through the shop's own webhook route
 * (the same verification path as real deliveries). Deliveries run in the background with retries, as a
 * processor's would; `drain()` waits for them (tests, shutdown).
 */
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../lib/ids.ts';
import type { PaymentIntentView } from './payment-provider.ts';
import { signPayload } from './webhook-signature.ts';

export type Deliver = (payload: string, signature: string) => Promise<{ statusCode: number }>;

const RETRY_DELAYS_MS = [0, 250, 1000, 4000];

export function intentEvent(type: string, intent: PaymentIntentView) {
  return {
    id: newId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: intent.status === 'succeeded' ? intent.amount : 0,
        currency: intent.currency,
        status: intent.status,
        metadata: intent.metadata,
      },
    },
  };
}

export class SandboxWebhookEmitter {
  private readonly pending = new Set<Promise<void>>();
  /** Every event sent, newest last (kept for replay in tests and the console). */
  readonly sent: { payload: string; signature: string }[] = [];

  constructor(
    /** The secret the sandbox signs with and its provider verifies (tests sign their own events). */
    readonly secret: string,
    private readonly deliver: Deliver,
    private readonly log: FastifyBaseLogger,
  ) {}

  emit(event: { id: string; type: string }): void {
    const payload = JSON.stringify(event);
    const run = this.send(payload, event).finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  private async send(payload: string, event: { id: string; type: string }): Promise<void> {
    for (const delay of RETRY_DELAYS_MS) {
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const signature = signPayload(this.secret, payload, Math.floor(Date.now() / 1000));
      try {
        const res = await this.deliver(payload, signature);
        if (res.statusCode < 300) {
          this.sent.push({ payload, signature });
          if (this.sent.length > 100) this.sent.shift();
          return;
        }
        this.log.warn({ event: event.id, status: res.statusCode }, 'sandbox webhook refused');
      } catch (err) {
        this.log.warn({ err, event: event.id }, 'sandbox webhook delivery failed');
      }
    }
    this.log.error({ event: event.id, type: event.type }, 'sandbox webhook gave up');
  }

  async drain(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
