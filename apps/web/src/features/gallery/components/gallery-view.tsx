import { useState } from 'react';
import { useDesigns } from '@/shared/api/catalog/get-designs.ts';
import { useFirstVisit } from '@/shared/hooks/use-first-visit.ts';
import { useImagesLoaded } from '@/shared/hooks/use-images-loaded.ts';
import { LoadingOverlay } from '@/shared/ui/loading-bar.tsx';
import { DesignModal } from './design-modal.tsx';
import { GalleryGrid } from './gallery-grid.tsx';

/**
 * Spec 2, /gallery: the collection grid and the design modal. A loading overlay shows until 30 images
 * load or 5 seconds pass, and is skipped once the gallery has been visited before.
 */
export function GalleryView() {
  const designs = useDesigns();
  const firstVisit = useFirstVisit();
  const images = useImagesLoaded(firstVisit);
  const [index, setIndex] = useState<number | null>(null);
  return (
    <div className="gallery" aria-busy={images.loading}>
      <GalleryGrid designs={designs} onOpen={setIndex} onImageDone={images.onImageDone} />
      {images.loading ? (
        <LoadingOverlay label="Loading the collection" progress={images.progress} />
      ) : null}
      <DesignModal
        designs={designs}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
      />
    </div>
  );
}
