import type { ExportCell, ExportFilter } from '@civicfleet/exporters';
import type { ListPage, ListPageSize, ListQuery, SortOrder } from '@civicfleet/shared';
import type { ReactNode } from 'react';

/** A cell's plain value: what search, sort and export read. */
export type CellValue = ExportCell | Date;

export interface ResultsTableColumn<T> {
  /** Unique; also the `sortBy` sent to the server and the export key. */
  key: string;
  /** Header text, already translated by the page. */
  header: string;
  /** Plain value for search, sort and export. Default `row[key]`. */
  accessor?: (row: T) => CellValue;
  /** What the cell shows. Default the accessor's value as text. */
  render?: (row: T) => ReactNode;
  /** Value in CSV/XLSX/PDF when it differs from the accessor (e.g. a formatted date). */
  exportValue?: (row: T) => ExportCell;
  /** Left out of exports (e.g. a thumbnail column). */
  isExportHidden?: boolean;
  sortable?: boolean;
  /** Part of the client-side search (case-insensitive substring, spec 01 §5 "Table search"). Default true. */
  filterable?: boolean;
  align?: 'left' | 'right' | 'center';
  /** Column width in px on screen; exports use it as a relative width. */
  width?: number;
}

/** Who may do something: a permission of the shared catalogue, checked with the session's `can`. */
export interface ActionPermission {
  module: string;
  action?: string;
}

export interface RowAction<T> {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: (row: T) => void;
  /** Shown only when this holds for the row (e.g. "Activate" only for inactive vehicles). */
  visible?: (row: T) => boolean;
  /** Shown only when the session holds it. */
  permission?: ActionPermission;
  isDestructive?: boolean;
}

export interface BulkAction<T> {
  id: string;
  label: string;
  icon?: ReactNode;
  onSelect: (rows: T[]) => void | Promise<void>;
  permission?: ActionPermission;
  isDestructive?: boolean;
}

/** The session's permission check (`useSession().can`), passed in so the table stays feature-agnostic. */
export type CanFn = (moduleId: string, actionId?: string) => boolean;

/** Server mode: one page for the current search, sort and page size. */
export type ListQueryFn<T> = (query: ListQuery) => Promise<ListPage<T>>;

export interface SortState {
  sortBy: string;
  sortOrder: SortOrder;
}

interface CommonProps<T> {
  /** Shown in the toolbar and printed on exports. */
  title: string;
  subtitle?: string;
  columns: ResultsTableColumn<T>[];
  /** Default `row.id`. */
  getRowId?: (row: T) => string;
  /** Names a row for screen readers ("Actions for MP09GF1234"). Default its id. */
  getRowLabel?: (row: T) => string;
  rowActions?: RowAction<T>[];
  bulkActions?: BulkAction<T>[];
  /** Required for actions with a `permission`: without it they are hidden. */
  can?: CanFn;
  /** Default 10 (spec 01 §9). */
  defaultPageSize?: ListPageSize;
  /** Default 5/10/25/50/100 (spec 02 §9); the generic table of spec 01 uses 5/10/15. */
  pageSizeOptions?: ListPageSize[];
  defaultSort?: SortState;
  /** Default "No results found" (spec 01 §8: configurable). */
  emptyMessage?: string;
  searchPlaceholder?: string;
  /** No search box when false. */
  isSearchable?: boolean;
  /** Offer CSV/XLSX/PDF; default true. */
  isExportable?: boolean;
  /** Base of the file name (default the title), e.g. "Cumulative Distance Report". */
  exportFileBase?: string;
  /** The page's active filters, printed on the PDF (the search is added by the table). */
  exportFilters?: ExportFilter[];
  /** The report's from/to, added to the file name. */
  exportRange?: { from?: Date; to?: Date };
  /** Extra toolbar content (e.g. an "Add" button). */
  toolbarActions?: ReactNode;
}

export interface ClientModeProps<T> {
  /** Client mode: everything in memory; search, sort and paging happen here. */
  rows: T[];
  isLoading?: boolean;
  /** An error of the call that produced `rows` (shown with a Retry button calling `onRetry`). */
  error?: unknown;
  onRetry?: () => void;
  query?: never;
  queryKey?: never;
}

export interface ServerModeProps<T> {
  /** Server mode: asked for each page (TanStack Query, previous page kept while the next loads). */
  query: ListQueryFn<T>;
  /** Cache key of the list, including the page's own filters; the table appends the ListQuery. */
  queryKey: readonly unknown[];
  rows?: never;
  isLoading?: never;
  error?: never;
  onRetry?: never;
}

export type ResultsTableProps<T> = CommonProps<T> & (ClientModeProps<T> | ServerModeProps<T>);
