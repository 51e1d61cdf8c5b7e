import { describe, expect, it } from 'vitest';
import { MAX_FACT_LENGTH, PRODUCT_FACT_KEYS, SHIRT_FACTS } from './product-facts.ts';
import { ProductFactsInputSchema } from './product-facts-schema.ts';

describe('product facts', () => {
  it('accepts the seeded shirt facts as they are', () => {
    expect(ProductFactsInputSchema.parse(SHIRT_FACTS)).toEqual(SHIRT_FACTS);
  });

  it('states the UPF rating and what it blocks', () => {
    expect(SHIRT_FACTS.upf).toContain('UPF 50+');
    expect(SHIRT_FACTS.upf).toContain('at least 98% of UVA and UVB');
  });

  it.each([
    ['an empty fact', { care: '   ' }, 'care', 'Care must be 1 to 300 characters.'],
    [
      'a fact that is too long',
      { fabric: 'x'.repeat(MAX_FACT_LENGTH + 1) },
      'fabric',
      'Fabric must be 1 to 300 characters.',
    ],
    ['a fact that is not text', { upf: 50 }, 'upf', 'Sun protection must be 1 to 300 characters.'],
  ])('refuses %s with a message naming it', (_case, change, path, message) => {
    const result = ProductFactsInputSchema.safeParse({ ...SHIRT_FACTS, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: [path], message })]);
  });

  it('trims, needs every fact and refuses unknown ones', () => {
    expect(ProductFactsInputSchema.parse({ ...SHIRT_FACTS, fit: '  Relaxed  ' }).fit).toBe(
      'Relaxed',
    );
    const { weight: _weight, ...noWeight } = SHIRT_FACTS;
    expect(ProductFactsInputSchema.safeParse(noWeight).success).toBe(false);
    expect(ProductFactsInputSchema.safeParse({ ...SHIRT_FACTS, colour: 'red' }).success).toBe(
      false,
    );
    expect(PRODUCT_FACT_KEYS.every((key) => SHIRT_FACTS[key].length <= MAX_FACT_LENGTH)).toBe(true);
  });
});
