/**
 * The built-in identity provider's hosted forms fuzzed (issue 31 item 1): they are HTML form posts
 * outside the API document, so schema-fuzz.test.ts does not reach them. Seeded cases (fast-check) of
 * sign in, create account, forgot password, reset password, confirm email and sign out, each posted
 * within a real interaction of its own (an authorization request started as the storefront does),
 * valid or broken in one way: a field missing, too long, repeated, a control character, odd Unicode
 * (a lone surrogate, right-to-left marks, joiners, full-width signs), an unknown field, another
 * interaction's id or none, no interaction cookie, a post from another site. Whatever the case:
 * - never a 5xx;
 * - a refusal (4xx) is an HTML page with a message (an alert or a field's error), or a redirect;
 * - a refusal changes nothing (the table digest, but for the failed sign-ins counted against
 *   guessing: `login_throttle`, and the provider's own interaction rows: `oidc_payloads`);
 * - a valid sign-up answers the check-your-email page with its account made; a valid sign-in is let in
 *   (a redirect back into the provider); a valid sign-out signs out;
 * - a case that cannot be valid (a required field missing or past its limit, a control character,
 *   a stranger's interaction, another site's post) is refused.
 *
 * IDENTITY_FUZZ_RUNS sets the cases per database (default 250 on SQLite and 150 on PostgreSQL;
 * FUZZ_RUNS_SCALE multiplies them as for the API's fuzzing), FUZZ_SEED the seed (shared with
 * schema-fuzz.test.ts and `npm run bench`). A failure prints its seed, path and case;
 * FUZZ_COLLECT=<file> writes every failure there and goes on.
 */
import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Browser,
  TEST_PASSWORD,
  createAccount,
  formAction,
  hiddenFields,
  relyingParty,
  startLogin,
  type Page,
} from '../src/features/identity/identity.test-helpers.ts';
import { changedTables, digestWhenWritten } from './table-digest.ts';
import { clientAddress } from './openapi-samples.ts';
import { DATABASE_KINDS, createTestApp, type TestApp } from './test-app.ts';

type FormName =
  | 'sign in'
  | 'create account'
  | 'forgot password'
  | 'reset password'
  | 'confirm email'
  | 'sign out';

/** Where a form is posted from: its own interaction, or another way it cannot belong to. */
type Origin = 'own' | 'unknown interaction' | 'no cookie' | 'another site';

interface FormCase {
  form: FormName;
  /** The body's key-value pairs in order (a key may repeat). */
  fields: [string, string][];
  origin: Origin;
  /** What was broken, and whether the shop must refuse it. */
  broken?: { why: string; refused: boolean };
  /** Sign in with the right password of an account that exists. */
  rightPassword?: boolean;
}

/** Changed by a refusal on purpose: failed sign-ins counted, and the provider's interaction rows. */
const BOOKKEEPING = new Set(['login_throttle', 'oidc_payloads']);

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzéüñøçÅßЖщλδあア中文'.split(''));
const word = fc.string({ unit: letters, minLength: 2, maxLength: 10 });
const name = fc.tuple(word, word).map(([a, b]) => `${a[0]!.toUpperCase()}${a.slice(1)} ${b}`);
const email = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{1,15}[a-z0-9]$/), fc.nat(1_000_000_000))
  .map(([local, n]) => `${local.replace(/\.\.+/g, '.')}.${n}@example.com`);
const password = fc
  .string({
    unit: fc.constantFrom(
      ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !#%'.split(''),
    ),
    minLength: 14,
    maxLength: 60,
  })
  .map((p) => `${p.trim()}Qx7`);
const token = fc.stringMatching(/^[A-Za-z0-9_-]{20,60}$/);

/** Text that is odd but no control character: a lone surrogate, bidi marks, joiners, wide signs. */
const oddText = fc.constantFrom(
  '\uD800',
  '\uDFFF',
  'a\u202Eb',
  '\u200D\u200D',
  'e\u0301\u0301\u0301',
  '\uFF20',
  '👩‍👩‍👧‍👦',
  '\uFEFF',
  '\u2028',
  '\uFFFD',
);
const controlCharacter = fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\n', '\r', '\t');

/** A valid case of each form: its fields as the page sends them. */
function validOf(form: FormName): fc.Arbitrary<FormCase> {
  const c = (fields: fc.Arbitrary<[string, string][]>, extra: Partial<FormCase> = {}) =>
    fields.map((f) => ({ form, fields: f, origin: 'own' as Origin, ...extra }));
  switch (form) {
    case 'sign in':
      // The account the test made (right password) or an address nobody signed up with.
      return fc.oneof(
        fc.constant<FormCase>({ form, fields: [], origin: 'own', rightPassword: true }),
        c(
          fc.tuple(email, password).map(([e, p]) => [
            ['email', e],
            ['password', p],
          ]),
        ),
      );
    case 'create account':
      return c(
        fc.tuple(name, email, password).map(([n, e, p]) => [
          ['name', n],
          ['email', e],
          ['password', p],
        ]),
      );
    case 'forgot password':
      return c(email.map((e) => [['email', e]]));
    case 'reset password':
    case 'confirm email':
      // A link's token nobody was sent: refused as the page refuses an expired link.
      return c(
        fc.tuple(token, password).map(([tk, p]) => [
          ['token', tk],
          ['password', p],
        ]),
      );
    case 'sign out':
      return c(fc.constant([['logout', 'yes']]));
  }
}

/** The fields the form cannot do without. */
const REQUIRED: Record<FormName, string[]> = {
  'sign in': ['email', 'password'],
  'create account': ['name', 'email', 'password'],
  'forgot password': ['email'],
  'reset password': ['token', 'password'],
  'confirm email': ['token', 'password'],
  'sign out': ['xsrf'],
};
/** Past these lengths a field is refused. */
const LIMITS: Record<string, number> = { name: 100, email: 254, password: 128 };

/** One way to break a valid case. */
function broken(c: FormCase): fc.Arbitrary<FormCase> {
  const keys = c.fields.map(([k]) => k);
  const withBreak = (fields: [string, string][], why: string, refused: boolean, more = {}) => ({
    ...c,
    rightPassword: false,
    fields,
    broken: { why, refused },
    ...more,
  });
  const options: fc.Arbitrary<FormCase>[] = [
    fc
      .tuple(
        fc.constantFrom('email', 'name', 'password', 'token', 'uid', 'logout', 'zzz'),
        fc.string({ maxLength: 20 }),
      )
      .map(([k, v]) => withBreak([...c.fields, [k, v]], `an unknown or extra field ${k}`, false)),
  ];
  if (c.form !== 'sign out') {
    options.push(
      fc.constant(
        withBreak(
          c.fields,
          'from another site',
          ['reset password', 'confirm email'].includes(c.form),
          { origin: 'another site' as Origin },
        ),
      ),
    );
  }
  if (['sign in', 'create account'].includes(c.form)) {
    options.push(
      fc.constant(
        withBreak(c.fields, 'another interaction’s id', true, {
          origin: 'unknown interaction' as Origin,
        }),
      ),
      fc.constant(
        withBreak(c.fields, 'no interaction cookie', true, { origin: 'no cookie' as Origin }),
      ),
    );
  }
  if (keys.length) {
    const at = fc.nat(keys.length - 1);
    options.push(
      at.map((i) => {
        const k = keys[i]!;
        return withBreak(
          c.fields.filter((_f, j) => j !== i),
          `without ${k}`,
          REQUIRED[c.form].includes(k),
        );
      }),
      fc
        .tuple(at, fc.integer({ min: 1, max: 6000 }), fc.constantFrom('a', 'é', '中', ' '))
        .map(([i, n, ch]) => {
          const [k, v] = c.fields[i]!;
          const long = v + ch.repeat(n);
          const refused =
            long.trim().length > (LIMITS[k] ?? Infinity) && c.form === 'create account';
          return withBreak(
            c.fields.map((f, j) => (j === i ? [k, long] : f)),
            `${k} ${long.length} characters long`,
            refused,
          );
        }),
      fc.tuple(at, fc.string({ maxLength: 20 })).map(([i, v]) => {
        const [k] = c.fields[i]!;
        return withBreak([...c.fields, [k, v]], `${k} twice`, false);
      }),
      fc.tuple(at, controlCharacter, fc.nat(3)).map(([i, ch, where]) => {
        const [k, v] = c.fields[i]!;
        const spoilt =
          where === 0 ? ch + v : where === 1 ? v + ch : `${v.slice(0, 2)}${ch}${v.slice(2)}`;
        // Around a value a newline or tab is trimmed away, as a browser's own form would.
        const refused = !(/^[\t\n\r]$/.test(ch) && where < 2);
        return withBreak(
          c.fields.map((f, j) => (j === i ? [k, spoilt] : f)),
          `${k} with ${JSON.stringify(ch)}`,
          refused,
        );
      }),
      fc.tuple(at, oddText).map(([i, odd]) => {
        const [k, v] = c.fields[i]!;
        return withBreak(
          c.fields.map((f, j) => (j === i ? [k, `${v}${odd}`] : f)),
          `${k} with ${JSON.stringify(odd)}`,
          false,
        );
      }),
    );
  }
  return fc.oneof(...options);
}

const FORMS: FormName[] = [
  'sign in',
  'create account',
  'forgot password',
  'reset password',
  'confirm email',
  'sign out',
];
const cases: fc.Arbitrary<FormCase> = fc.oneof(
  ...FORMS.map((form) => validOf(form).chain((c) => fc.oneof(fc.constant(c), broken(c)))),
);

/** A form body as a browser encodes it; a lone surrogate as the bytes WTF-8 gives it. */
function formBody(fields: [string, string][]): string {
  const encode = (text: string) =>
    [...text]
      .map((ch) => {
        const code = ch.charCodeAt(0);
        if (ch.length > 1 || code < 0xd800 || code > 0xdfff) {
          return encodeURIComponent(ch).replace(/%20/g, '+');
        }
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63)]
          .map((b) => `%${b.toString(16).toUpperCase()}`)
          .join('');
      })
      .join('');
  return fields.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
}

const describeCase = (c: FormCase) =>
  `${c.form} from ${c.origin}${c.broken ? ` (${c.broken.why})` : ''}: ${formBody(c.fields).slice(0, 300)}`;

describe.each(DATABASE_KINDS)('the hosted identity forms fuzzed (%s)', (kind) => {
  const runs =
    Number(process.env.IDENTITY_FUZZ_RUNS ?? (kind === 'sqlite' ? 250 : 150)) *
    Number(process.env.FUZZ_RUNS_SCALE ?? 1);
  const seed = Number(process.env.FUZZ_SEED ?? 20_261_129);
  let t: TestApp;
  let account: { email: string };
  let rp: Awaited<ReturnType<typeof relyingParty>>;
  let client = 0;
  /** The tables' digest, taken again only after a write (a new interaction changes only `oidc_payloads`). */
  let digest: ReturnType<typeof digestWhenWritten>;

  beforeAll(async () => {
    // A web process: no job changes a table between two requests. Each case from its own address.
    t = await createTestApp(kind, {}, { TRUST_PROXY: '1', PROCESS_ROLE: 'web' });
    account = await createAccount(t.database.db, { password: TEST_PASSWORD });
    rp = await relyingParty(t.baseUrl);
    digest = digestWhenWritten(t.database.db);
  }, 60_000);
  afterAll(async () => t?.close());

  /** A browser at a sign-in page of its own interaction (signed in first for a sign-out). */
  async function interaction(c: FormCase) {
    const browser = new Browser();
    const page = await browser.follow(
      await browser.open((await startLogin(rp, t.baseUrl)).url),
      `${t.baseUrl}/callback`,
    );
    const login = formAction(page);
    const uid = /\/interaction\/([^/]+)\/login$/.exec(login)![1]!;
    if (c.form !== 'sign out') return { browser, uid, login };
    const back = await browser.follow(
      await browser.open(login, { form: { email: account.email, password: TEST_PASSWORD } }),
      `${t.baseUrl}/callback`,
    );
    expect(back.location, 'signed in before signing out').toContain('code=');
    const confirm = await browser.open(`${t.baseUrl}/oidc/session/end`);
    expect(confirm.status, confirm.text.slice(0, 300)).toBe(200);
    return { browser, uid, login, confirm };
  }

  /** Sends the case as a browser would; answers the page and the tables' change. */
  async function post(c: FormCase) {
    const { browser, uid, login, confirm } = await interaction(c);
    let fields = c.rightPassword
      ? ([
          ['email', account.email],
          ['password', TEST_PASSWORD],
        ] as [string, string][])
      : c.fields;
    const otherUid = 'x'.repeat(uid.length);
    const url: Record<FormName, string> = {
      'sign in': login,
      'create account': `${t.baseUrl}/oidc/interaction/${c.origin === 'unknown interaction' ? otherUid : uid}/signup`,
      'forgot password': `${t.baseUrl}/oidc/account/forgot-password`,
      'reset password': `${t.baseUrl}/oidc/account/reset-password`,
      'confirm email': `${t.baseUrl}/oidc/account/verify-email`,
      'sign out': confirm ? formAction(confirm) : '',
    };
    if (c.form === 'sign in' && c.origin === 'unknown interaction') {
      url['sign in'] = login.replace(uid, otherUid);
    }
    if (c.form === 'sign out') {
      // The page's xsrf field first, unless the case broke it (missing or given twice).
      const xsrf = hiddenFields(confirm!).xsrf!;
      fields = [['xsrf', xsrf], ...fields];
    }
    if (c.form === 'forgot password' && !c.broken) fields = [...fields, ['uid', uid]];
    client += 1;
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'text/html',
      'x-forwarded-for': clientAddress(client),
      ...(c.origin === 'another site' ? { origin: 'https://elsewhere.example' } : {}),
      ...(c.origin !== 'no cookie' && browser.cookies.size
        ? { cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
        : {}),
    };
    // Signing in before a sign-out records the sign-in: the digest is taken after it.
    const before = await digest();
    const res = await fetch(url[c.form], {
      method: 'POST',
      headers,
      body: formBody(fields),
      redirect: 'manual',
    });
    const page: Page & { type: string } = {
      status: res.status,
      url: url[c.form],
      location: res.headers.get('location'),
      text: await res.text(),
      type: res.headers.get('content-type') ?? '',
    };
    const changed = changedTables(before, await digest()).filter((name) => !BOOKKEEPING.has(name));
    return { page, changed, fields };
  }

  /** What is wrong with the answer to the case, or undefined. */
  async function problem(c: FormCase): Promise<string | undefined> {
    const { page, changed } = await post(c);
    const redirect = page.status >= 300 && page.status < 400;
    if (page.status >= 500) return `${page.status}: ${page.text.slice(0, 300)}`;
    if (redirect && !page.location) return `${page.status} without a location`;
    const refusedByRedirect = redirect && /success=false/.test(page.location ?? '');
    const refused = page.status >= 400 || refusedByRedirect;
    if (page.status >= 400) {
      if (!/^text\/html/.test(page.type) || !page.text.startsWith('<!doctype html>')) {
        return `${page.status} not an HTML page: ${page.type} ${page.text.slice(0, 200)}`;
      }
      if (!/role="alert"|class="error"/.test(page.text)) {
        return `${page.status} with no message: ${page.text.slice(0, 300)}`;
      }
    }
    if (refused && changed.length)
      return `${page.status} refused, yet changed ${changed.join(', ')}`;
    if (c.broken?.refused && !refused) {
      return `accepted (${page.status}) what must be refused (${c.broken.why})`;
    }
    if (c.broken) return undefined;
    // Valid cases: accepted as the form's page says.
    switch (c.form) {
      case 'sign in':
        if (c.rightPassword && !(page.status === 303 && page.location?.includes('/oidc/auth/'))) {
          return `the right password not let in: ${page.status} ${page.text.slice(0, 200)}`;
        }
        if (!c.rightPassword && page.status !== 401)
          return `a wrong password answered ${page.status}`;
        return undefined;
      case 'create account':
        if (page.status !== 200 || !changed.includes('accounts')) {
          return `a valid sign-up not accepted: ${page.status} ${page.text.slice(0, 300)}`;
        }
        return undefined;
      case 'forgot password':
        return page.status === 200 ? undefined : `a valid address answered ${page.status}`;
      case 'reset password':
      case 'confirm email':
        return refused ? undefined : `a token nobody was sent accepted: ${page.status}`;
      case 'sign out':
        return redirect || page.status === 200
          ? undefined
          : `a sign-out with its page's xsrf answered ${page.status}: ${page.text.slice(0, 200)}`;
    }
  }

  it(
    `answers ${runs} generated form posts: no 5xx, refusals as pages that change nothing`,
    async () => {
      /** The valid cases each form was accepted for (a walk that never reached one proves nothing). */
      const accepted = new Set<string>();
      await fc.assert(
        fc.asyncProperty(cases, async (c) => {
          const wrong = await problem(c);
          if (!wrong && !c.broken)
            accepted.add(c.rightPassword ? 'sign in (right password)' : c.form);
          if (wrong && process.env.FUZZ_COLLECT) {
            appendFileSync(
              process.env.FUZZ_COLLECT,
              `${describeCase(c)} => ${wrong.slice(0, 300)}\n`,
            );
          } else if (wrong) throw new Error(`${describeCase(c)}: ${wrong}`);
        }),
        { numRuns: runs, seed, verbose: 1, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
      );
      expect([...accepted].sort()).toEqual([...FORMS, 'sign in (right password)'].sort());
    },
    600_000 * Number(process.env.FUZZ_RUNS_SCALE ?? 1),
  );
});
