import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Where journeys put the screenshots a person looks at (E2E_SHOTS_DIR, else test-results/shots in the
 * repository, which git ignores).
 */
export const SHOTS = path.resolve(
  process.env.E2E_SHOTS_DIR ?? path.join(import.meta.dirname, '../../../test-results/shots'),
);

/**
 * Screenshots are for a person to look at, not checks: taken when asked (E2E_SHOTS=1, or an
 * E2E_SHOTS_DIR), skipped otherwise, as in CI, where nobody looks and each full page costs a second
 * or more of a shared core. What a journey checks around a screenshot (widths, axe) runs either way.
 */
export const TAKE_SHOTS = process.env.E2E_SHOTS === '1' || Boolean(process.env.E2E_SHOTS_DIR);

if (TAKE_SHOTS) mkdirSync(SHOTS, { recursive: true });

/** `page.screenshot` to `file` (relative to the working directory, or absolute), when asked. */
export async function screenshot(
  page: Page,
  file: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!TAKE_SHOTS) return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  await page.screenshot({ path: file, ...options });
}
