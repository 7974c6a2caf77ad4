/** Client mode: search, sort and page rows held in memory (spec 01 §5 "Table search"). */
import type { CellValue, ResultsTableColumn, SortState } from './types';

export function cellValue<T>(row: T, column: ResultsTableColumn<T>): CellValue {
  if (column.accessor) return column.accessor(row);
  const value = (row as Record<string, unknown>)[column.key];
  if (value === null || value === undefined || value instanceof Date) return value;
  return typeof value === 'object' ? JSON.stringify(value) : (value as CellValue);
}

const asText = (value: CellValue) =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);

/** Case-insensitive substring match over the filterable columns; a blank search keeps every row. */
export function searchRows<T>(rows: T[], columns: ResultsTableColumn<T>[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return rows;
  const fields = columns.filter((c) => c.filterable !== false);
  return rows.filter((row) =>
    fields.some((c) => asText(cellValue(row, c)).toLocaleLowerCase().includes(needle)),
  );
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Empty values sort last in both directions; numbers and dates by value; text with natural order (MP9 < MP10). */
export function compareValues(a: CellValue, b: CellValue): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(asText(a), asText(b));
}

export function sortRows<T>(rows: T[], columns: ResultsTableColumn<T>[], sort: SortState | undefined): T[] {
  const column = sort && columns.find((c) => c.key === sort.sortBy);
  if (!sort || !column) return rows;
  const direction = sort.sortOrder === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, value: cellValue(row, column) }))
    .sort((x, y) => {
      const xEmpty = x.value === null || x.value === undefined || x.value === '';
      const yEmpty = y.value === null || y.value === undefined || y.value === '';
      // Empty last whatever the direction; ties keep their order (stable).
      if (xEmpty || yEmpty) return xEmpty === yEmpty ? x.index - y.index : xEmpty ? 1 : -1;
      return direction * compareValues(x.value, y.value) || x.index - y.index;
    })
    .map((entry) => entry.row);
}

/** Rows of a 1-based page. */
export function pageRows<T>(rows: T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}
