import { mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Where journeys put the screenshots a person looks at (E2E_SHOTS_DIR, else test-results/shots in the
 * repository, which git ignores).
 */
export const SHOTS = path.resolve(
  process.env.E2E_SHOTS_DIR ?? path.join(import.meta.dirname, '../../../test-results/shots'),
);
mkdirSync(SHOTS, { recursive: true });
