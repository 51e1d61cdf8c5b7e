import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import MagicString from 'magic-string';

/** apps/web. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Names each page's module in the route table (src/app/pages.ts): `() => import('./routes/x.tsx')`
 * becomes that function with `source: 'src/app/routes/x.tsx'`, the key of its chunk in the build's
 * manifest, so a prerendered page links its chunk's stylesheets (docs/decisions/025).
 */
export function pageSources(): Plugin {
  const table = path.join(here, 'src/app/pages.ts');
  return {
    name: 'page-sources',
    enforce: 'pre',
    transform(code, id) {
      if (id !== table) return null;
      const out = new MagicString(code);
      for (const call of code.matchAll(/\(\) => import\('(\.[^']+)'\)/g)) {
        const source = path.relative(here, path.resolve(path.dirname(table), call[1]!));
        out.appendLeft(call.index, 'Object.assign(');
        out.appendRight(
          call.index + call[0].length,
          `, { source: ${JSON.stringify(source.split(path.sep).join('/'))} })`,
        );
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
    // The prerendering module is one file for Node: the browser's chunk groups (below) do not apply.
    config(config, env) {
      const output = config.build?.rolldownOptions?.output;
      if (env.isSsrBuild && output && !Array.isArray(output)) {
        output.codeSplitting = false;
      }
    },
  };
}
