import type * as SchemasModule from './schemas.ts';

type Schemas = typeof SchemasModule;

let loading: Promise<Schemas> | null = null;

/** The response schemas (zod/mini), in their own chunk, loaded once on first use. */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./schemas.ts');
  return loading;
}

/** A schema loader for getJson, e.g. `getJson(url, schema('ProductsSchema'))`. */
export function schema<K extends keyof Schemas>(name: K): () => Promise<Schemas[K]> {
  return () => loadSchemas().then((m) => m[name]);
}
