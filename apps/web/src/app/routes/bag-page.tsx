import { BagView } from '@/features/bag/components/bag-view.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

export default function BagPage() {
  return (
    <div className="page">
      <PageTitle title="Shopping Bag" />
      <BagView />
    </div>
  );
}
