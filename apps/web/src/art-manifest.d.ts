/** The generated image manifest, whole or in slices (see the art-manifest plugin in vite.config.ts). */
declare module 'virtual:art-manifest' {
  import type { ArtManifest } from '@sunward/art/manifest-types';
  const manifest: ArtManifest;
  export default manifest;
}
declare module 'virtual:art-manifest/brand' {
  import type { WebImageEntry } from '@sunward/art/manifest-types';
  const brand: { logo: WebImageEntry; icon: WebImageEntry };
  export default brand;
}
declare module 'virtual:art-manifest/home' {
  import type { ArtManifest, WebImageEntry } from '@sunward/art/manifest-types';
  const home: Record<keyof ArtManifest['home'], WebImageEntry>;
  export default home;
}
/** The AVIF files of the first pictures a phone shows (home banner, first folded shirts). */
declare module 'virtual:art-manifest/first-screen' {
  import type { WebImageFile } from '@sunward/art/manifest-types';
  const firstScreen: {
    banner: { mobile: WebImageFile[]; tablet: WebImageFile[]; desktop: WebImageFile[] };
    designs: WebImageFile[][];
  };
  export default firstScreen;
}
/** `virtual:art-manifest/designs/<variant>`: design name -> that variant's picture. */
declare module 'virtual:art-manifest/designs/*' {
  import type { WebImageEntry } from '@sunward/art/manifest-types';
  const images: Record<string, WebImageEntry>;
  export default images;
}
