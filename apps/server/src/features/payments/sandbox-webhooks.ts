/**
 * The sandbox sends the shop signed webhooks in Stripe's scheme, through the shop's own webhook route
 * (the same verification path as real deliveries). Each event is a `payments.sandbox-webhook` job
 * (issue 25 item 2, docs/decisions/029), enqueued in the transaction that changes the intent: it is
 * delivered if and only if the change commits, also when the process dies right after, by whichever
 * process runs jobs. The job signs when it runs (the signature's timestamp must be recent) and throws
 * on a refusal, so the job engine retries it with backoff. `drain()` waits for them (tests).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { JobContext, JobQueue, WorkOptions } from '../../lib/jobs/job-queue.ts';
import type { PaymentIntentView } from './payment-provider.ts';
import { signPayload } from './webhook-signature.ts';

export type Deliver = (payload: string, signature: string) => Promise<{ statusCode: number }>;

export const SANDBOX_WEBHOOK_JOB = 'payments.sandbox-webhook';

/**
 * Twelve attempts, 250 ms then doubling (jittered) up to 5 minutes: at least 8.5 minutes of trying.
 * The route refuses briefly (while the success page is recording the order, a busy database, its 503
 * while the intent does not read paid yet, a process restarting), so the first retries come soon; the
 * success page makes the order too, so this is the backstop for a shopper who closed the tab, and a
 * sandbox needs no Stripe-like days of retries.
 */
export const SANDBOX_WEBHOOK_JOB_OPTIONS = {
  maxAttempts: 12,
  backoff: { firstMs: 250, maxMs: 5 * 60_000 },
  timeoutMs: 60_000,
  concurrency: 2,
} satisfies WorkOptions;

/** The event as sent: the bytes to sign, fixed at enqueue (pg-boss's jsonb would reorder an object). */
export interface SandboxWebhookJobData {
  eventId: string;
  payload: string;
}

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
  /** The last 100 events this process delivered, newest last (kept for replay in tests). */
  readonly sent: { payload: string; signature: string }[] = [];

  /**
   * The last event delivered for `intentId`, as sent. Deliveries of other intents may come in between
   * (a delivery that found the order being recorded comes again a moment later).
   */
  lastSentFor(intentId: string): { payload: string; signature: string } | undefined {
    return this.sent.findLast(
      (s) =>
        (JSON.parse(s.payload) as { data: { object: { id: string } } }).data.object.id === intentId,
    );
  }

  constructor(
    /** The secret the sandbox signs with and its provider verifies (tests sign their own events). */
    readonly secret: string,
    private readonly deliver: Deliver,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: JobQueue,
    /** Declares the job: only with the sandbox as the card processor (Stripe sends its own). */
    declare: boolean,
  ) {
    if (declare) {
      jobs.work<SandboxWebhookJobData>(
        SANDBOX_WEBHOOK_JOB,
        (run) => this.send(run),
        SANDBOX_WEBHOOK_JOB_OPTIONS,
      );
    }
  }

  /** Enqueues the event's delivery in the intent's transaction; false when it was enqueued before. */
  enqueue(trx: Transaction<Database>, event: { id: string; type: string }): Promise<boolean> {
    return this.jobs.enqueue(trx, {
      name: SANDBOX_WEBHOOK_JOB,
      data: { eventId: event.id, payload: JSON.stringify(event) } satisfies SandboxWebhookJobData,
      key: `sandbox-webhook:${event.id}`,
    });
  }

  private async send({ data, attempt }: JobContext<SandboxWebhookJobData>): Promise<void> {
    const signature = signPayload(this.secret, data.payload, Math.floor(Date.now() / 1000));
    const res = await this.deliver(data.payload, signature);
    if (res.statusCode >= 300) {
      this.log.warn(
        { event: data.eventId, status: res.statusCode, attempt },
        'sandbox webhook refused',
      );
      throw new Error(`The shop's webhook route answered ${res.statusCode}`);
    }
    this.sent.push({ payload: data.payload, signature });
    if (this.sent.length > 100) this.sent.shift();
  }

  /**
   * Waits until no delivery is queued or running (tests), at most `timeoutMs`: as the mailer's
   * drain, a short poll of what the engine holds.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const count = (await this.jobs.counts())[SANDBOX_WEBHOOK_JOB];
      if (!count || count.queued + count.running === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
