import type { ReactNode } from 'react';

export type TableColumn = string | { label: string; numeric: true };

type TableFrameProps = { label: string; columns: readonly TableColumn[]; compact?: boolean; children: ReactNode };

/** A labelled, scrollable table region with its header row; the caller renders the body rows. */
export const TableFrame = ({ label, columns, compact = false, children }: TableFrameProps) => (
  <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
    <table className={compact ? 'table table--compact' : 'table'}>
      <thead>
        <tr>
          {columns.map((column) =>
            typeof column === 'string' ? (
              <th key={column} scope="col">
                {column}
              </th>
            ) : (
              <th key={column.label} scope="col" className="table__num">
                {column.label}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  </div>
);
