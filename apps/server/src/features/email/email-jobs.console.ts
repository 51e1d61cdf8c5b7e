/**
 * What the console's jobs screen (features/console-jobs) says an `email.deliver` job was for: the
 * email's subject and its recipient, masked. Never the body, and never a one-time link (a subject
 * may quote one; one-time-links.ts), whoever reads the screen.
 */
import type { JobTarget } from '@sunward/core/console-jobs';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import * as repo from './email.repository.ts';
import { hideOneTimeLinks } from './one-time-links.ts';

const DeliveryData = z.object({ emailId: z.string() });

/**
 * An address with its local part hidden but its first letter: "j***@example.com". The domain stays, as
 * an operator telling a typo ("gmial.com") from a full mailbox needs it.
 */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return '***';
  const local = address.slice(0, at);
  return `${local.length > 1 ? local[0] : ''}***${address.slice(at)}`;
}

/** The email a delivery job sends, in a line; null when its data names no email. */
export async function aboutDeliveryJob(
  db: Db,
  data: unknown,
): Promise<{ about: string; target: JobTarget | null } | null> {
  const parsed = DeliveryData.safeParse(data);
  if (!parsed.success) return null;
  const { emailId } = parsed.data;
  const target = { type: 'email', id: emailId } as const;
  const mail = await repo.findEmail(db, emailId);
  if (!mail) return { about: `Email ${emailId}, no longer in the outbox`, target: null };
  const to = mail.to_address ? maskAddress(mail.to_address) : 'a recipient whose data was erased';
  return { about: `Email “${hideOneTimeLinks(mail.kind, mail.subject)}” to ${to}`, target };
}
