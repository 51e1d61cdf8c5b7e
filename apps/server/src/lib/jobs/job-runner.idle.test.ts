/**
 * An idle process looks for work with one read per poll for all its job names (JobStore.dueNames),
 * not a claim (a write) per job name; a name found due is claimed at once (issue 26: 20 statements a
 * second from an idle PostgreSQL process, 17 of them empty claims).
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import type { JobDefinition } from './job-definitions.ts';
import { JobRunner } from './job-runner.ts';
import type { ClaimedJob, JobStore } from './job-store.ts';
import { quietLog } from './testing/job-test-kit.ts';

/** A store with nothing in it but what `due` says, counting what the runner asks of it. */
function countingStore() {
  const calls = { dueNames: 0, claim: new Map<string, number>() };
  let due = new Set<string>();
  const store: JobStore = {
    engine: 'sqlite',
    wakeAfterEnqueue: true,
    prepare: async () => {},
    insert: async () => {},
    dueNames: async (names) => {
      calls.dueNames++;
      return names.filter((n) => due.has(n));
    },
    claim: async (definition: JobDefinition): Promise<ClaimedJob[]> => {
      calls.claim.set(definition.name, (calls.claim.get(definition.name) ?? 0) + 1);
      if (!due.has(definition.name)) return [];
      due.delete(definition.name);
      return [{ id: '1', name: definition.name, data: {}, attempt: 1, maxAttempts: 3 }];
    },
    complete: async () => {},
    fail: async () => {},
    listFailed: async () => [],
    counts: async () => ({}),
    oldestWaiting: async () => ({}),
    retry: async () => false,
    close: async () => {},
  };
  return { store, calls, makeDue: (name: string) => (due = new Set([...due, name])) };
}

describe('an idle process', () => {
  it('reads once a poll for every job name, and claims only a name with work due', async () => {
    const { store, calls, makeDue } = countingStore();
    const runner = new JobRunner({} as Db, store, { claim: true, log: quietLog, pollMs: 10 });
    const names = Array.from({ length: 12 }, (_, i) => `idle.job-${i}`);
    const ran: string[] = [];
    for (const name of names) runner.work(name, async () => void ran.push(name));
    await runner.start();
    try {
      await expect.poll(() => calls.dueNames).toBeGreaterThanOrEqual(20);
      // Each worker claimed once, when it started; the polls since were reads.
      for (const name of names) expect(calls.claim.get(name)).toBe(1);

      makeDue('idle.job-7');
      await expect.poll(() => ran).toEqual(['idle.job-7']);
      expect(calls.claim.get('idle.job-7')).toBeGreaterThanOrEqual(2);
      for (const name of names.filter((n) => n !== 'idle.job-7')) {
        expect(calls.claim.get(name)).toBe(1);
      }
    } finally {
      await runner.stop({ deadlineMs: 100 });
    }
  });
});
