// `npm test`: build what the browser suite needs, run the unit and API tests (Vitest), then the browser
// journeys (Playwright) when a Chromium is found. REQUIRE_E2E=1 turns a skipped browser suite into a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from '../tests/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ??
  1;

if (run(process.execPath, ['scripts/build.mjs']) !== 0) process.exit(1);

const unit = run(path.join(root, 'node_modules/.bin/vitest'), ['run', ...process.argv.slice(2)]);
if (unit !== 0) process.exit(unit);

const chrome = chromiumPath();
if (!existsSync(chrome)) {
  const message = `Browser tests SKIPPED: no Chromium at ${chrome} (set CHROME_PATH or apt-get install chromium).`;
  if (process.env.REQUIRE_E2E === '1') {
    console.error(`${message} REQUIRE_E2E=1, so this is a failure.`);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}
process.exit(run(process.execPath, ['scripts/e2e.mjs'], { CHROME_PATH: chrome }));
