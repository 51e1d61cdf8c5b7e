import { GalleryView } from '@/features/gallery/components/gallery-view.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

export default function GalleryPage() {
  return (
    <div className="page container">
      <PageTitle title="Gallery" />
      <h1 className="page-title">Browse Our Design Collection</h1>
      <GalleryView />
    </div>
  );
}
