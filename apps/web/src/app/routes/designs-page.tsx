import { DesignPicker } from '@/features/designs/components/design-picker.tsx';
import { designPageTitle, useDesignInUrl } from '@/shared/design-in-url.ts';
import { useFirstVisit } from '@/shared/hooks/use-first-visit.ts';
import { useImagesLoaded } from '@/shared/hooks/use-images-loaded.ts';
import { LoadingBar } from '@/shared/ui/loading-bar.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';
import NotFoundPage from './not-found-page.tsx';

/**
 * Spec 2, /designs: a loading bar covers the grid on the first visit until 30 images or 5 s. Also each
 * design's URL, /designs/:designName: the same page with the design's modal open, titled with the
 * design; a name that is no design on sale is the not-found page.
 */
export default function DesignsPage() {
  const design = useDesignInUrl();
  const images = useImagesLoaded(useFirstVisit());
  if (design === null) return <NotFoundPage />;
  return (
    <div className="page container">
      <PageTitle title={design ? designPageTitle(design.designTitle) : 'Choose a Design'} />
      <h1 className="page-title">Ready? Choose a Design</h1>
      <div className="grid-frame" aria-busy={images.loading}>
        {images.loading ? <LoadingBar label="Loading designs" progress={images.progress} /> : null}
        <DesignPicker onImageDone={images.onImageDone} />
      </div>
    </div>
  );
}
