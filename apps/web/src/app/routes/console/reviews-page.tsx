import { ReviewsQueue } from '@/features/console-reviews/components/reviews-queue.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/reviews: the queue of new reviews first; publish, hide, reply publicly (issue 29). */
export default function ReviewsPage() {
  return (
    <ConsolePage title="Reviews">
      <ReviewsQueue />
    </ConsolePage>
  );
}
