import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifestFile = path.resolve(here, '../../packages/art/dist/manifest.json');

/**
 * `virtual:art-manifest` is the generated image manifest (packages/art/dist/manifest.json). Its type is
 * declared in src/art-manifest.d.ts, so type-checking needs no build; bundling needs `npm run art:build`.
 */
function artManifest(): Plugin {
  const id = 'virtual:art-manifest';
  return {
    name: 'art-manifest',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      if (!existsSync(manifestFile)) {
        this.error(`The image manifest is missing (${manifestFile}). Run: npm run art:build`);
      }
      this.addWatchFile(manifestFile);
      return `export default ${readFileSync(manifestFile, 'utf8')};`;
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [react(), artManifest()],
  build: {
    outDir: 'dist',
    assetsDir: 'static',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/assets': 'http://localhost:3000',
      '/oidc': 'http://localhost:3000',
    },
  },
});
