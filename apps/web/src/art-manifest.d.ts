/** The generated image manifest, whole or in slices (see the art-manifest plugin in vite.config.ts). */
declare module 'virtual:art-manifest' {
  import type { ArtManifest } from '@sunward/art/manifest-types';
  const manifest: ArtManifest;
  export default manifest;
}
declare module 'virtual:art-manifest/brand' {
  import type { ArtManifest } from '@sunward/art/manifest-types';
  const brand: ArtManifest['brand'];
  export default brand;
}
declare module 'virtual:art-manifest/home' {
  import type { ArtManifest } from '@sunward/art/manifest-types';
  const home: ArtManifest['home'];
  export default home;
}
/** The AVIF files of the first pictures a phone shows (home banner, first folded shirts). */
declare module 'virtual:art-manifest/first-screen' {
  import type { ImageFile } from '@sunward/art/manifest-types';
  const firstScreen: {
    banner: { mobile: ImageFile[]; tablet: ImageFile[]; desktop: ImageFile[] };
    designs: ImageFile[][];
  };
  export default firstScreen;
}
/** `virtual:art-manifest/designs/<variant>`: design name -> that variant's picture. */
declare module 'virtual:art-manifest/designs/*' {
  import type { ImageEntry } from '@sunward/art/manifest-types';
  const images: Record<string, ImageEntry>;
  export default images;
}
