import type { Plugin } from 'vite';

/**
 * Fails the build when chunks import each other statically in a circle. The chunk rules below put
 * modules in the app chunk by path; a module there that imports one left outside, which imports the
 * app chunk back, makes such a circle, and the page then stops at 'Loading the shop' with
 * "x is not a function" (an export read before its chunk has run). Twice so far; never again silently.
 */
export function noStaticChunkCycles(): Plugin {
  return {
    name: 'no-static-chunk-cycles',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const all = Object.values(bundle).filter((file) => file.type === 'chunk');
      // A facade (a dynamic import's entry that only re-exports another chunk's code) runs nothing of
      // its own: a circle through it is harmless.
      const facade = new Set(
        all
          .filter((chunk) => Object.values(chunk.modules).every((m) => m.renderedLength === 0))
          .map((chunk) => chunk.fileName),
      );
      const chunks = new Map(
        all.map((chunk) => [chunk.fileName, chunk.imports.filter((name) => !facade.has(name))]),
      );
      const done = new Set<string>();
      const visit = (name: string, trail: string[]): void => {
        if (trail.includes(name)) {
          const cycle = [...trail.slice(trail.indexOf(name)), name].join(' -> ');
          this.error(
            `Chunks import each other statically: ${cycle}. Adjust APP_CHUNK in vite.config.ts.`,
          );
        }
        if (done.has(name)) return;
        for (const next of chunks.get(name) ?? []) visit(next, [...trail, name]);
        done.add(name);
      };
      for (const name of chunks.keys()) visit(name, []);
    },
  };
}
