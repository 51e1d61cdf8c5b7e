import { ReviewsQueue } from '@/features/console-reviews/components/reviews-queue.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/**
 * /admin/reviews: the reviews by status (the queue of new ones unless another is chosen) and design, a
 * page at a time; publish, hide, reply publicly (issue 29).
 */
export default function ReviewsPage() {
  return (
    <ConsolePage title="Reviews">
      <ReviewsQueue />
    </ConsolePage>
  );
}
