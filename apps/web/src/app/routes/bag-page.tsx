import { BagView } from '@/features/bag/components/bag-view.tsx';
import { useRestoreBag } from '@/features/bag/hooks/use-restore-bag.ts';
import { PageNotice } from '@/shared/ui/page-notice.tsx';
import { PageTitle } from '@/shared/ui/page-title.tsx';

export default function BagPage() {
  useRestoreBag();
  return (
    <div className="page">
      <PageTitle title="Shopping Bag" />
      <PageNotice />
      <BagView />
    </div>
  );
}
