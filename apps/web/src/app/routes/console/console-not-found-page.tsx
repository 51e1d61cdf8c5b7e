import { Link } from 'react-router';
import { ConsolePage } from '@/shared/console/console-page.tsx';
import { paths } from '@/shared/paths.ts';

/** A console URL with no page: said plainly, with the way back to the console's home. */
export default function ConsoleNotFoundPage() {
  return (
    <ConsolePage title="Page not found">
      <p>There is no console page at this address.</p>
      <p>
        <Link to={paths.console.href()}>Back to the console&apos;s home</Link>
      </p>
    </ConsolePage>
  );
}
