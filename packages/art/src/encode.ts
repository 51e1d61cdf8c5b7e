/** Encoder settings and the sharp calls that turn one SVG into every width and format. */
import sharp, { type OutputInfo } from 'sharp';
import type { ImageFormat } from './manifest-types.ts';

/** Tuned for small files: flat inks compress very well. */
export const ENCODE = {
  avif: { quality: 62, effort: 2, chromaSubsampling: '4:2:0' },
  webp: { quality: 76, effort: 5, smartSubsample: true },
  jpeg: { quality: 72, mozjpeg: true, progressive: true },
  png: { compressionLevel: 9, palette: true, quality: 92, effort: 8 },
} as const;

export type RasterFormat = Exclude<ImageFormat, 'svg'>;

export const EXT: Record<ImageFormat, string> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
  png: 'png',
  svg: 'svg',
};

export interface Raster {
  data: Buffer;
  info: OutputInfo;
}

/** Rasterise the SVG once, at the largest width needed. */
export async function rasterise(
  svg: string,
  svgWidth: number,
  width: number,
  alpha: boolean,
): Promise<Raster> {
  const density = (72 * width) / svgWidth;
  let img = sharp(Buffer.from(svg), { density, limitInputPixels: false });
  if (!alpha) img = img.flatten({ background: '#ffffff' });
  return img.raw().toBuffer({ resolveWithObject: true });
}

/** Resize the raster to exactly width x height and encode it. */
export async function encode(
  r: Raster,
  width: number,
  height: number,
  format: RasterFormat,
  alpha: boolean,
): Promise<Buffer> {
  let img = sharp(r.data, {
    raw: { width: r.info.width, height: r.info.height, channels: r.info.channels },
  }).resize(width, height, {
    fit: 'fill',
    kernel: 'lanczos3',
  });
  if (!alpha) img = img.removeAlpha();
  switch (format) {
    case 'avif':
      return img.avif(ENCODE.avif).toBuffer();
    case 'webp':
      return img.webp(alpha ? { ...ENCODE.webp, alphaQuality: 90 } : ENCODE.webp).toBuffer();
    case 'jpeg':
      return img.jpeg(ENCODE.jpeg).toBuffer();
    case 'png':
      return img.png(ENCODE.png).toBuffer();
  }
}

export const SHARP_VERSION: string = sharp.versions.sharp ?? 'unknown';
