import { Link } from 'react-router';
import { ConsoleError } from '@/shared/console/console-error.tsx';
import { DateTime } from '@/shared/console/console-format.tsx';
import { DataTable, type Column } from '@/shared/console/data-table.tsx';
import { FilterBar, useFilterValues, type FilterField } from '@/shared/console/filter-bar.tsx';
import { KeysetPager, useKeysetCursor } from '@/shared/console/keyset-pager.tsx';
import { paths } from '@/shared/paths.ts';
import type { OperatorAction } from '@sunward/core/console-activity';
import { useActivity } from '../api/get-activity.ts';
import { actionWords, detailWords, targetWords } from './action-words.ts';

/** The things an action can be on, as the console's areas record them. */
const TARGET_TYPES = [
  { value: '', label: 'Anything' },
  { value: 'order', label: 'Order' },
  { value: 'return', label: 'Return' },
  { value: 'customer', label: 'Customer' },
  { value: 'product', label: 'Product' },
  { value: 'settings', label: 'Settings' },
  { value: 'email', label: 'Email' },
  { value: 'support-request', label: 'Support message' },
  { value: 'data-request', label: 'Data request' },
];

const FILTERS: FilterField[] = [
  { type: 'select', name: 'targetType', label: 'On', options: TARGET_TYPES },
  { type: 'search', name: 'targetId', label: 'Its number or id', maxLength: 200 },
];

/** The target, linked where the console has a page for it by that id (orders, by their number). */
function Target({ action }: { action: OperatorAction }) {
  if (action.targetType === 'order') {
    return (
      <>
        Order{' '}
        <Link to={paths.consoleOrder.href({ orderNumber: action.targetId })}>
          {action.targetId}
        </Link>
      </>
    );
  }
  const type = targetWords(action.targetType);
  return (
    <>
      {type.charAt(0).toUpperCase() + type.slice(1)} {action.targetId}
    </>
  );
}

const COLUMNS: Column<OperatorAction>[] = [
  { key: 'at', header: 'When', cell: (a) => <DateTime value={a.at} /> },
  { key: 'who', header: 'Who', cell: (a) => a.operatorEmail },
  { key: 'what', header: 'What', cell: (a) => actionWords(a.action) },
  { key: 'on', header: 'On', cell: (a) => <Target action={a} /> },
  { key: 'detail', header: 'Details', cell: (a) => detailWords(a.detail) || '–' },
];

/**
 * The operators' actions, newest first (who, when, what, on what), a page at a time; narrowed to one
 * thing's history with its type and id.
 */
export function ActivityList() {
  const filters = useFilterValues(['targetType', 'targetId'] as const);
  const { cursor } = useKeysetCursor();
  const target =
    filters.targetType && filters.targetId
      ? { type: filters.targetType, id: filters.targetId }
      : null;
  const activity = useActivity({ before: cursor, target });
  const halfFilter = Boolean(filters.targetType) !== Boolean(filters.targetId);

  return (
    <>
      <FilterBar label="Filter the activity" fields={FILTERS} />
      {halfFilter ? (
        <p className="console-note" role="status">
          Choose what the actions are on and enter its number or id to see its history; until then,
          every action is listed.
        </p>
      ) : null}
      {activity.data ? (
        <div aria-busy={activity.isFetching}>
          <DataTable
            caption="Operators' actions, newest first"
            columns={COLUMNS}
            rows={activity.data.actions}
            rowKey={(a) => a.id}
            empty={
              target
                ? 'Nothing has been done on this yet.'
                : cursor
                  ? 'No older actions.'
                  : 'No operator has done anything yet.'
            }
          />
        </div>
      ) : activity.isPending ? (
        <p role="status">Loading the activity…</p>
      ) : null}
      {activity.isError ? (
        <ConsoleError
          title="The activity could not be loaded."
          error={activity.error}
          onRetry={() => void activity.refetch()}
          retrying={activity.isFetching}
        />
      ) : null}
      <KeysetPager
        label="Pages of the activity"
        next={activity.data?.next ?? null}
        busy={activity.isFetching}
      />
    </>
  );
}
