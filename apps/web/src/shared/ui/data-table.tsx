import type { ReactNode } from 'react';

export type DataColumn<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  /** The cell that names the row: its row header for screen readers, the card's title on a phone. */
  isRowHeader?: boolean;
  numeric?: boolean;
  nowrap?: boolean;
};

type DataTableProps<Row> = {
  label: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  compact?: boolean;
};

const cellClass = (column: { numeric?: boolean; nowrap?: boolean }): string | undefined =>
  [column.numeric ? 'table__num' : '', column.nowrap ? 'nowrap' : ''].filter(Boolean).join(' ') || undefined;

/**
 * A labelled table region. On a phone (shared/styles/components.css, below 640px) every row becomes a card with
 * each value beside its column's label, from `data-label`, so nothing scrolls sideways. The roles
 * are spelled out because a table whose parts are no longer displayed as a table loses its
 * semantics in some browsers; the header row stays in the accessibility tree, only hidden from view.
 */
export const DataTable = <Row,>({ label, columns, rows, rowKey, compact = false }: DataTableProps<Row>) => (
  <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
    <table className={`table table--stacking${compact ? ' table--compact' : ''}`} role="table">
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.label} scope="col" role="columnheader" className={column.numeric ? 'table__num' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row">
            {columns.map((column) =>
              column.isRowHeader ? (
                <th key={column.label} scope="row" role="rowheader" className={cellClass(column)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.label} role="cell" data-label={column.label} className={cellClass(column)}>
                  <div className="table__value">{column.cell(row)}</div>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  </div>
);
