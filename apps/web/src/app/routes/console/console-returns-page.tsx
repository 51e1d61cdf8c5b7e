import { ConsolePage } from '@/shared/console/console-page.tsx';
import { ReturnQueueView } from '@/features/console-returns/components/return-queue.tsx';

/** /admin/returns: the returns queue. */
export default function ConsoleReturnsPage() {
  return (
    <ConsolePage title="Returns">
      <ReturnQueueView />
    </ConsolePage>
  );
}
