/**
 * fast-check arbitraries from the API document's JSON Schemas (issue 31 item 1): values a schema
 * accepts, and values it refuses, each with what was done to make it wrong. The schemas are the ones
 * the routes validate with (made from their zod schemas), so a request built from `validOf` is one
 * the document promises to take, and one built from `invalidOf` one it promises to refuse.
 */
import fc from 'fast-check';
import { typeOf, type JsonSchema } from './openapi-samples.ts';

/** The document's schemas use these besides openapi-samples' part of JSON Schema. */
export interface FuzzSchema extends JsonSchema {
  required?: string[];
  nullable?: boolean;
  minItems?: number;
  maxItems?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  properties?: Record<string, FuzzSchema>;
  items?: FuzzSchema;
  anyOf?: FuzzSchema[];
  oneOf?: FuzzSchema[];
  allOf?: FuzzSchema[];
}

const nullable = (s: FuzzSchema) =>
  s.nullable === true || (Array.isArray(s.type) && s.type.includes('null'));
const unionOf = (s: FuzzSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? [])];

/**
 * Text a person may type: letters and digits of several scripts, spaces and punctuation, no control
 * characters (bad-input-characters.test.ts covers those) and no surrogate pairs (a schema's maxLength
 * counts code points where the server counts UTF-16 units; see INVALID_TEXT).
 */
const TYPED = fc.constantFrom(
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,-_\'"@#&/:;!?()+=%*<>[]{}|~^`$\\éñüçøåßÉÑ日本語中文한국어עבריתالعربيةΩπ€£¥©®™…–—‘’“”',
);

const EMAIL = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9]([a-z0-9._+-]{0,14}[a-z0-9])?$/),
    fc.constantFrom('example.com', 'mail.example.org', 'sunward.test', 'xn--bcher-kva.example'),
  )
  .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}`);

const DAY = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString());

/** C0 and DEL: the input guard refuses them in any field (bad-input-characters.test.ts). */
const isControl = (ch: string) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

function stringOf(s: FuzzSchema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? min + 60, min + 60);
  const fits = (text: string) => text.length >= min && text.length <= (s.maxLength ?? Infinity);
  switch (s.format) {
    case 'email':
      return EMAIL.filter(fits);
    case 'date':
      return DAY.map((iso) => iso.slice(0, 10));
    case 'date-time':
      return DAY;
    case 'uri':
    case 'url':
      return fc.webUrl({ withQueryParameters: true }).filter(fits);
  }
  if (s.pattern) {
    const pattern = new RegExp(s.pattern);
    return fc.stringMatching(pattern).filter((text) => fits(text) && ![...text].some(isControl));
  }
  // As a form sends it: the shop trims text before its limits apply.
  return fc
    .string({ unit: TYPED, minLength: min, maxLength: max })
    .map((text) => text.trim())
    .filter(fits);
}

const numberOf = (s: FuzzSchema): fc.Arbitrary<number> => {
  const integer = typeOf(s) === 'integer';
  const min = s.minimum ?? s.exclusiveMinimum ?? (integer ? -1_000_000 : -1e9);
  const max = s.maximum ?? s.exclusiveMaximum ?? (integer ? 1_000_000 : 1e9);
  const arb = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return arb.filter(
    (n) =>
      (s.exclusiveMinimum === undefined || n > s.exclusiveMinimum) &&
      (s.exclusiveMaximum === undefined || n < s.exclusiveMaximum),
  );
};

/** A value `s` accepts. */
export function validOf(s: FuzzSchema, depth = 0): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  const union = unionOf(s).filter((o) => typeOf(o) !== 'null' || o.enum);
  if (s.enum?.length) arb = fc.constantFrom(...s.enum);
  else if ('const' in s) arb = fc.constant(s.const);
  else if (union.length) arb = fc.oneof(...union.map((o) => validOf(o, depth)));
  else if (s.allOf?.length) {
    arb = fc
      .tuple(...s.allOf.map((part) => validOf(part, depth)))
      .map((parts) => Object.assign({}, ...(parts as object[])) as unknown);
  } else {
    switch (typeOf(s)) {
      case 'string':
        arb = stringOf(s);
        break;
      case 'integer':
      case 'number':
        arb = numberOf(s);
        break;
      case 'boolean':
        arb = fc.boolean();
        break;
      case 'null':
        arb = fc.constant(null);
        break;
      case 'array':
        arb = fc.array(validOf(s.items ?? {}, depth + 1), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3),
        });
        break;
      case 'object':
        arb = objectOf(s, depth);
        break;
      default:
        arb = depth > 2 ? fc.string() : fc.jsonValue({ maxDepth: 2 });
    }
  }
  return nullable(s) ? fc.option(arb, { nil: null }) : arb;
}

function objectOf(s: FuzzSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([key, p]) => [key, validOf(p, depth + 1)]),
  );
  const record = fc.record(properties, {
    requiredKeys: (s.required ?? []).filter((k) => k in properties),
  });
  if (typeof s.additionalProperties !== 'object') return record;
  const extra = fc.dictionary(
    fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,15}$/).filter((k) => !(k in properties)),
    validOf(s.additionalProperties as FuzzSchema, depth + 1),
    { maxKeys: 3 },
  );
  return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
}

/** A value refused by `s`, and what makes it so (for the failure's message). */
export interface Wrong {
  value: unknown;
  why: string;
}

/** Text no field takes: too long for any limit, lone surrogates, a JSON-looking payload. */
const INVALID_TEXT = fc.oneof(
  fc.constant('x'.repeat(20_001)),
  fc.constant('\ud800'),
  fc.constant('{"$gt":""}'),
);

/** Values of other JSON types than `s` has. */
function otherTypes(s: FuzzSchema): fc.Arbitrary<Wrong> {
  const type = typeOf(s);
  const others: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.string({ maxLength: 8 })],
    ['number', fc.oneof(fc.integer(), fc.constant(1e308), fc.constant(-0.5))],
    ['boolean', fc.boolean()],
    ['array', fc.array(fc.integer(), { maxLength: 2 })],
    ['object', fc.constant({ __proto__: { admin: true }, constructor: 'x' })],
  ];
  const kinds = others.filter(
    ([kind]) => kind !== type && !(kind === 'number' && type === 'integer'),
  );
  if (!nullable(s)) kinds.push(['null', fc.constant(null)]);
  return fc.oneof(...kinds.map(([kind, arb]) => arb.map((value) => ({ value, why: `a ${kind}` }))));
}

/**
 * A value `s` refuses, or undefined when it accepts anything (no type, an open union). Only
 * refusals the schema states: a type, a limit, a pattern, an enum, a required key.
 */
export function invalidOf(
  s: FuzzSchema,
  depth = 0,
  asText = false,
): fc.Arbitrary<Wrong> | undefined {
  if (depth > 4) return undefined;
  if (unionOf(s).length || s.allOf?.length) return undefined;
  const type = typeOf(s);
  if (!type && !s.enum) return undefined;
  const wrongs: fc.Arbitrary<Wrong>[] = asText ? [] : [otherTypes(s)];
  if (asText && (type === 'integer' || type === 'number')) {
    wrongs.push(
      fc
        .constantFrom('abc', '1e400', '--1', '0x10')
        .map((value) => ({ value, why: 'not a number' })),
    );
  }
  if (asText && type === 'boolean') {
    wrongs.push(fc.constant({ value: 'maybe', why: 'not true or false' }));
  }
  if (s.enum?.length) {
    wrongs.push(
      fc
        .string({ unit: TYPED, minLength: 1, maxLength: 12 })
        .filter((v) => !s.enum!.includes(v))
        .map((value) => ({ value, why: 'not one of the listed values' })),
    );
  } else if (type === 'string') {
    if (s.maxLength !== undefined) {
      wrongs.push(
        fc
          .string({ unit: TYPED, minLength: s.maxLength + 1, maxLength: s.maxLength + 20 })
          .map((value) => ({ value, why: `over ${s.maxLength} characters` })),
      );
    }
    if (s.minLength) {
      wrongs.push(
        fc
          .string({ unit: TYPED, maxLength: s.minLength - 1 })
          .map((value) => ({ value, why: `under ${s.minLength} characters` })),
      );
    }
    if (s.pattern) {
      const pattern = new RegExp(s.pattern);
      wrongs.push(
        fc
          .oneof(fc.string({ unit: TYPED, maxLength: 30 }), INVALID_TEXT)
          .filter((v) => !pattern.test(v))
          .map((value) => ({ value, why: `not matching ${s.pattern}` })),
      );
    }
    if (s.format === 'email') {
      wrongs.push(
        fc
          .constantFrom(
            'no-at-sign',
            'two@@example.com',
            '@example.com',
            'sam@',
            'sam @example.com',
          )
          .map((value) => ({ value, why: 'not an email' })),
      );
    }
  } else if (type === 'integer' || type === 'number') {
    if (s.minimum !== undefined || s.exclusiveMinimum !== undefined) {
      const edge = s.minimum ?? s.exclusiveMinimum!;
      wrongs.push(
        fc
          .integer({ min: 1, max: 1_000_000 })
          .map((d) => ({ value: Math.floor(edge) - d, why: `under ${edge}` })),
      );
    }
    if (s.maximum !== undefined) {
      wrongs.push(
        fc
          .integer({ min: 1, max: 1_000_000 })
          .map((d) => ({ value: Math.ceil(s.maximum!) + d, why: `over ${s.maximum}` })),
      );
    }
    if (type === 'integer') {
      wrongs.push(fc.constant({ value: 1.5, why: 'not a whole number' }));
    }
  } else if (type === 'array' && s.items) {
    if (s.maxItems !== undefined) {
      wrongs.push(
        fc
          .array(validOf(s.items, depth + 1), {
            minLength: s.maxItems + 1,
            maxLength: s.maxItems + 2,
          })
          .map((value) => ({ value, why: `over ${s.maxItems} items` })),
      );
    }
    if (s.minItems) wrongs.push(fc.constant({ value: [], why: `under ${s.minItems} items` }));
    const item = invalidOf(s.items, depth + 1);
    if (item) {
      wrongs.push(
        fc.tuple(validOf(s, depth), item).map(([list, wrong]) => ({
          value: [...(list as unknown[]), wrong.value],
          why: `an item: ${wrong.why}`,
        })),
      );
    }
  } else if (type === 'object') {
    const required = (s.required ?? []).filter((k) => s.properties?.[k]);
    if (required.length) {
      wrongs.push(
        fc.tuple(validOf(s, depth), fc.constantFrom(...required)).map(([value, key]) => {
          const copy = { ...(value as Record<string, unknown>) };
          delete copy[key];
          return { value: copy, why: `without ${key}` };
        }),
      );
    }
    const fields = Object.entries(s.properties ?? {}).flatMap(([key, p]) => {
      const wrong = invalidOf(p, depth + 1);
      return wrong ? [[key, wrong] as const] : [];
    });
    if (fields.length) {
      wrongs.push(
        fc
          .tuple(
            validOf(s, depth),
            fc.oneof(...fields.map(([key, w]) => w.map((x) => ({ key, x })))),
          )
          .map(([value, { key, x }]) => ({
            value: { ...(value as object), [key]: x.value },
            why: `${key}: ${x.why}`,
          })),
      );
    }
  }
  return wrongs.length ? fc.oneof(...wrongs) : undefined;
}

/**
 * A path or query parameter's text refused by its schema (a URL carries text only: a number's
 * parameter refuses letters, a string's its limits, pattern and listed values).
 */
export function invalidParam(s: FuzzSchema): fc.Arbitrary<Wrong> | undefined {
  return invalidOf(s, 0, true)?.map((w) => ({ ...w, value: String(w.value) }));
}
