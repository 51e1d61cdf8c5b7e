import { ActivityList } from '@/features/console-activity/components/activity-list.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

export default function ConsoleActivityPage() {
  return (
    <ConsolePage title="Activity">
      <ActivityList />
    </ConsolePage>
  );
}
