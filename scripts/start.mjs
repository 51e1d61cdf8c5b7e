// `npm start`: build whatever is missing, then run the shop (it migrates and seeds on start).
// `npm run worker` (--worker): the same server in PROCESS_ROLE=worker: it runs jobs and serves no HTTP.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
  stdio: 'inherit',
});
if (built.status !== 0) process.exit(built.status ?? 1);

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/main.mjs')],
  {
    stdio: 'inherit',
    env: {
      NODE_ENV: 'production',
      ...process.env,
      ...(process.argv.includes('--worker') ? { PROCESS_ROLE: 'worker' } : {}),
    },
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
