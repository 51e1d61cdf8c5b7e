// Builds what is missing or out of date: the images, the storefront, the server.
// `node scripts/build.mjs` builds stale parts only; `--force` rebuilds everything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const stampDir = path.join(root, 'node_modules/.cache/sunward-build');

/** A fingerprint of every file under the inputs: path, size and mtime. */
function fingerprint(inputs) {
  const hash = createHash('sha1');
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        if (
          name === 'node_modules' ||
          name === 'dist' ||
          name === '.cache' ||
          name.endsWith('.test.ts') ||
          name.endsWith('.test.tsx')
        )
          continue;
        walk(path.join(p, name));
      }
    } else hash.update(`${path.relative(root, p)}:${st.size}:${st.mtimeMs}\n`);
  };
  for (const input of inputs) walk(path.join(root, input));
  return hash.digest('hex');
}

const steps = [
  {
    name: 'images',
    inputs: ['packages/art/src', 'packages/core/src/designs.ts'],
    output: 'packages/art/dist/manifest.json',
    command: ['npm', ['run', 'build', '-w', 'packages/art']],
  },
  {
    name: 'storefront',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/vite',
      'apps/web/public',
      'packages/core/src',
      'packages/art/dist/manifest.json',
    ],
    output: 'apps/web/dist/index.html',
    command: ['npm', ['run', 'build', '-w', 'apps/web']],
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src'],
    output: 'apps/server/dist/main.mjs',
    command: ['npm', ['run', 'build', '-w', 'apps/server']],
  },
  {
    // The catalogue pages rendered from the seeded catalogue (docs/decisions/025); the server serves
    // them from its first request and makes them again when its catalogue or SITE_URL differs.
    name: 'pages',
    inputs: [
      'apps/web/dist/index.html',
      'apps/web/dist/server/prerender.js',
      'apps/server/dist/cli.mjs',
    ],
    output: 'apps/web/dist/pages/pages.json',
    command: ['node', ['apps/server/dist/cli.mjs', 'prerender']],
  },
];

mkdirSync(stampDir, { recursive: true });
for (const step of steps) {
  const stampFile = path.join(stampDir, `${step.name}.stamp`);
  const print = fingerprint(step.inputs);
  const fresh =
    !force &&
    existsSync(path.join(root, step.output)) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === print;
  if (fresh) continue;
  console.log(`\n> building ${step.name}`);
  const started = Date.now();
  const [cmd, args] = step.command;
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${step.name} failed.`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, fingerprint(step.inputs));
  console.log(`> ${step.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
