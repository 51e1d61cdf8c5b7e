// `npm run db:migrate` and `npm run db:seed` against DATABASE_URL (default sqlite:data/shop.db).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const result = spawnSync(
  tsx,
  [path.join(root, 'apps/server/src/cli.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
