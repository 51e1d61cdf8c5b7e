import { CspReportsList } from '@/features/console-payment-page/components/csp-reports-list.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/csp-reports: what browsers reported the Content-Security-Policy blocked. */
export default function CspReportsPage() {
  return (
    <ConsolePage title="CSP reports">
      <CspReportsList />
    </ConsolePage>
  );
}
