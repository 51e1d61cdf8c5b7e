declare module 'virtual:art-manifest' {
  import type { ArtManifest } from '../../../packages/art/src/manifest-types.ts';
  const manifest: ArtManifest;
  export default manifest;
}
