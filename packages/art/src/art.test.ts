/** Unit checks of the generator: determinism, lettering as outlines, palettes, hashes. */
import { describe, expect, it } from 'vitest';
import { DESIGN_NAMES } from '../../core/src/designs.ts';
import { DESIGNS, SPECS } from './designs/index.ts';
import { arcTextPath, textPath } from './lettering.ts';
import { palette, shiftColour } from './palettes.ts';
import { hamming } from './phash.ts';
import { printSvg } from './print.ts';
import { createRng } from './rng.ts';
import { foldedShirtSvg } from './scenes/folded-shirt.ts';

describe('generator', () => {
  it('has a spec for every design name', () => {
    expect(Object.keys(SPECS).sort()).toEqual([...DESIGN_NAMES].sort());
    expect(DESIGNS.map((d) => d.name)).toEqual([...DESIGN_NAMES]);
  });

  it('is deterministic: the same design always gives the same SVG', () => {
    for (const d of DESIGNS) {
      expect(printSvg(d)).toBe(printSvg(d));
      expect(foldedShirtSvg(d)).toBe(foldedShirtSvg(d));
    }
  });

  it('sets text as outlines, never as <text>', () => {
    for (const d of DESIGNS) expect(printSvg(d)).not.toMatch(/<text/);
    const t = textPath('ALASKA', 0, 100, { size: 100 });
    expect(t.d).toMatch(/^M/);
    expect(t.width).toBeGreaterThan(200);
    expect(arcTextPath('ALASKA', 0, 0, 300, { size: 60 }).sweep).toBeGreaterThan(20);
  });

  it('uses seeded randomness only', () => {
    const a = createRng('alaska');
    const b = createRng('alaska');
    expect([a.next(), a.next()]).toEqual([b.next(), b.next()]);
  });

  it('shifts palettes per design', () => {
    expect(palette('sunset', { hue: 10 }).deep).not.toBe(palette('sunset').deep);
    expect(shiftColour('#ff0000', 0)).toBe('#ff0000');
  });

  it('counts hash bits', () => {
    expect(hamming(0b1011n, 0b0001n)).toBe(2);
  });
});
