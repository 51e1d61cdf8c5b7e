import {
  ReconcileNowButton,
  ReconciliationOverview,
} from '@/features/console-reconciliation/components/reconciliation-overview.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/reconciliation: the processor's payments against the orders, with Reconcile now. */
export default function ReconciliationPage() {
  return (
    <ConsolePage title="Reconciliation" actions={<ReconcileNowButton />}>
      <ReconciliationOverview />
    </ConsolePage>
  );
}
