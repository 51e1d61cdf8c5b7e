import { ConsoleHome } from '@/features/console-home/components/console-home.tsx';
import { ConsolePage } from '@/shared/console/console-page.tsx';

export default function ConsoleHomePage() {
  return (
    <ConsolePage title="Home">
      <ConsoleHome />
    </ConsolePage>
  );
}
