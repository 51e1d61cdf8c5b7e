import { describe, expect, it } from 'vitest';
import {
  findControlCharacter,
  hasControlCharacters,
  maskControlCharacters,
  singleLine,
  singleLineTexts,
} from './control-characters.ts';

const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

describe('hasControlCharacters', () => {
  // [character, refused in one line, refused in several lines]
  const table: Array<[string, boolean, boolean]> = [
    ['\u0000', true, true],
    ['\u0001', true, true],
    ['\u0008', true, true],
    ['\t', true, false],
    ['\n', true, false],
    ['\u000b', true, true],
    ['\u000c', true, true],
    ['\r', true, false],
    ['\u000e', true, true],
    ['\u001b', true, true],
    ['\u001f', true, true],
    ['\u007f', true, true],
    [' ', false, false],
    ['~', false, false],
    ['\u0080', false, false],
    ['\u00a0', false, false],
    ['é', false, false],
    ['\u2028', false, false],
    ['😀', false, false],
  ];
  it.each(table.map(([c, one, several]) => [hex(c), c, one, several] as const))(
    '%s: refused in a single-line field %s, in a multi-line one %s',
    (_name, c, one, several) => {
      expect(hasControlCharacters(`a${c}b`)).toBe(one);
      expect(hasControlCharacters(`a${c}b`, true)).toBe(several);
      expect(hasControlCharacters(c)).toBe(one);
    },
  );
});

describe('findControlCharacter', () => {
  const lines = ['message', 'facts.*', 'rateCard.source'];
  it.each([
    ['a clean body', { name: 'Sam', tags: ['a', 'b'], n: 1, ok: true, none: null }, undefined],
    ['a top-level field', { name: 'Sam\u0000' }, ['name']],
    [
      'a nested field',
      { billing: { address: { line1: 'x\u001b' } } },
      ['billing', 'address', 'line1'],
    ],
    ['an array item', { cart: [{ size: 'mdr' }, { size: 'lg\u007f' }] }, ['cart', '1', 'size']],
    ['a key', { facts: { 'ca\u0000re': 'x' } }, ['facts', 'ca\u0000re']],
    ['the first in document order', { a: { b: 'x\u0001' }, c: 'y\u0000' }, ['a', 'b']],
    ['a line break in a single-line field', { name: 'Sam\nShopper' }, ['name']],
    ['a line break in a multi-line field', { message: 'Hi,\r\n\tthanks' }, undefined],
    ['a NUL in a multi-line field', { message: 'Hi\u0000' }, ['message']],
    ['a wildcard match', { facts: { care: 'Wash\ncold' } }, undefined],
    ['a wildcard of another depth', { facts: { care: { x: 'a\nb' } } }, ['facts', 'care', 'x']],
    ['a nested multi-line path', { rateCard: { source: 'a\nb' } }, undefined],
    ['the same name elsewhere', { order: { message: 'a\nb' } }, ['order', 'message']],
    ['a plain string', 'x\u0000', []],
    ['a Buffer (not text)', Buffer.from('x\u0000'), undefined],
  ])('%s', (_name, value, path) => {
    expect(findControlCharacter(value, lines)).toEqual(path);
  });

  it('walks a body nested 50,000 deep without overflowing the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    expect(findControlCharacter(deep)).toHaveLength(50_000);
  });

  it('sees objects without Object.prototype (parsed query strings and forms, route parameters)', () => {
    const form = Object.assign(Object.create(null) as object, { email: 'a\u0000@example.com' });
    expect(findControlCharacter(form)).toEqual(['email']);
    // fast-querystring and find-my-way: an object whose prototype has no prototype.
    const query = Object.assign(Object.create(Object.create(null) as object) as object, {
      q: '\u0000',
    });
    expect(findControlCharacter(query)).toEqual(['q']);
  });
});

describe('multi-line paths', () => {
  it.each([
    [['body'], true],
    [['items', '3', 'note'], true],
    [['items', 'note'], false],
    [['bodies'], false],
    [['items', '3', 'note', 'x'], false],
  ])('%j takes several lines: %s', (path, allowed) => {
    const value = path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), 'a\nb');
    expect(findControlCharacter(value, ['body', 'items.*.note']) === undefined).toBe(allowed);
  });

  it('none by default', () => {
    expect(findControlCharacter({ body: 'a\nb' })).toEqual(['body']);
  });
});

describe('singleLine and singleLineTexts', () => {
  it.each([
    ['Jamie\u0000 Rivera', 'Jamie Rivera'],
    ['Jamie\nRivera', 'Jamie Rivera'],
    ['Jamie\r\n\tRivera', 'Jamie Rivera'],
    ['704\u001b-555\u007f-0100', '704-555-0100'],
    ['Zoë Müller', 'Zoë Müller'],
  ])('%j -> %j', (text, clean) => {
    expect(singleLine(text)).toBe(clean);
  });

  it('cleans every string of a provider’s billing details and keeps the shape', () => {
    const billing = {
      name: 'Jamie\u0000 Rivera',
      email: 'jamie@example.com',
      phone: null,
      address: { line1: '600 S\tTryon St', line2: '', city: 'Charlotte', state: 'NC' },
    };
    expect(singleLineTexts(billing)).toEqual({
      name: 'Jamie Rivera',
      email: 'jamie@example.com',
      phone: null,
      address: { line1: '600 S Tryon St', line2: '', city: 'Charlotte', state: 'NC' },
    });
    expect(singleLineTexts(null)).toBeNull();
  });

  it('masks control characters as ? in text sent back', () => {
    expect(maskControlCharacters('facts.ca\u0000re\n')).toBe('facts.ca?re?');
  });
});
