import { DesignPicker } from '@/features/designs/components/design-picker.tsx';
import { useFirstVisit } from '@/shared/hooks/use-first-visit.ts';
import { useImagesLoaded } from '@/shared/hooks/use-images-loaded.ts';
import { LoadingBar } from '@/shared/ui/loading-bar.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

/** Spec 2, /designs: a loading bar covers the grid on the first visit until 30 images or 5 s. */
export default function DesignsPage() {
  const images = useImagesLoaded(useFirstVisit());
  return (
    <div className="page container">
      <PageTitle title="Choose a Design" />
      <h1 className="page-title">Ready? Choose a Design</h1>
      <div className="grid-frame" aria-busy={images.loading}>
        {images.loading ? <LoadingBar label="Loading designs" progress={images.progress} /> : null}
        <DesignPicker onImageDone={images.onImageDone} />
      </div>
    </div>
  );
}
