// A data table that reads as a table on wide screens and as a list of labelled rows on phones
// (CSS in styles.css, `.table.rtable`). Explicit roles keep the table semantics for screen readers
// when the phone layout changes the display of its parts.
import type { ComponentChildren } from "preact";

export type Column<T> = {
  label: string;
  cell: (row: T) => ComponentChildren;
  /** Right-aligned, tabular figures. */
  num?: boolean;
  /** On phones: the row's title, shown without its label. */
  primary?: boolean;
  /** Only a screen-reader label in the header (e.g. an actions column). */
  hiddenLabel?: boolean;
  /** On phones: shares a line with its neighbours instead of taking a line of its own. */
  inline?: boolean;
  /** On phones: shown without its label (the value speaks for itself, e.g. a time or a status). */
  bare?: boolean;
};

const cellClass = (column: Column<unknown>) =>
  [column.num && "num", column.primary && "cell-primary", column.inline && "cell-inline"].filter(Boolean).join(" ") || undefined;

export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  rowAttrs,
  compact = false,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  rowAttrs?: (row: T) => Record<string, string | undefined>;
  compact?: boolean;
}) {
  return (
    <div class="table-wrap">
      <table class={`table rtable${compact ? " compact" : ""}`} role="table" aria-label={label}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th scope="col" role="columnheader" class={column.num ? "num" : undefined}>
                {column.hiddenLabel ? <span class="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr role="row" key={rowKey(row)} {...(rowAttrs?.(row) ?? {})}>
              {columns.map((column) => (
                <td
                  role="cell"
                  data-label={column.primary || column.hiddenLabel || column.bare ? "" : column.label}
                  class={cellClass(column as Column<unknown>)}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
