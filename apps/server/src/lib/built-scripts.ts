/**
 * The build's script inventory (apps/web/vite/script-integrity.plugin.ts writes
 * dist/script-inventory.json): the payment page's scripts with their integrity, and the hash of the
 * one inline script (the import map) the CSP must allow. Read once per directory: a build is
 * immutable while the server runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const BUILT_INVENTORY_FILE = 'script-inventory.json';

const BuiltInventorySchema = z.object({
  page: z.string(),
  inlineScripts: z.array(z.string()),
  /** The module scripts every page starts (the entry); a page's preloads are optional. */
  html: z.array(z.string()),
  scripts: z.array(z.object({ file: z.string(), integrity: z.string(), inventory: z.string() })),
  external: z.array(z.object({ url: z.string(), integrity: z.boolean(), inventory: z.string() })),
});
export type BuiltInventory = z.infer<typeof BuiltInventorySchema>;

const read = new Map<string, BuiltInventory | null>();

/** The inventory of the build in `webDistDir`; null without a build (API tests, `npm run dev`). */
export function builtInventory(webDistDir: string): BuiltInventory | null {
  let inventory = read.get(webDistDir);
  if (inventory === undefined) {
    const file = path.join(webDistDir, BUILT_INVENTORY_FILE);
    inventory = existsSync(file)
      ? BuiltInventorySchema.parse(JSON.parse(readFileSync(file, 'utf8')))
      : null;
    read.set(webDistDir, inventory);
  }
  return inventory;
}
