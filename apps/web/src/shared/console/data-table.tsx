import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './data-table.css';

/** A column: its header (also the label of its cell when rows stack on a phone) and its cell. */
export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Numbers and amounts line up on the right. */
  align?: 'start' | 'end';
}

/**
 * A list as a real <table> (caption, column headers) on wide screens; below 768 px each row stacks its
 * cells as labelled lines, so nothing scrolls sideways. With `rowLink`, that column's cell is a link to
 * the row's item and the whole row is its target. No rows: the `empty` line instead.
 */
export function DataTable<T>({
  caption,
  showCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  rowLink,
}: {
  /** What the table lists (read by screen readers; shown with `showCaption`). */
  caption: string;
  showCaption?: boolean;
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The line shown when there are no rows ("No orders match these filters."). */
  empty: string;
  rowLink?: { column: string; href: (row: T) => string };
}) {
  if (rows.length === 0) return <p className="data-table__empty">{empty}</p>;
  return (
    <div className="data-table__box">
      <table className={rowLink ? 'data-table data-table--links' : 'data-table'}>
        <caption className={showCaption ? 'data-table__caption' : 'visually-hidden'}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={alignClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.header} className={alignClass(column)}>
                  {/* One box for the value: on a phone the cell is its label and this box. */}
                  <div className="data-table__value">
                    {rowLink?.column === column.key ? (
                      <Link to={rowLink.href(row)} className="data-table__link">
                        {column.cell(row)}
                      </Link>
                    ) : (
                      column.cell(row)
                    )}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const alignClass = (column: { align?: 'start' | 'end' }) =>
  column.align === 'end' ? 'data-table__cell--end' : undefined;
