/** Test factories: support messages and privacy data requests straight in the database. */
import { dataRequestDueBy } from '@sunward/core/support';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import type { NewDataRequest, NewSupportRequest } from './support.table.ts';

export async function insertSupportMessage(db: Db, overrides: Partial<NewSupportRequest> = {}) {
  const row = {
    id: newId('sup'),
    order_number: null,
    email: 'pat@example.com',
    customer_id: null,
    message: 'My shirt is too long.',
    status: 'open',
    created_at: new Date().toISOString(),
    erased_at: null,
    ...overrides,
  };
  await db.insertInto('support_requests').values(row).execute();
  return row;
}

/** A data request received at `overrides.received_at` (default now), due 45 days later. */
export async function insertDataRequest(db: Db, overrides: Partial<NewDataRequest> = {}) {
  const receivedAt = overrides.received_at ?? new Date().toISOString();
  const row = {
    id: newId('dr'),
    email: 'pat@example.com',
    message: 'Please send me the data you hold on me.',
    status: 'open',
    created_at: receivedAt,
    received_at: receivedAt,
    due_by: dataRequestDueBy(new Date(receivedAt)),
    customer_id: null,
    completed_at: null,
    completion_note: null,
    erased_at: null,
    ...overrides,
  };
  await db.insertInto('data_requests').values(row).execute();
  return row;
}
