/**
 * The SQLite backup schedule (issue 27 item 4): once per period on the job engine, whose clock the
 * test moves rather than waits for.
 */
import { describe, expect, it } from 'vitest';
import { appOnClock } from '../../test/test-app.ts';
import { defaultBackupDir, integrityOf, listBackups, sqliteFileOf } from '../db/backup.ts';
import { advanceQueue } from '../lib/jobs/testing/job-test-kit.ts';

describe('the backup schedule', () => {
  it('backs the database up once per period on the job engine', async () => {
    const { app, database, clock } = await appOnClock('sqlite', { BACKUP_EVERY_MS: '60000' });
    try {
      const file = sqliteFileOf(database.url)!;
      const backups = () => listBackups(file, defaultBackupDir(file)).length;
      // The current period runs at start, then one per minute of the engine's clock.
      await expect.poll(backups, { timeout: 15_000 }).toBe(1);
      await advanceQueue(app.db, app.jobs.engine, clock, 60_000);
      await expect.poll(backups, { timeout: 15_000 }).toBe(2);
      expect(integrityOf(listBackups(file, defaultBackupDir(file)).at(-1)!)).toBe('ok');
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
