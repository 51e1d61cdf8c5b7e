/**
 * The payment-page monitor (PCI DSS 4.0.1 requirement 11.6.1, decision 056): fetches /checkout as a
 * browser would, compares its scripts and security headers with the build's inventory and the headers
 * the shop sends (payment-page-check.ts), checks the bytes of every script of the build's inventory
 * against its integrity, and keeps the run with what it found. A change stays an alert (the console's
 * home, the metrics) until a later check finds the page as built or an operator acknowledges it.
 */
import type { Db } from '../../db/database.ts';
import type { BuiltInventory } from '@sunward/core/built-inventory';
import { newId, nowIso } from '../../lib/ids.ts';
import {
  compareBytes,
  compareHeaders,
  compareScripts,
  pageScripts,
  type Finding,
} from './payment-page-check.ts';
import * as repo from './payment-page.repository.ts';

/** A current desktop Chrome's request for a page. */
export const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 SunwardPaymentPageMonitor',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US,en;q=0.9',
};
const TIMEOUT_MS = 15_000;

export interface CheckDeps {
  /** The page to fetch (PAYMENT_PAGE_URL, else SITE_URL's /checkout). */
  url: string;
  /** The build's inventory; null without a build. */
  built: BuiltInventory | null;
  /** The document headers the shop sends (plugins/security.ts). */
  headers: Readonly<Record<string, string>>;
  fetch?: typeof fetch;
}

export interface CheckOutcome {
  id: string;
  status: 'done' | 'failed';
  findings: Finding[];
}

/** Fetches the page, compares, and keeps the run and its findings. */
export async function checkPaymentPage(
  db: Db,
  deps: CheckDeps,
  startedBy: string,
): Promise<CheckOutcome> {
  const id = newId('ppr');
  await repo.insertRun(db, { id, url: deps.url, startedBy, at: nowIso() });
  try {
    const { findings, checked } = await inspect(deps);
    await repo.saveFindings(db, id, findings, nowIso());
    await repo.finishRun(db, id, {
      status: 'done',
      at: nowIso(),
      checked,
      findings: findings.length,
    });
    return { id, status: 'done', findings };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await repo.finishRun(db, id, {
      status: 'failed',
      at: nowIso(),
      checked: 0,
      findings: 0,
      error,
    });
    return { id, status: 'failed', findings: [] };
  }
}

async function inspect(deps: CheckDeps): Promise<{ findings: Finding[]; checked: number }> {
  const { built } = deps;
  if (!built) {
    throw new Error(
      'The build has no script inventory (apps/web/dist/script-inventory.json): build the storefront.',
    );
  }
  const get = deps.fetch ?? fetch;
  const page = await get(deps.url, {
    headers: BROWSER_HEADERS,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  }).catch((err: unknown) => {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    throw new Error(`${deps.url} could not be fetched (${cause ?? String(err)}).`);
  });
  if (page.status !== 200) throw new Error(`${deps.url} answered ${page.status}.`);
  const html = await page.text();
  const pageUrl = page.url || deps.url;
  const origin = new URL(pageUrl).origin;
  const findings = [
    ...compareScripts(pageScripts(html, pageUrl), built, origin),
    ...compareHeaders((name) => page.headers.get(name), deps.headers),
  ];
  // Every script of the inventory, as a browser would get it: the import map's integrity makes the
  // browser refuse an altered one, this says which and when.
  const altered = await Promise.all(
    built.scripts.map(async (script) => {
      const res = await get(new URL(script.file, origin), {
        headers: { ...BROWSER_HEADERS, accept: '*/*' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (res.status !== 200) {
        return {
          kind: 'script_missing',
          subject: script.file,
          expected: script.integrity,
          actual: null,
          detail: `The script answered ${res.status}.`,
        } satisfies Finding;
      }
      return compareBytes(script.file, script.integrity, Buffer.from(await res.arrayBuffer()));
    }),
  );
  for (const finding of altered) if (finding) findings.push(finding);
  return { findings, checked: built.scripts.length };
}
