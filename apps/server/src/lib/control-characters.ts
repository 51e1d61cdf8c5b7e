/**
 * Control characters in text (issue 23): C0 (U+0000-U+001F) and DEL (U+007F). PostgreSQL refuses NUL
 * in text outright (a 500, or an order that can never be written), and none of them belongs in a name,
 * an email or an id. Text of several lines (a support message, an operator's note) keeps tab, line feed
 * and carriage return. The input guard (plugins/input-guard.ts) refuses such input; text the shop did
 * not receive itself (a payment provider's billing details) is cleaned with `singleLineTexts`.
 */

/* eslint-disable no-control-regex -- finding control characters is this module's job */
const ANY_CONTROL = /[\u0000-\u001f\u007f]/;
const EVERY_CONTROL = /[\u0000-\u001f\u007f]/g;
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */

export function hasControlCharacters(text: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINES : ANY_CONTROL).test(text);
}

/**
 * An object whose entries are data: parsed JSON, and Fastify's route parameters and parsed query
 * strings and forms (made without Object.prototype). Bytes (a Buffer) are not text.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer);

/** A value met on the walk; its path is kept as a link to its parent, made into an array on demand. */
interface Step {
  value: unknown;
  depth: number;
  parent?: Step;
  /** Its key or index in the parent. */
  key?: string;
  /** The key is an object's (checked: keys are always single-line), not an array index. */
  named?: boolean;
}

function pathOf(step: Step): string[] {
  const path: string[] = new Array<string>(step.depth);
  for (let at: Step | undefined = step; at?.key !== undefined; at = at.parent) {
    path[at.depth - 1] = at.key;
  }
  return path;
}

/**
 * The path of the first string (or object key) in `value` holding a control character it may not
 * hold, in document order; undefined when there is none. `multiline` names the strings that may hold
 * tab, line feed and carriage return: dotted paths, `*` standing for any one key or array index
 * (`message`, `facts.*`, `rateCard.source`). Plain objects and arrays are walked at any depth, in time
 * linear in the size of the value (a body of 100 KB can nest 50,000 deep: no recursion, and no path
 * is built unless needed); anything else (a Buffer) is not text and is skipped.
 */
export function findControlCharacter(
  value: unknown,
  multiline: readonly string[] = [],
): string[] | undefined {
  const patterns = multiline.map((pattern) => pattern.split('.'));
  const allowsLines = (step: Step) => {
    if (!patterns.some((p) => p.length === step.depth)) return false;
    const path = pathOf(step);
    return patterns.some(
      (p) =>
        p.length === path.length && p.every((segment, i) => segment === '*' || segment === path[i]),
    );
  };
  const stack: Step[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (step.named && hasControlCharacters(step.key!)) return pathOf(step);
    const current = step.value;
    if (typeof current === 'string') {
      // Tab and line breaks alone pass where the field takes several lines.
      if (!hasControlCharacters(current)) continue;
      if (hasControlCharacters(current, true) || !allowsLines(step)) return pathOf(step);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ value: current[i], depth: step.depth + 1, parent: step, key: String(i) });
      }
    } else if (isRecord(current)) {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        stack.push({ value: child, depth: step.depth + 1, parent: step, key, named: true });
      }
    }
  }
  return undefined;
}

/** One line of text: tabs and line breaks become a space, the other control characters go. */
export function singleLine(text: string): string {
  return text.replace(/[\t\n\r]+/g, ' ').replace(EVERY_CONTROL, '');
}

/** Text to show or send back: each control character as `?`. */
export function maskControlCharacters(text: string): string {
  return text.replace(EVERY_CONTROL, '?');
}

/**
 * Every string in `value` (objects and arrays at any depth) made `singleLine`; the same shape back.
 * For text from outside the guard, such as the billing details a payment provider collected itself.
 */
export function singleLineTexts<T>(value: T): T {
  if (typeof value === 'string') return singleLine(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => singleLineTexts(item)) as T;
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, child]) => [key, singleLineTexts(child)]),
    ) as T;
  }
  return value;
}
