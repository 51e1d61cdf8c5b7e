import { useId } from 'react';
import type { ReturnDetail } from '@sunward/core/console-returns-schemas';
import { DateTime } from '@/shared/console/console-format.tsx';

/** What happened to the return, oldest first: its request, then every operator's action. */
export function ReturnTimeline({ timeline }: { timeline: ReturnDetail['timeline'] }) {
  const id = useId();
  return (
    <section className="console-returns__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="console-returns__heading">
        Timeline
      </h2>
      <ol className="return-timeline">
        {timeline.map((entry, i) => (
          <li key={`${entry.at}-${i}`} className="return-timeline__entry">
            <span className="return-timeline__what">{entry.text}</span>
            <span className="console-returns__sub">
              <DateTime value={entry.at} /> · {entry.by === 'customer' ? 'Customer' : entry.by}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
