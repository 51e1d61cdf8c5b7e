/**
 * The build's script inventory (apps/web/vite/script-integrity.plugin.ts writes
 * dist/script-inventory.json): the payment page's scripts with their integrity, and the hash of the
 * one inline script (the import map) the CSP must allow. Read once per directory: a build is
 * immutable while the server runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BuiltInventorySchema, type BuiltInventory } from '@sunward/core/built-inventory';

export const BUILT_INVENTORY_FILE = 'script-inventory.json';

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
