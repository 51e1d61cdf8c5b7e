/**
 * Delivers queued mail, one `email.deliver` job per email (email-jobs.ts): over SMTP (nodemailer) when
 * SMTP_URL is set, otherwise "logged": a log line, and the operator console reads the outbox table.
 * The outbox row is the truth: a run claims it (queued, or left sending by a dead run), sends, and
 * marks it sent; a run that finds it sent, logged or failed does nothing. A failed send puts it back
 * to queued and throws, so the job engine retries it after its backoff; on the last attempt the email
 * is marked failed (the console's Re-send queues it again).
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import type { JobContext, JobQueue, WorkOptions } from '../../lib/jobs/job-queue.ts';
import {
  bindEmailJobs,
  EMAIL_JOB,
  EMAIL_JOB_OPTIONS,
  enqueueDelivery,
  type EmailJobData,
} from './email-jobs.ts';
import * as repo from './email.repository.ts';
import type { EmailRow } from './email.table.ts';

// Below the job's lease (3 min), so a run that hangs on SMTP gives up before another run may start.
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export class EmailSender {
  private readonly transport;
  private readonly maxAttempts: number;

  constructor(
    private readonly db: Db,
    private readonly options: {
      smtpUrl?: string;
      from: string;
      log: FastifyBaseLogger;
      jobs: JobQueue;
      /** Tests: other attempts and backoff than EMAIL_JOB_OPTIONS. */
      job?: WorkOptions;
    },
  ) {
    this.transport = options.smtpUrl
      ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
      : undefined;
    const job = { ...EMAIL_JOB_OPTIONS, ...options.job };
    this.maxAttempts = job.maxAttempts;
    bindEmailJobs(db, options.jobs);
    options.jobs.work<EmailJobData>(EMAIL_JOB, (run) => this.deliver(run), job);
  }

  get mode(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  /**
   * Once at start: a delivery job for every queued email that has none (queued before the job engine,
   * or by a path that bypassed it). The key de-duplicates, so every process may do it.
   */
  async enqueueQueued(): Promise<void> {
    for (const mail of await repo.listQueued(this.db, 1000)) {
      await this.db.transaction().execute((trx) => enqueueDelivery(trx, mail.id));
    }
  }

  private async deliver({ data, attempt }: JobContext<EmailJobData>): Promise<void> {
    const mail = await repo.findEmail(this.db, data.emailId);
    // Gone, or its address erased (a customer's erasure): nothing to send, nothing to retry.
    if (!mail?.to_address) return;
    // A later attempt may find the email `sending`: only a run whose lease ended leaves it so (a failed
    // send puts it back to queued), so that run is taken for dead and the email is sent. A run past
    // the job's attempts is an operator's Retry of the failed job (the console's jobs screen): the
    // email its last attempt gave up on is taken again, for this one more try.
    await this.send(mail, attempt >= this.maxAttempts, attempt > 1, attempt > this.maxAttempts);
  }

  /** One delivery of one email; true when it was sent or logged by this call. */
  private async send(
    mail: EmailRow,
    last: boolean,
    orStuck: boolean,
    orFailed = false,
  ): Promise<boolean> {
    if (!this.transport) {
      if (!(await repo.logIfQueued(this.db, mail.id, nowIso()))) return false;
      this.options.log.info(
        { email: mail.id, kind: mail.kind, to: mail.to_address, subject: mail.subject },
        'email logged to the outbox (SMTP_URL not set)',
      );
      return true;
    }
    if (!(await repo.claim(this.db, mail.id, { orStuck, orFailed }))) return false;
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: mail.to_address,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        headers: {
          'X-Outbox-Id': mail.id,
          // One-click unsubscribe (RFC 8058): the mail client POSTs List-Unsubscribe=One-Click to it.
          ...(mail.list_unsubscribe
            ? {
                'List-Unsubscribe': `<${mail.list_unsubscribe}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {}),
        },
      });
    } catch (err) {
      const message = (err as Error).message;
      this.options.log.warn({ err, email: mail.id, last }, 'email delivery failed');
      await repo.markFailed(this.db, mail.id, message, last);
      throw err;
    }
    await repo.markDone(this.db, mail.id, 'sent', nowIso());
    return true;
  }

  /**
   * Sends what is queued now, past the jobs' backoff (tests, an operator's nudge); their jobs then
   * find the emails sent. Returns how many were delivered or logged.
   */
  async flush(limit = 50): Promise<number> {
    let done = 0;
    for (const mail of await repo.listQueued(this.db, limit)) {
      try {
        if (await this.send(mail, false, false)) done++;
      } catch {
        // Logged and put back to queued; its job retries it.
      }
    }
    return done;
  }

  /**
   * Waits until no email is waiting for its first run or being sent (tests, shutdown), at most
   * `timeoutMs`: emails that failed once wait for their backoff and are not waited for.
   */
  async drain(timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const busy = await this.db
        .selectFrom('email_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'sending'),
            eb.and([eb('status', '=', 'queued'), eb('attempts', '=', 0)]),
          ]),
        )
        .executeTakeFirst();
      if (!busy) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): void {
    this.transport?.close();
  }
}
