import type { DataRequestSummary, SupportStatus } from '@sunward/core/console-inbox';
import { formatCalendarDay } from '@/shared/console/console-format.tsx';
import '@/shared/console/status-badge.css';

type Tone = 'neutral' | 'info' | 'progress' | 'success' | 'warning' | 'danger';

const Badge = ({ tone, children }: { tone: Tone; children: string }) => (
  <span className={`status-badge status-badge--${tone}`}>{children}</span>
);

const SUPPORT: Record<SupportStatus, { label: string; tone: Tone }> = {
  open: { label: 'Open', tone: 'warning' },
  answered: { label: 'Answered', tone: 'success' },
  closed: { label: 'Closed', tone: 'neutral' },
};

/** A support message's status in words and colour. */
export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  const { label, tone } = SUPPORT[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** How the 45-day clock reads: "Overdue by 3 days", "Due today", "12 days left". */
export function daysLeftText(daysLeft: number): string {
  if (daysLeft < 0) return `Overdue by ${-daysLeft} day${daysLeft === -1 ? '' : 's'}`;
  if (daysLeft === 0) return 'Due today';
  if (daysLeft === 1) return 'Due tomorrow';
  return `${daysLeft} days left`;
}

/**
 * A data request's clock, counted on the shop's calendar by the server: red when overdue, amber in
 * its last week, else calm; "Completed" once answered. The due date is in the badge's label too.
 */
export function DaysLeftBadge({
  request,
}: {
  request: Pick<DataRequestSummary, 'status' | 'daysLeft' | 'dueBy'>;
}) {
  if (request.status === 'completed' || request.daysLeft === null) {
    return <Badge tone="success">Completed</Badge>;
  }
  const tone: Tone = request.daysLeft < 0 ? 'danger' : request.daysLeft <= 7 ? 'warning' : 'info';
  return (
    <span title={`Due by ${formatCalendarDay(request.dueBy)}`}>
      <Badge tone={tone}>{daysLeftText(request.daysLeft)}</Badge>
    </span>
  );
}
