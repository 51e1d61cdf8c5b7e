/**
 * The image build: every picture in the catalogue -> SVG -> sharp -> AVIF / WebP / JPEG (or PNG)
 * at each width, content-hashed names under dist/assets/, and dist/manifest.json.
 * Encoded outputs are cached in .cache/ (or ART_CACHE_DIR) keyed by the SVG source hash, the encoder,
 * its options and the fonts, so an unchanged source is never encoded again. A cache outside the
 * package (CI's, shared by every fresh clone on a machine) is safe for the same reason: a key names
 * its pixels.
 *
 *   npm run art:build            (ASSETS_BASE_URL=https://cdn.example.com/assets to point urls at a CDN)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  ENCODE,
  EXT,
  encode,
  rasterise,
  SHARP_VERSION,
  type Raster,
  type RasterFormat,
} from './encode.ts';
import { fontFiles } from './lettering.ts';
import type { ArtManifest, DesignVariant, ImageEntry, ImageFile } from './manifest-types.ts';
import { catalogue, type Picture } from './pictures.ts';

/** Bump to invalidate every cached encode. */
const CACHE_VERSION = 1;

export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface BuildOptions {
  /** Package directory holding dist/ and .cache/ (default: packages/art). */
  dir?: string;
  /** Where encoded files are kept between builds (default: ART_CACHE_DIR, else <dir>/.cache). */
  cacheDir?: string;
  /** URL prefix written into the manifest (default: ASSETS_BASE_URL or "/assets"). */
  assetsBase?: string;
  /** Pictures processed at once (default 2: one per core; sharp threads inside each). */
  concurrency?: number;
  quiet?: boolean;
}

export interface BuildResult {
  manifest: ArtManifest;
  /** Files encoded this run (cache misses). */
  encoded: number;
  /** Files taken from the cache. */
  cached: number;
  files: number;
  bytes: number;
  ms: number;
}

const sha = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** Everything outside the SVG text that changes the pixels: fonts, sharp, our cache version. */
function salt(): string {
  const h = createHash('sha256');
  h.update(`v${CACHE_VERSION} sharp ${SHARP_VERSION}`);
  for (const f of fontFiles()) h.update(readFileSync(f));
  return h.digest('hex');
}

interface Ctx {
  assetsDir: string;
  cacheDir: string;
  base: string;
  salt: string;
  written: Set<string>;
  usedCache: Set<string>;
  stats: { encoded: number; cached: number; files: number; bytes: number };
}

async function writeAsset(
  ctx: Ctx,
  key: string,
  suffix: string,
  ext: string,
  bytes: Buffer,
): Promise<string> {
  const rel = `${key}${suffix}.${sha(bytes).slice(0, 10)}.${ext}`;
  const file = join(ctx.assetsDir, rel);
  if (!existsSync(file)) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }
  ctx.written.add(rel);
  ctx.stats.files++;
  ctx.stats.bytes += bytes.length;
  return `${ctx.base}/${rel}`;
}

async function processPicture(
  ctx: Ctx,
  pic: Picture,
): Promise<{ entry: ImageEntry; encoded: number }> {
  let encoded = 0;
  const svg = pic.svg();
  const source = sha(svg + ctx.salt);
  const alpha = pic.formats.includes('png');
  const entry: ImageEntry = { alt: pic.alt, width: pic.width, height: pic.height, formats: {} };
  let raster: Promise<Raster> | undefined;
  const maxWidth = Math.max(...pic.widths);
  for (const format of pic.formats) {
    const files: ImageFile[] = [];
    if (format === 'svg') {
      const bytes = Buffer.from(svg);
      files.push({
        url: await writeAsset(ctx, pic.key, '', 'svg', bytes),
        width: pic.width,
        height: pic.height,
        bytes: bytes.length,
      });
      entry.formats.svg = files;
      continue;
    }
    for (const width of [...pic.widths].sort((a, b) => a - b)) {
      const height = Math.round((width * pic.height) / pic.width);
      const options = ENCODE[format];
      const cacheKey = sha(JSON.stringify({ source, format, width, height, options, alpha })).slice(
        0,
        32,
      );
      const cacheFile = join(ctx.cacheDir, `${cacheKey}.${EXT[format]}`);
      let bytes: Buffer;
      if (existsSync(cacheFile)) {
        bytes = await readFile(cacheFile);
        ctx.stats.cached++;
      } else {
        raster ??= rasterise(svg, pic.width, maxWidth, alpha);
        bytes = await encode(await raster, width, height, format as RasterFormat, alpha);
        // Written whole or not at all: a build stopped midway, or another one sharing the cache,
        // never leaves a cut file under a key.
        const partial = `${cacheFile}.${process.pid}.tmp`;
        await writeFile(partial, bytes);
        await rename(partial, cacheFile);
        ctx.stats.encoded++;
        encoded++;
      }
      ctx.usedCache.add(cacheFile);
      files.push({
        url: await writeAsset(ctx, pic.key, `-${width}`, EXT[format], bytes),
        width,
        height,
        bytes: bytes.length,
      });
    }
    entry.formats[format] = files;
  }
  return { entry, encoded };
}

async function pool<T, R>(
  items: readonly T[],
  size: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return out;
}

async function listFiles(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export async function build(opts: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const dir = opts.dir ?? PACKAGE_DIR;
  const distDir = join(dir, 'dist');
  const ctx: Ctx = {
    assetsDir: join(distDir, 'assets'),
    cacheDir: opts.cacheDir ?? (process.env.ART_CACHE_DIR || join(dir, '.cache')),
    base: (opts.assetsBase ?? process.env.ASSETS_BASE_URL ?? '/assets').replace(/\/+$/, ''),
    salt: salt(),
    written: new Set(),
    usedCache: new Set(),
    stats: { encoded: 0, cached: 0, files: 0, bytes: 0 },
  };
  await mkdir(ctx.assetsDir, { recursive: true });
  await mkdir(ctx.cacheDir, { recursive: true });

  const cat = catalogue();
  const jobs: { pic: Picture; put: (e: ImageEntry) => void }[] = [];
  const designs: ArtManifest['designs'] = {};
  for (const d of cat.designs) {
    const variants = {} as Record<DesignVariant, ImageEntry>;
    designs[d.name] = variants;
    for (const [variant, pic] of Object.entries(d.pictures) as [DesignVariant, Picture][]) {
      jobs.push({ pic, put: (e) => (variants[variant] = e) });
    }
  }
  const home = {} as ArtManifest['home'];
  for (const [k, pic] of Object.entries(cat.home) as [keyof ArtManifest['home'], Picture][]) {
    jobs.push({ pic, put: (e) => (home[k] = e) });
  }
  const brand = {} as ArtManifest['brand'];
  jobs.push({ pic: cat.brandLogo, put: (e) => (brand.logo = e) });
  jobs.push({ pic: cat.brandIcon, put: (e) => (brand.icon = e) });

  const tty = process.stderr.isTTY && !opts.quiet;
  let done = 0;
  await pool(jobs, opts.concurrency ?? 2, async (job) => {
    const t0 = performance.now();
    const { entry, encoded: enc } = await processPicture(ctx, job.pic);
    job.put(entry);
    done++;
    if (!opts.quiet) {
      const line = `[${String(done).padStart(3)}/${jobs.length}] ${job.pic.key.padEnd(44)} ${enc ? `encoded ${enc} in ${Math.round(performance.now() - t0)} ms` : 'cached'}`;
      if (tty) process.stderr.write(`\r${line.padEnd(100)}`);
      else console.log(line);
    }
  });
  if (tty) process.stderr.write('\n');

  // Keep ordering stable: designs in catalogue order.
  const manifest: ArtManifest = { version: 1, designs, brand, home };
  await writeFile(join(distDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');

  // Remove stale outputs and unused cache entries.
  for (const file of await listFiles(ctx.assetsDir)) {
    if (!ctx.written.has(relative(ctx.assetsDir, file).split('\\').join('/'))) await rm(file);
  }
  for (const file of await listFiles(ctx.cacheDir)) {
    // Another build's file being written is its own to finish.
    if (!ctx.usedCache.has(file) && !file.endsWith('.tmp')) await rm(file, { force: true });
  }

  const ms = Math.round(performance.now() - started);
  if (!opts.quiet) {
    console.log(
      `art: ${jobs.length} pictures, ${ctx.stats.files} files (${(ctx.stats.bytes / 1e6).toFixed(1)} MB); ` +
        `encoded ${ctx.stats.encoded}, cached ${ctx.stats.cached}; ${(ms / 1000).toFixed(1)} s`,
    );
  }
  return { manifest, ...ctx.stats, ms };
}

/** Total bytes on disk under dist/assets (for reports). */
export async function assetsBytes(dir = PACKAGE_DIR): Promise<number> {
  let total = 0;
  for (const f of await listFiles(join(dir, 'dist', 'assets'))) total += (await stat(f)).size;
  return total;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  build().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
