/**
 * The catalogue of every picture the shop needs: its SVG source, intrinsic size, the widths to
 * produce (up to 2x density of the largest CSS size) and the formats.
 */
import { brandIconSvg, brandLogoSvg } from './brand.ts';
import { DESIGNS } from './designs/index.ts';
import type { DesignVariant, ImageFormat } from './manifest-types.ts';
import type { ResolvedDesign } from './print.ts';
import { PRINT_SIZE, printSvg } from './print.ts';
import { BACK_VIEW_SIZE, backViewSvg } from './scenes/back-view.ts';
import { BANNER_H, BANNER_W, bannerSvg } from './scenes/banner.ts';
import { COLLECTION_H, COLLECTION_W, collectionSvg } from './scenes/collection.ts';
import { design as designByName } from './designs/index.ts';
import { FOLDED_SIZE, foldedShirtSvg } from './scenes/folded-shirt.ts';
import { HOME_BANNER_SIZE, homeBannerSvg } from './scenes/home-banner.ts';
import { LOGO_SIZE, logoSvg } from './scenes/logo.ts';
import { PLACEMENT_H, PLACEMENT_W, placementSvg } from './scenes/placement.ts';
import { UPF_H, UPF_W, upfSvg } from './scenes/upf.ts';

export interface Picture {
  /** Output path without extension, e.g. "designs/alaska-folded". */
  key: string;
  alt: string;
  /** Intrinsic size of the SVG (its aspect ratio is the picture's). */
  width: number;
  height: number;
  widths: readonly number[];
  formats: readonly ImageFormat[];
  svg: () => string;
}

const PHOTO: readonly ImageFormat[] = ['avif', 'webp', 'jpeg'];
const CUTOUT: readonly ImageFormat[] = ['avif', 'webp', 'png'];

/** Widths per variant: the CSS sizes the layouts use, at 1x and 2x. */
export const WIDTHS: Record<DesignVariant, readonly number[]> = {
  print: [400, 800, 1200],
  folded: [200, 360, 480, 720],
  banner: [480, 800, 1120],
  logo: [96, 192, 400, 720],
  collection: [400, 800, 1200],
  back: [200, 360, 480, 720],
};

/** The width the designs grid uses on a 390 px phone at 2x (2 columns, ~180 CSS px each). */
export const GRID_PHONE_WIDTH = 360;

export function designPictures(d: ResolvedDesign): Record<DesignVariant, Picture> {
  const t = d.title;
  const key = (v: string) => `designs/${d.name}-${v}`;
  return {
    print: {
      key: key('print'),
      alt: `${t} print: ${d.spec.motif}, with the title lettered in the badge`,
      width: PRINT_SIZE,
      height: PRINT_SIZE,
      widths: WIDTHS.print,
      formats: CUTOUT,
      svg: () => printSvg(d),
    },
    folded: {
      key: key('folded'),
      alt: `${t} sun shirt, folded, with the print on the chest: ${d.spec.motif}`,
      width: FOLDED_SIZE,
      height: FOLDED_SIZE,
      widths: WIDTHS.folded,
      formats: PHOTO,
      svg: () => foldedShirtSvg(d),
    },
    banner: {
      key: key('banner'),
      alt: `${t} front design: ${d.spec.motif}`,
      width: BANNER_W,
      height: BANNER_H,
      widths: WIDTHS.banner,
      formats: PHOTO,
      svg: () => bannerSvg(d),
    },
    logo: {
      key: key('logo'),
      alt: `${t} badge`,
      width: LOGO_SIZE,
      height: LOGO_SIZE,
      widths: WIDTHS.logo,
      formats: PHOTO,
      svg: () => logoSvg(d),
    },
    collection: {
      key: key('collection'),
      alt: `${t} sun shirt laid flat, front and back: the print on the front, the Sunward logo below the back of the neck`,
      width: COLLECTION_W,
      height: COLLECTION_H,
      widths: WIDTHS.collection,
      formats: PHOTO,
      svg: () => collectionSvg(d),
    },
    back: {
      key: key('back'),
      alt: `${t} sun shirt seen from the back, with the print on the back and the Sunward logo on the left chest`,
      width: BACK_VIEW_SIZE,
      height: BACK_VIEW_SIZE,
      widths: WIDTHS.back,
      formats: PHOTO,
      svg: () => backViewSvg(d),
    },
  };
}

export interface Catalogue {
  designs: { name: string; pictures: Record<DesignVariant, Picture> }[];
  brandLogo: Picture;
  brandIcon: Picture;
  home: Record<'bannerMobile' | 'bannerTablet' | 'bannerDesktop' | 'placement' | 'upf', Picture>;
}

function svgSize(svg: string): { width: number; height: number } {
  const m = /width="(\d+(?:\.\d+)?)" height="(\d+(?:\.\d+)?)"/.exec(svg);
  if (!m) throw new Error('svg without a size');
  return { width: Number(m[1]), height: Number(m[2]) };
}

export function catalogue(): Catalogue {
  const logo = brandLogoSvg();
  const homeBanner = (kind: 'mobile' | 'tablet' | 'desktop', widths: number[]): Picture => ({
    key: `home/banner-${kind}`,
    alt: 'A white Sunward long-sleeve sun shirt with a coast-road print, hung on a line by the sea at sunset, snowy mountains and pines behind',
    width: HOME_BANNER_SIZE[kind].w,
    height: HOME_BANNER_SIZE[kind].h,
    widths,
    formats: PHOTO,
    svg: () => homeBannerSvg(kind),
  });
  return {
    designs: DESIGNS.map((d) => ({ name: d.name, pictures: designPictures(d) })),
    brandLogo: {
      key: 'brand/sunward-logo',
      alt: 'Sunward',
      ...svgSize(logo),
      widths: [240, 480],
      formats: ['svg', 'png'],
      svg: () => logo,
    },
    brandIcon: {
      key: 'brand/sunward-icon',
      alt: 'Sunward',
      width: 128,
      height: 128,
      // 32: favicon.ico; 180: Apple touch icon; 192 and 512: the web app manifest.
      widths: [32, 180, 192, 512],
      formats: ['svg', 'png'],
      svg: brandIconSvg,
    },
    home: {
      bannerMobile: homeBanner('mobile', [400, 800]),
      bannerTablet: homeBanner('tablet', [800, 1200, 1536]),
      bannerDesktop: homeBanner('desktop', [1280, 1920, 2560]),
      placement: {
        key: 'home/placement',
        alt: 'Graphic placement. Front: the print on the front of the shirt and the Sunward logo at the back of the neck. Back: the print on the back and the logo on the left chest.',
        width: PLACEMENT_W,
        height: PLACEMENT_H,
        widths: [400, 800],
        formats: PHOTO,
        svg: () => placementSvg(designByName('alaska')),
      },
      upf: {
        key: 'home/upf',
        alt: 'UPF 50+ explained: sun rays stopped by the tight-knit fabric, less than one fiftieth gets through',
        width: UPF_W,
        height: UPF_H,
        widths: [400, 800],
        formats: PHOTO,
        svg: () => upfSvg(),
      },
    },
  };
}
