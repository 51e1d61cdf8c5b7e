/**
 * oidc-provider's storage over Kysely: one table, oidc_payloads, for every model the provider keeps
 * (Session, Grant, AuthorizationCode, RefreshToken, AccessToken, Interaction, ReplayDetection, ...), on
 * SQLite and PostgreSQL alike, so every process of one shop sees the same sessions and tokens.
 * Expired rows are never returned and are deleted by `purgeExpired`, which the plugin runs on a timer.
 *
 * A sign-in writes about ten of these rows. The sign-in's own models are stored as writes a power cut
 * may lose (db/relaxed-commit.ts `losableWrite`: on SQLite they do not hold the process while the disk
 * flushes): losing one signs a shopper out or makes them sign in again, nothing more, because whether a
 * session still counts is decided by the account's epoch (account-sessions.ts), which waits for the disk.
 * What takes something away (a code consumed, a session or token destroyed, a grant revoked; but a
 * finished interaction) and any other model (replay detection) wait for the disk as before.
 */
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Db } from '../../db/database.ts';
import { losableWrite } from '../../db/relaxed-commit.ts';

/** The models whose new or changed rows may be lost to a power cut (above). */
const LOSABLE_MODELS: ReadonlySet<string> = new Set([
  'Interaction',
  'Session',
  'Grant',
  'AuthorizationCode',
  'AccessToken',
  'RefreshToken',
]);

type Row = { payload: string; consumed_at: string | null };

function decode(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  if (row.consumed_at) payload.consumed = Math.floor(Date.parse(row.consumed_at) / 1000);
  return payload;
}

class KyselyAdapter implements Adapter {
  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  private live() {
    const now = new Date().toISOString();
    return this.db
      .selectFrom('oidc_payloads')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      user_code: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
    };
    const write = (executor: Db) =>
      executor
        .insertInto('oidc_payloads')
        .values({ model: this.model, id, consumed_at: null, ...row })
        .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
        .execute();
    await (LOSABLE_MODELS.has(this.model) ? losableWrite(this.db, write) : write(this.db));
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return decode(await this.live().where('id', '=', id).executeTakeFirst());
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return decode(await this.live().where('uid', '=', uid).executeTakeFirst());
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return decode(await this.live().where('user_code', '=', userCode).executeTakeFirst());
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_payloads')
      .set({ consumed_at: new Date().toISOString() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    const remove = (executor: Db) =>
      executor
        .deleteFrom('oidc_payloads')
        .where('model', '=', this.model)
        .where('id', '=', id)
        .execute();
    // A finished interaction is removed once its sign-in has gone on; should a power cut bring it back,
    // it would only lie there until it expires. Any other removal waits for the disk.
    await (this.model === 'Interaction' ? losableWrite(this.db, remove) : remove(this.db));
  }

  /** Every model issued under the grant goes: codes, access and refresh tokens, the grant itself. */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.deleteFrom('oidc_payloads').where('grant_id', '=', grantId).execute();
  }
}

/** The `adapter` option of oidc-provider: one adapter per model name, all on `db`. */
export function kyselyAdapter(db: Db): AdapterFactory {
  return (model: string) => new KyselyAdapter(db, model);
}

/** Deletes expired rows; returns how many. */
export async function purgeExpired(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('oidc_payloads')
    .where('expires_at', '<', now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
