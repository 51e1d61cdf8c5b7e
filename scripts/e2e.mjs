// Runs the Playwright journeys in tests/e2e (playwright.config.ts): one worker per core, each against the
// built shop with a fresh database of its own (tests/e2e/support/fixtures.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  path.join(root, 'node_modules/.bin/playwright'),
  ['test', '--config', path.join(root, 'playwright.config.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
