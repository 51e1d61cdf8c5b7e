// Bundles the server (and packages/core) into dist/; node_modules stay external.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: {
    main: path.join(here, 'src/main.ts'),
    cli: path.join(here, 'src/cli.ts'),
  },
  outdir: path.join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The email templates are React elements (docs/decisions/043).
  jsx: 'automatic',
  packages: 'external',
  // @sunward/* are TypeScript sources in this repo: bundle them in.
  plugins: [
    {
      name: 'bundle-workspace',
      setup(b) {
        b.onResolve({ filter: /^@sunward\// }, (args) => {
          const [, pkg, ...rest] = args.path.split('/');
          const dir = pkg === 'core' ? 'packages/core/src' : `packages/${pkg}/src`;
          return { path: path.resolve(here, '../..', dir, `${rest.join('/')}.ts`) };
        });
      },
    },
  ],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log('server built: apps/server/dist/main.mjs');
