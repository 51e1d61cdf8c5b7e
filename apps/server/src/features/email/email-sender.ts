/**
 * Delivers queued mail: over SMTP (nodemailer) when SMTP_URL is set, otherwise "logged": a log line,
 * and the operator console reads the outbox table. Each email is claimed before sending, so several
 * processes never send the same one twice.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { nowIso } from '../../lib/ids.ts';
import * as repo from './email.repository.ts';

const MAX_ATTEMPTS = 5;

export class EmailSender {
  private running: Promise<void> | undefined;
  private again = false;
  private readonly transport;

  constructor(
    private readonly db: Db,
    private readonly options: { smtpUrl?: string; from: string; log: FastifyBaseLogger },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  get mode(): 'smtp' | 'outbox' {
    return this.transport ? 'smtp' : 'outbox';
  }

  /** Starts a delivery pass in the background (a pass already running picks up new mail). */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.flush();
      } catch (err) {
        this.options.log.error({ err }, 'email delivery pass failed');
      }
    } while (this.again);
  }

  /** Sends what is queued now; returns how many were delivered or logged. */
  async flush(limit = 50): Promise<number> {
    let done = 0;
    for (const mail of await repo.listQueued(this.db, limit)) {
      if (!this.transport) {
        if (!(await repo.logIfQueued(this.db, mail.id, nowIso()))) continue;
        this.options.log.info(
          { email: mail.id, kind: mail.kind, to: mail.to_address, subject: mail.subject },
          'email logged to the outbox (SMTP_URL not set)',
        );
        done++;
        continue;
      }
      if (!(await repo.claim(this.db, mail.id))) continue;
      try {
        await this.transport.sendMail({
          from: this.options.from,
          to: mail.to_address,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
          headers: { 'X-Outbox-Id': mail.id },
        });
        await repo.markDone(this.db, mail.id, 'sent', nowIso());
        done++;
      } catch (err) {
        const message = (err as Error).message;
        this.options.log.warn({ err, email: mail.id }, 'email delivery failed');
        await repo.markFailed(this.db, mail.id, message, mail.attempts + 1 >= MAX_ATTEMPTS);
      }
    }
    return done;
  }

  /** Waits for the running pass (tests, shutdown). */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  close(): void {
    this.transport?.close();
  }
}
