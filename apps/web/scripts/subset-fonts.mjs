// Makes the shop's font file (src/shared/styles/fonts/oswald-600.woff2) from the @fontsource package's
// latin file: the same characters (LATIN below, @fontsource's latin range), but only the OpenType
// features the shop's text uses, which every first visit downloads before its text is final
// (docs/decisions/025). Body text uses the device's own font (no file).
// Run `npm run fonts -w apps/web` after upgrading @fontsource or changing what is kept; the files are
// committed, so builds need neither this script nor harfbuzz.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const out = path.resolve(here, '../src/shared/styles/fonts');

/** @fontsource's latin unicode-range: other characters fall back to the system's fonts. */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';

/**
 * Kerning, ligatures, composition and marks (what text shaping needs) and tabular figures
 * (font-variant-numeric: tabular-nums in prices and tables).
 */
const FEATURES = ['kern', 'liga', 'ccmp', 'locl', 'mark', 'mkmk', 'tnum'];

const FILES = [['oswald', 600]];

const characters = LATIN.split(',')
  .map((range) => range.trim().slice(2).split('-'))
  .flatMap(([from, to = from]) => {
    const chars = [];
    for (let c = parseInt(from, 16); c <= parseInt(to, 16); c++)
      chars.push(String.fromCodePoint(c));
    return chars;
  })
  .join('');

for (const [family, weight] of FILES) {
  const source = require.resolve(
    `@fontsource/${family}/files/${family}-latin-${weight}-normal.woff2`,
  );
  const font = readFileSync(source);
  const subset = await subsetFont(font, characters, {
    targetFormat: 'woff2',
    keepFeatures: FEATURES,
  });
  const file = path.join(out, `${family}-${weight}.woff2`);
  writeFileSync(file, subset);
  console.log(`${path.relative(process.cwd(), file)}: ${font.length} -> ${subset.length} bytes`);
}
// The fonts are under the SIL Open Font License, which travels with them.
for (const family of new Set(FILES.map(([name]) => name))) {
  copyFileSync(
    path.join(path.dirname(require.resolve(`@fontsource/${family}/package.json`)), 'LICENSE'),
    path.join(out, `LICENSE-${family}.txt`),
  );
}
