/** The results table (spec 01 §5, §9; spec 02 §2 "Reusable results table"). See README.md. */
export { DEFAULT_PAGE_SIZE_OPTIONS, ResultsTable } from './ResultsTable';
export { EXPORT_ROW_CAP } from './export-rows';
export type {
  ActionPermission,
  BulkAction,
  CanFn,
  CellValue,
  ListQueryFn,
  ResultsTableColumn,
  ResultsTableProps,
  RowAction,
  SortState,
} from './types';
