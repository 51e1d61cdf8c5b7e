/**
 * What the payment-page monitor compares (PCI DSS 4.0.1 requirement 11.6.1, decision 056): the
 * scripts of /checkout as served (each tag's URL and integrity, each inline script's hash) with the
 * build's inventory, and its security headers with those the shop sends. Pure functions over what was
 * fetched, so each rule has its case in payment-page-check.test.ts.
 */
import { createHash } from 'node:crypto';
import { Parser } from 'htmlparser2';
import type { PageFindingKind } from '@sunward/core/console-payment-page';
import type { BuiltInventory } from '@sunward/core/built-inventory';

export interface PageScript {
  /** script (a `<script src>`), preload (`<link rel=modulepreload>`) or inline. */
  tag: 'script' | 'preload' | 'inline';
  /** The absolute URL (src or href); for an inline script its CSP hash ('sha256-...'). */
  url: string;
  integrity: string | null;
  /** An import map's content (its integrity covers the chunks loaded later). */
  importMap?: string;
}

export interface Finding {
  kind: PageFindingKind;
  subject: string;
  expected: string | null;
  actual: string | null;
  detail: string;
}

/** Script types a browser runs: a `<script>` of another type (JSON, JSON-LD) is data. */
const RUNS = new Set(['', 'module', 'text/javascript', 'application/javascript', 'importmap']);

const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The scripts of an HTML page, URLs resolved against `pageUrl`. */
export function pageScripts(html: string, pageUrl: string): PageScript[] {
  const scripts: PageScript[] = [];
  let inline: { type: string; text: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const integrity = attrs.integrity ?? null;
        if (name === 'script') {
          const type = (attrs.type ?? '').trim().toLowerCase();
          if (attrs.src !== undefined) {
            scripts.push({ tag: 'script', url: new URL(attrs.src, pageUrl).href, integrity });
          } else if (RUNS.has(type)) {
            inline = { type, text: '' };
          }
        } else if (name === 'link' && attrs.href !== undefined) {
          const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
          if (rel.includes('modulepreload') || (rel.includes('preload') && attrs.as === 'script')) {
            scripts.push({ tag: 'preload', url: new URL(attrs.href, pageUrl).href, integrity });
          }
        }
      },
      ontext(text) {
        if (inline) inline.text += text;
      },
      onclosetag(name) {
        if (name !== 'script' || !inline) return;
        const { type, text } = inline;
        inline = null;
        scripts.push({
          tag: 'inline',
          url: cspHash(text),
          integrity: null,
          ...(type === 'importmap' ? { importMap: text } : {}),
        });
      },
    },
    { decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return scripts;
}

/**
 * The page's scripts against the build: every script tag and inline script in the inventory, with
 * the build's integrity on it; the entry every page starts, present. `origin` is the page's.
 */
export function compareScripts(
  scripts: readonly PageScript[],
  built: BuiltInventory,
  origin: string,
): Finding[] {
  const findings: Finding[] = [];
  const byPath = new Map(built.scripts.map((s) => [s.file, s]));
  const seen = new Set<string>();
  for (const script of scripts) {
    if (script.tag === 'inline') {
      if (!built.inlineScripts.includes(script.url)) {
        findings.push({
          kind: 'script_not_in_inventory',
          subject: `inline script ${script.url}`,
          expected: built.inlineScripts.join(' ') || null,
          actual: script.url,
          detail: `An inline ${script.importMap === undefined ? 'script' : 'import map'} the build did not make is on the page.`,
        });
      }
      continue;
    }
    const url = new URL(script.url);
    const own = url.origin === origin ? byPath.get(url.pathname) : undefined;
    if (!own) {
      findings.push({
        kind: 'script_not_in_inventory',
        subject: script.url,
        expected: null,
        actual: script.url,
        detail:
          url.origin === origin
            ? 'A script of the shop’s origin that the build did not make is on the page.'
            : `A script from ${url.origin}, which the inventory does not list, is on the page.`,
      });
      continue;
    }
    seen.add(url.pathname);
    if (!script.integrity) {
      findings.push({
        kind: 'integrity_missing',
        subject: url.pathname,
        expected: own.integrity,
        actual: null,
        detail: `The ${script.tag === 'script' ? 'script' : 'preload'} has no integrity attribute.`,
      });
    } else if (script.integrity !== own.integrity) {
      findings.push({
        kind: 'integrity_mismatch',
        subject: url.pathname,
        expected: own.integrity,
        actual: script.integrity,
        detail: 'The integrity attribute is not the build’s.',
      });
    }
  }
  for (const file of built.html) {
    if (!seen.has(file)) {
      findings.push({
        kind: 'script_missing',
        subject: file,
        expected: file,
        actual: null,
        detail: 'The module script every page of the build starts is not on the page.',
      });
    }
  }
  return findings;
}

/** A script's bytes as served against the build's integrity. */
export function compareBytes(file: string, expected: string, bytes: Buffer): Finding | null {
  const actual = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
  return actual === expected
    ? null
    : {
        kind: 'script_altered',
        subject: file,
        expected,
        actual,
        detail: 'The script served is not the one the build made.',
      };
}

/** A CSP's directives by name, each a list of sources (order kept: it is compared as written). */
export function cspDirectives(policy: string): Map<string, string> {
  const directives = new Map<string, string>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources.join(' '));
  }
  return directives;
}

/** Headers that must arrive as the shop sends them: a change to any is how a page is opened up. */
const EXACT = ['content-security-policy', 'reporting-endpoints', 'x-content-type-options'];
/** Headers that must be present with one of these values (a proxy may set its own). */
const ONE_OF: Record<string, readonly string[]> = {
  'x-frame-options': ['deny', 'sameorigin'],
  'referrer-policy': [
    'no-referrer',
    'same-origin',
    'strict-origin',
    'strict-origin-when-cross-origin',
  ],
};
const HSTS_MIN_AGE = 31_536_000;

/**
 * The page's security headers against the shop's (plugins/security.ts): the CSP directive by
 * directive, Reporting-Endpoints and nosniff exactly; framing and referrer policies present and
 * safe; HSTS of a year or more when the shop is on https.
 */
export function compareHeaders(
  actual: (name: string) => string | null,
  expected: Readonly<Record<string, string>>,
): Finding[] {
  const findings: Finding[] = [];
  const missing = (name: string, want: string) =>
    findings.push({
      kind: 'header_missing',
      subject: name,
      expected: want,
      actual: null,
      detail: `The page arrived without ${name}.`,
    });
  for (const name of EXACT) {
    const want = expected[name];
    if (want === undefined) continue;
    const got = actual(name);
    if (got === null) {
      missing(name, want);
    } else if (name === 'content-security-policy') {
      const wanted = cspDirectives(want);
      const seen = cspDirectives(got);
      const changed = [...new Set([...wanted.keys(), ...seen.keys()])].filter(
        (d) => wanted.get(d) !== seen.get(d),
      );
      if (changed.length > 0) {
        findings.push({
          kind: 'header_changed',
          subject: name,
          expected: want,
          actual: got,
          detail: `The Content-Security-Policy differs in ${changed.join(', ')}.`,
        });
      }
    } else if (got.trim() !== want) {
      findings.push({
        kind: 'header_changed',
        subject: name,
        expected: want,
        actual: got,
        detail: `${name} is not the shop’s.`,
      });
    }
  }
  for (const [name, allowed] of Object.entries(ONE_OF)) {
    const want = expected[name];
    if (want === undefined) continue;
    const got = actual(name);
    if (got === null) missing(name, want);
    else if (!allowed.includes(got.trim().toLowerCase())) {
      findings.push({
        kind: 'header_changed',
        subject: name,
        expected: want,
        actual: got,
        detail: `${name} is not one of ${allowed.join(', ')}.`,
      });
    }
  }
  const hsts = expected['strict-transport-security'];
  if (hsts !== undefined) {
    const got = actual('strict-transport-security');
    const age = Number(/max-age=(\d+)/i.exec(got ?? '')?.[1] ?? 0);
    if (got === null) missing('strict-transport-security', hsts);
    else if (age < HSTS_MIN_AGE) {
      findings.push({
        kind: 'header_changed',
        subject: 'strict-transport-security',
        expected: hsts,
        actual: got,
        detail: 'HSTS is shorter than a year.',
      });
    }
  }
  return findings;
}
