/**
 * Scheduled backups of the embedded SQLite database (issue 27 item 4, docs/decisions/036): one run per
 * BACKUP_EVERY_MS across every process on the job engine (hourly by default), keeping the newest
 * BACKUP_KEEP. Nothing is scheduled on PostgreSQL (pg_dump, the README's procedure) or in memory.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { backupSqlite, defaultBackupDir, sqliteFileOf } from '../db/backup.ts';
import type { PeriodData } from '../lib/jobs/job-schedules.ts';

export const BACKUP_JOB = 'db.backup';

/** Declares the backup and its schedule on `app.jobs` (before the queue starts), on SQLite only. */
export function registerDatabaseBackups(app: FastifyInstance, config: Config): void {
  const file = sqliteFileOf(config.databaseUrl);
  if (!file || config.backups.everyMs === 0) return;
  const dir = config.backups.dir ?? defaultBackupDir(file);
  // Named by the period: a period's run again (its lease ended) replaces that period's file, whole.
  app.jobs.work<PeriodData>(
    BACKUP_JOB,
    async ({ data }) => {
      const done = backupSqlite(file, {
        dir,
        keep: config.backups.keep,
        now: new Date(data.periodStart),
      });
      app.log.info(
        { backup: done.file, bytes: done.bytes, ms: done.ms, removed: done.removed.length },
        'database backed up',
      );
    },
    { maxAttempts: 3, timeoutMs: 10 * 60_000 },
  );
  app.jobs.schedule(BACKUP_JOB, { everyMs: config.backups.everyMs });
}
