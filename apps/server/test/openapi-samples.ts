/**
 * The API document read as a tester reads it: every operation's string fields (path and query
 * parameters, body fields at any depth) and a plausible value for every schema, so a test can send a
 * request whose other fields look valid and whose one field holds what the test is about.
 */

/** The part of JSON Schema the API document uses. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OperationObject {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface ApiDocument {
  paths: Record<string, Record<string, OperationObject>>;
}

/** One string field of one operation: where it goes, its path there, and its schema. */
export interface StringField {
  in: 'path' | 'query' | 'body';
  path: string[];
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As documented: `/api/orders/lookup/{orderNumber}/{email}`. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  queryParams: Record<string, JsonSchema>;
  /** The query parameters a request must have. */
  requiredQuery: string[];
  body?: JsonSchema;
  fields: StringField[];
}

/** A key a test puts into an object of any keys (settings, product facts) to reach its values. */
export const ANY_KEY = 'sample';

const options = (s: JsonSchema) => [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
/** A schema's type other than null (`["string", "null"]` is a string that may be null). */
export const typeOf = (s: JsonSchema) =>
  Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;

/**
 * The n-th client's own address (X-Forwarded-For, with TRUST_PROXY set), so that no route's rate
 * limit answers a test that sends many requests before the route does.
 */
export const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/** The string fields of a schema, nested objects and arrays (first item) included. */
function stringFields(s: JsonSchema, path: string[], out: Map<string, StringField['path']>) {
  for (const option of options(s)) stringFields(option, path, out);
  const type = typeOf(s);
  if (type === 'string') out.set(path.join('.'), path);
  if (s.properties) {
    for (const [key, property] of Object.entries(s.properties)) {
      stringFields(property, [...path, key], out);
    }
  }
  if (typeof s.additionalProperties === 'object') {
    const value = s.additionalProperties;
    stringFields(typeOf(value) ? value : { type: 'string' }, [...path, ANY_KEY], out);
  }
  if (s.items) stringFields(s.items, [...path, '0'], out);
}

export function operations(doc: ApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (where: Parameter['in']) =>
        Object.fromEntries(
          (op.parameters ?? [])
            .filter((p) => p.in === where)
            .map((p) => [p.name, p.schema ?? { type: 'string' }]),
        );
      const pathParams = params('path');
      const queryParams = params('query');
      const body = op.requestBody?.content?.['application/json']?.schema;
      const fields: StringField[] = [];
      for (const [where, schemas] of [
        ['path', pathParams],
        ['query', queryParams],
      ] as const) {
        for (const [name, schema] of Object.entries(schemas)) {
          if (typeOf(schema) === 'string' || options(schema).length) {
            fields.push({ in: where, path: [name], schema });
          }
        }
      }
      if (body) {
        const found = new Map<string, string[]>();
        stringFields(body, [], found);
        for (const fieldPath of found.values()) {
          fields.push({ in: 'body', path: fieldPath, schema: schemaAt(body, fieldPath) });
        }
      }
      const requiredQuery = (op.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => p.name);
      return {
        method: method.toUpperCase(),
        path,
        pathParams,
        queryParams,
        requiredQuery,
        body,
        fields,
      };
    }),
  );
}

/** The (first string) schema at a path, for its limits. */
function schemaAt(s: JsonSchema, path: string[]): JsonSchema {
  if (path.length === 0) {
    return typeOf(s) === 'string' ? s : (options(s).find((o) => typeOf(o) === 'string') ?? s);
  }
  const [head, ...rest] = path;
  for (const option of options(s)) {
    const found = schemaAt(option, path);
    if (typeOf(found) === 'string') return found;
  }
  const next =
    s.properties?.[head!] ??
    (head === ANY_KEY && typeof s.additionalProperties === 'object'
      ? s.additionalProperties
      : undefined) ??
    (/^\d+$/.test(head!) ? s.items : undefined);
  return next ? schemaAt(next, rest) : { type: 'string' };
}

const STRING_SAMPLES = ['sample', 'SW-10001', '28202', 'NC', 'abc123', 'a'];

function sampleString(s: JsonSchema): string {
  if (s.enum?.length) return String(s.enum[0]);
  switch (s.format) {
    case 'email':
      return 'sam@example.com';
    case 'uri':
    case 'url':
      return 'http://127.0.0.1/return';
    case 'date':
      return '2025-01-15';
    case 'date-time':
      return '2025-01-15T12:00:00.000Z';
  }
  const fits = (text: string) =>
    text.length >= (s.minLength ?? 0) &&
    text.length <= (s.maxLength ?? Infinity) &&
    (!s.pattern || new RegExp(s.pattern).test(text));
  return STRING_SAMPLES.find(fits) ?? 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

/** A plausible value for a schema: the first option of a union, one item of a list. */
export function sample(s: JsonSchema): unknown {
  if (s.enum?.length) return s.enum[0];
  if ('const' in s) return s.const;
  const union = [...(s.anyOf ?? []), ...(s.oneOf ?? [])].filter((o) => typeOf(o) !== 'null');
  if (union.length) return sample(union[0]!);
  if (s.allOf?.length) {
    return Object.assign({}, ...s.allOf.map((part) => sample(part) as object)) as unknown;
  }
  switch (typeOf(s)) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return s.items ? [sample(s.items)] : [];
    case 'object':
    default: {
      const out: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(s.properties ?? {})) out[key] = sample(property);
      if (typeof s.additionalProperties === 'object') out[ANY_KEY] = sampleString({});
      return out;
    }
  }
}

/** A copy of `value` with `text` at `path` (objects made on the way, as a client would send them). */
export function withValue(value: unknown, path: string[], text: string): unknown {
  if (path.length === 0) return text;
  const [head, ...rest] = path;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : { ...(typeof value === 'object' && value !== null ? value : {}) };
  const index = Array.isArray(copy) ? Number(head) : head!;
  (copy as Record<string | number, unknown>)[index] = withValue(
    (copy as Record<string | number, unknown>)[index],
    rest,
    text,
  );
  return copy;
}
