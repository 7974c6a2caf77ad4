import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { DEFAULT_LIST_PAGE_SIZE, type ListPageSize, type ListQuery } from '@civicfleet/shared';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { BulkActionBar } from './BulkActionBar';
import { cellValue } from './client-rows';
import { ExportMenu } from './ExportMenu';
import { ResultsTableHead } from './ResultsTableHead';
import { RowActionsMenu } from './RowActionsMenu';
import { stickyActionsSx } from './sticky';
import { EmptyRow, ErrorRow, SkeletonRows } from './StatusRows';
import { TableToolbar } from './TableToolbar';
import type { ActionPermission, CanFn, ResultsTableColumn, ResultsTableProps, SortState } from './types';
import { isServerSource, useDebouncedValue, useTableData } from './use-table-data';
import { useTableExport } from './use-table-export';

/** Spec 02 §9: the results table offers 5/10/25/50/100 (spec 01's generic table passes 5/10/15). */
export const DEFAULT_PAGE_SIZE_OPTIONS: ListPageSize[] = [5, 10, 25, 50, 100];
const SEARCH_DEBOUNCE_MS = 300;

const defaultRowId = (row: unknown): string => String((row as { id?: unknown }).id);

/** Fail closed: an action that names a permission is hidden when no `can` was given. */
const isPermitted = (permission: ActionPermission | undefined, can: CanFn | undefined) =>
  permission === undefined || (can?.(permission.module, permission.action) ?? false);

function renderCell<T>(row: T, column: ResultsTableColumn<T>): ReactNode {
  if (column.render) return column.render(row);
  const value = cellValue(row, column);
  if (value === null || value === undefined || value === '') return '-';
  return value instanceof Date ? formatDateTime(value) : String(value);
}

/**
 * The results table of every list and report (spec 01 §5, §9; spec 02 §2 "Reusable results table"): client data
 * (searched, sorted and paged here) or server data (a `query` per page), row actions in a popover menu filtered by
 * permission and row, selection with bulk actions, and CSV/XLSX/PDF export of every matching row.
 */
export function ResultsTable<T>(props: ResultsTableProps<T>) {
  const {
    title,
    subtitle,
    columns,
    getRowId = defaultRowId,
    getRowLabel,
    rowActions = [],
    bulkActions = [],
    can,
    defaultPageSize = DEFAULT_LIST_PAGE_SIZE,
    pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
    defaultSort,
    emptyMessage,
    searchPlaceholder,
    isSearchable = true,
    isExportable = true,
    exportFileBase,
    exportFilters = [],
    exportRange,
    toolbarActions,
  } = props;
  const { t } = useTranslation('table');
  const titleId = useId();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<ListPageSize>(defaultPageSize);
  const [sort, setSort] = useState<SortState | undefined>(defaultSort);
  const [selected, setSelected] = useState<ReadonlyMap<string, T>>(new Map());

  const query: ListQuery = {
    page,
    pageSize,
    ...(search === '' ? {} : { search }),
    ...(sort ? { sortBy: sort.sortBy } : {}),
    sortOrder: sort?.sortOrder ?? 'asc',
  };
  const data = useTableData(props, columns, query);
  const lastPage = Math.max(1, Math.ceil(data.total / pageSize));
  // Rows were removed (a delete, a narrower result on the server): move to a page that exists. Adjusted while
  // rendering (React re-renders at once) rather than in an effect, so the empty page never paints.
  if (!data.isFetching && page > lastPage) setPage(lastPage);

  const permittedActions = useMemo(
    () => rowActions.filter((action) => isPermitted(action.permission, can)),
    [rowActions, can],
  );
  const permittedBulk = useMemo(
    () => bulkActions.filter((action) => isPermitted(action.permission, can)),
    [bulkActions, can],
  );
  const hasSelection = permittedBulk.length > 0;
  const hasActions = permittedActions.length > 0;
  const labelOf = (row: T) => getRowLabel?.(row) ?? getRowId(row);

  const exporter = useTableExport({
    title,
    ...(subtitle === undefined ? {} : { subtitle }),
    fileBase: exportFileBase ?? title,
    ...(exportRange === undefined ? {} : { range: exportRange }),
    filters: [...exportFilters, ...(search === '' ? [] : [{ label: t('search.filter'), value: search }])],
    columns,
    ...(data.matchingRows === undefined ? {} : { matchingRows: data.matchingRows }),
    ...(isServerSource(props) ? { query: props.query } : {}),
    current: query,
  });

  const changeSearch = (value: string) => {
    setSearchText(value);
    setPage(1);
    setSelected(new Map());
  };
  const changeSort = (key: string) => {
    setSort((current) =>
      current?.sortBy === key
        ? { sortBy: key, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' }
        : { sortBy: key, sortOrder: 'asc' },
    );
    setPage(1);
  };
  const toggleRow = (row: T) =>
    setSelected((current) => {
      const next = new Map(current);
      const id = getRowId(row);
      if (next.has(id)) next.delete(id);
      else next.set(id, row);
      return next;
    });
  const pageIds = data.rows.map(getRowId);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      if (selectedOnPage === pageIds.length) pageIds.forEach((id) => next.delete(id));
      else data.rows.forEach((row) => next.set(getRowId(row), row));
      return next;
    });

  const columnCount = columns.length + (hasSelection ? 1 : 0) + (hasActions ? 1 : 0);
  let body: ReactNode;
  if (data.isLoading) {
    body = <SkeletonRows rowCount={Math.min(pageSize, 10)} columnCount={columnCount} />;
  } else if (data.error !== undefined && data.rows.length === 0) {
    body = <ErrorRow error={data.error} columnCount={columnCount} onRetry={data.retry} />;
  } else if (data.rows.length === 0) {
    body = <EmptyRow message={emptyMessage ?? t('empty')} columnCount={columnCount} />;
  } else {
    body = data.rows.map((row) => {
      const id = getRowId(row);
      const actions = permittedActions.filter((action) => action.visible?.(row) ?? true);
      return (
        <TableRow key={id} hover selected={selected.has(id)}>
          {hasSelection && (
            <TableCell padding="checkbox">
              <Checkbox
                checked={selected.has(id)}
                onChange={() => toggleRow(row)}
                slotProps={{ input: { 'aria-label': t('selection.row', { row: labelOf(row) }) } }}
              />
            </TableCell>
          )}
          {columns.map((column) => (
            <TableCell key={column.key} align={column.align ?? 'left'}>
              {renderCell(row, column)}
            </TableCell>
          ))}
          {hasActions && (
            <TableCell align="right" padding="none" sx={{ pr: 1, ...stickyActionsSx }}>
              {actions.length > 0 && <RowActionsMenu row={row} rowLabel={labelOf(row)} actions={actions} />}
            </TableCell>
          )}
        </TableRow>
      );
    });
  }

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <TableToolbar
        title={title}
        titleId={titleId}
        {...(subtitle === undefined ? {} : { subtitle })}
        {...(isSearchable
          ? {
              search: {
                value: searchText,
                onChange: changeSearch,
                ...(searchPlaceholder === undefined ? {} : { placeholder: searchPlaceholder }),
              },
            }
          : {})}
      >
        {toolbarActions}
        {isExportable && (
          <ExportMenu progress={exporter.progress} onExport={(format) => void exporter.run(format)} />
        )}
      </TableToolbar>
      {hasSelection && selected.size > 0 && (
        <BulkActionBar
          selected={[...selected.values()]}
          actions={permittedBulk}
          onClear={() => setSelected(new Map())}
        />
      )}
      <LinearProgress
        aria-hidden
        sx={{ height: 2, visibility: data.isFetching && !data.isLoading ? 'visible' : 'hidden' }}
      />
      <TableContainer>
        <Table size="small" aria-labelledby={titleId} aria-busy={data.isFetching}>
          <ResultsTableHead
            columns={columns}
            sort={sort}
            onSort={changeSort}
            hasActions={hasActions}
            {...(hasSelection
              ? { selection: { selectedOnPage, rowsOnPage: pageIds.length, onToggle: togglePage } }
              : {})}
          />
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={data.total}
        page={Math.min(page, lastPage) - 1}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizeOptions}
        onPageChange={(_, next) => setPage(next + 1)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value) as ListPageSize);
          setPage(1);
        }}
        showFirstButton
        showLastButton
        labelRowsPerPage={t('pagination.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          count === -1
            ? t('pagination.displayedMore', { from, to })
            : t('pagination.displayed', { from, to, count })
        }
        getItemAriaLabel={(type) => t(`pagination.${type}`)}
      />
    </Paper>
  );
}
