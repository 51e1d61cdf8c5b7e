import {
  JobsOverview,
  RefreshJobsButton,
} from '@/features/console-jobs/components/jobs-overview.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

/** /admin/jobs: the background jobs by kind with their counts, and the failed ones with Retry. */
export default function JobsPage() {
  return (
    <ConsolePage title="Jobs" actions={<RefreshJobsButton />}>
      <JobsOverview />
    </ConsolePage>
  );
}
