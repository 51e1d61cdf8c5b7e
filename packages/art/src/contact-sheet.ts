/**
 * The contact sheet: one PNG of all 30 designs in every variant, for reviewing the collection at
 * a glance. Runs the (cached) build, then tiles the built images.
 *
 *   npm run art:sheet  ->  packages/art/dist/contact-sheet.png  (+ a small copy in docs/)
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { build, PACKAGE_DIR } from './build.ts';
import { DESIGNS } from './designs/index.ts';
import { capHeight, textPath } from './lettering.ts';
import type { ArtManifest, ImageEntry } from './manifest-types.ts';
import { SHIRTS } from './palettes.ts';
import { path, rect, svgDoc } from './svg.ts';

const CARD_W = 640;
const CARD_H = 880;
const COLS = 6;
const PAD = 24;

/** The file on disk for the entry's format/width closest above `width`. */
function fileFor(
  manifest: ArtManifest,
  entry: ImageEntry,
  width: number,
  format: 'png' | 'jpeg' | 'webp',
): string {
  const files = entry.formats[format] ?? entry.formats.webp ?? [];
  const file = files.find((f) => f.width >= width) ?? files[files.length - 1];
  if (!file) throw new Error('entry without files');
  void manifest;
  return join(
    PACKAGE_DIR,
    'dist',
    'assets',
    file.url.replace(/^.*?\/(designs|home|brand)\//, '$1/'),
  );
}

async function tile(file: string, w: number, h: number): Promise<Buffer> {
  return sharp(file).resize(w, h, { fit: 'contain', background: '#00000000' }).png().toBuffer();
}

function label(text: string, sub: string): Buffer {
  const t = textPath(text.toUpperCase(), 20, 20 + capHeight(30), {
    size: 30,
    tracking: 0.06,
    anchor: 'start',
  });
  const s = textPath(sub.toUpperCase(), CARD_W - 20, 20 + capHeight(30), {
    font: 'displayMedium',
    size: 16,
    tracking: 0.12,
    anchor: 'end',
  });
  return Buffer.from(svgDoc(CARD_W, 64, path(t.d, '#1f2a44') + path(s.d, '#8a8076')));
}

export async function contactSheet(
  opts: { out?: string; docsCopy?: string | false } = {},
): Promise<string> {
  const { manifest } = await build({ quiet: true });
  const rows = Math.ceil(DESIGNS.length / COLS);
  const W = COLS * CARD_W + (COLS + 1) * PAD;
  const H = rows * CARD_H + (rows + 1) * PAD + 90;
  const layers: OverlayOptions[] = [];
  const title = textPath(
    'SUNWARD · THE COLLECTION · 30 DESIGNS × PRINT, FOLDED, BANNER, COLLECTION, BACK, LOGO',
    PAD,
    30 + capHeight(40),
    { size: 40, tracking: 0.06, anchor: 'start' },
  );
  layers.push({ input: Buffer.from(svgDoc(W, 90, path(title.d, '#1f2a44'))), left: 0, top: 0 });
  await Promise.all(
    DESIGNS.map(async (d, i) => {
      const v = manifest.designs[d.name];
      if (!v) throw new Error(`missing ${d.name}`);
      const x = PAD + (i % COLS) * (CARD_W + PAD);
      const y = 90 + PAD + Math.floor(i / COLS) * (CARD_H + PAD);
      const shirt = SHIRTS[d.spec.shirt];
      layers.push(
        {
          input: Buffer.from(
            svgDoc(
              CARD_W,
              CARD_H,
              rect(0, 0, CARD_W, CARD_H, '#ffffff', { rx: 14 }) +
                rect(324, 64, 300, 300, shirt, { rx: 6 }),
            ),
          ),
          left: x,
          top: y,
        },
        { input: label(d.title, `${d.spec.family} · ${d.spec.shirt} shirt`), left: x, top: y },
        {
          input: await tile(fileFor(manifest, v.folded, 300, 'jpeg'), 300, 300),
          left: x + 16,
          top: y + 64,
        },
        {
          input: await tile(fileFor(manifest, v.print, 300, 'png'), 280, 280),
          left: x + 334,
          top: y + 74,
        },
        {
          input: await tile(fileFor(manifest, v.banner, 608, 'jpeg'), 608, 253),
          left: x + 16,
          top: y + 380,
        },
        {
          input: await tile(fileFor(manifest, v.collection, 400, 'jpeg'), 340, 170),
          left: x + 16,
          top: y + 656,
        },
        {
          input: await tile(fileFor(manifest, v.back, 200, 'jpeg'), 170, 170),
          left: x + 366,
          top: y + 656,
        },
        {
          input: await tile(fileFor(manifest, v.logo, 96, 'jpeg'), 96, 96),
          left: x + 528,
          top: y + 693,
        },
      );
    }),
  );
  const out = opts.out ?? join(PACKAGE_DIR, 'dist', 'contact-sheet.png');
  const sheet = sharp({
    create: { width: W, height: H, channels: 3, background: '#e4dfd6' },
  }).composite(layers);
  const full = await sheet.png({ compressionLevel: 9 }).toBuffer();
  await sharp(full).toFile(out);
  const docs = opts.docsCopy ?? join(PACKAGE_DIR, '..', '..', 'docs', 'contact-sheet.png');
  if (docs) {
    await mkdir(join(docs, '..'), { recursive: true });
    await sharp(full)
      .resize(1600)
      .png({ palette: true, quality: 90, compressionLevel: 9, effort: 8 })
      .toFile(docs);
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  contactSheet()
    .then((out) => console.log(`contact sheet: ${out} (${Math.round(performance.now() - t0)} ms)`))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
