/**
 * The collection's variety rules (art direction): no composition (badge shape, sky treatment,
 * title layout) on more than three designs; the near-twins differ in composition, palette and
 * badge; no product claims or dates lettered into any print.
 */
import { describe, expect, it } from 'vitest';
import { ARC_BADGES, skyOf } from './composition.ts';
import { DESIGNS, design } from './designs/index.ts';
import { printText } from './print.ts';
import { createRng } from './rng.ts';

const TWINS: readonly [string, string][] = [
  ['3-peaks-golf', 'riverside-golf-center'],
  ['northern-lakes', 'pine-lakes'],
];

/** Spec text that belongs on the page, not on the shirt: ratings, percentages, years, claims. */
const CLAIMS = /UPF|SPF|\bEST\b|\bSINCE\b|\b(19|20)\d\d\b|%|\bUV\b|PROTECT|GUARANTEE|\bFREE\b/i;

describe('compositions', () => {
  it('declares the sky each scene actually paints', () => {
    for (const d of DESIGNS) {
      const scene = d.spec.scene({ p: d.palette, rng: createRng(d.name) });
      expect(skyOf(scene), d.name).toBe(d.spec.composition.sky);
    }
  });

  it('arches titles only over round-topped badges, and draws the declared badge', () => {
    for (const d of DESIGNS) {
      expect(d.badge, d.name).toBe(d.spec.composition.badge);
      if (d.spec.composition.layout === 'arc') expect(ARC_BADGES, d.name).toContain(d.badge);
    }
  });

  it('puts no composition on more than three designs', () => {
    const uses = new Map<string, string[]>();
    for (const d of DESIGNS) {
      const { badge, sky, layout } = d.spec.composition;
      const key = `${badge} / ${sky} / ${layout}`;
      uses.set(key, [...(uses.get(key) ?? []), d.name]);
    }
    const crowded = [...uses].filter(([, names]) => names.length > 3);
    expect(crowded).toEqual([]);
    // and the collection is not one template: most combinations are used once or twice
    expect(uses.size).toBeGreaterThanOrEqual(20);
  });

  it.each(TWINS)('tells %s and %s apart in badge, sky, layout and palette', (a, b) => {
    const x = design(a);
    const y = design(b);
    expect(x.spec.composition.badge).not.toBe(y.spec.composition.badge);
    expect(x.spec.composition.sky).not.toBe(y.spec.composition.sky);
    expect(x.spec.composition.layout).not.toBe(y.spec.composition.layout);
    const hueGap = Math.abs((x.spec.shift?.hue ?? 0) - (y.spec.shift?.hue ?? 0));
    expect(x.spec.family !== y.spec.family || hueGap >= 20, 'palette').toBe(true);
    expect(x.spec.shirt).not.toBe(y.spec.shirt);
  });
});

describe('print text', () => {
  it('letters only the title and a place or activity line, never a claim or a date', () => {
    for (const d of DESIGNS) {
      const { title, tagline } = printText(d);
      expect(title, d.name).toBe(d.title.toUpperCase());
      expect(tagline, d.name).not.toMatch(CLAIMS);
      expect(title, d.name).not.toMatch(CLAIMS);
      expect(tagline.length, d.name).toBeGreaterThan(2);
    }
  });

  it('recognises the claims it guards against', () => {
    for (const claim of ['UPF 50+', 'EST. 2025', 'Est 1998', 'Blocks 98%', 'Since 2020'])
      expect(claim).toMatch(CLAIMS);
    for (const ok of ['Cook Inlet', 'Fly Club', 'Route One', 'Georgia to Maine'])
      expect(ok).not.toMatch(CLAIMS);
  });
});
