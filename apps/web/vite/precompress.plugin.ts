import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** apps/web. */
const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Writes .br and .gz siblings of the built text files: the server serves them as they are
 * (@fastify/static preCompressed), so nothing is compressed per request.
 */
export function precompress(): Plugin {
  return {
    name: 'precompress',
    // The prerendering module (dist/server) is read by the server from disk, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options) {
      const dir = options.dir ?? path.join(here, 'dist');
      for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|woff)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
