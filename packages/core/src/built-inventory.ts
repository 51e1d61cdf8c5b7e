/**
 * The build's script inventory, dist/script-inventory.json (decision 056): written by the storefront's
 * build (apps/web/vite/script-integrity.plugin.ts), read by the server (the CSP's hash of the import
 * map, the payment-page monitor). One format for both sides.
 */
import { z } from 'zod';

export const BuiltInventorySchema = z.object({
  page: z.string(),
  /** The import map's hash as the CSP lists it ('sha256-...'): the one inline script of the page. */
  inlineScripts: z.array(z.string()),
  /**
   * The module scripts every page starts (index.html's entry), by path. Its module preloads are left
   * out of prerendered pages (decision 054): checked when present, not required.
   */
  html: z.array(z.string()),
  /** Every chunk the payment page can load, with its integrity and the inventory entry it matches. */
  scripts: z.array(z.object({ file: z.string(), integrity: z.string(), inventory: z.string() })),
  /** Scripts from other origins the page's code loads (Stripe.js): checked by origin only. */
  external: z.array(z.object({ url: z.string(), integrity: z.boolean(), inventory: z.string() })),
});
export type BuiltInventory = z.infer<typeof BuiltInventorySchema>;
