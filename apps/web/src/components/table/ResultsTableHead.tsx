import Checkbox from '@mui/material/Checkbox';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import type { ResultsTableColumn, SortState } from './types';
import { stickyActionsSx } from './sticky';

/** Read by screen readers, invisible on screen. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
} as const;

interface ResultsTableHeadProps<T> {
  columns: ResultsTableColumn<T>[];
  sort: SortState | undefined;
  onSort: (key: string) => void;
  /** The select-all checkbox, when bulk actions are permitted. */
  selection?: { selectedOnPage: number; rowsOnPage: number; onToggle: () => void };
  hasActions: boolean;
}

/** Header row: select-all, sortable column headers (aria-sort on the active one), the Actions column. */
export function ResultsTableHead<T>({
  columns,
  sort,
  onSort,
  selection,
  hasActions,
}: ResultsTableHeadProps<T>) {
  const { t } = useTranslation('table');
  return (
    <TableHead>
      <TableRow>
        {selection && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selection.rowsOnPage > 0 && selection.selectedOnPage === selection.rowsOnPage}
              indeterminate={selection.selectedOnPage > 0 && selection.selectedOnPage < selection.rowsOnPage}
              disabled={selection.rowsOnPage === 0}
              onChange={selection.onToggle}
              slotProps={{ input: { 'aria-label': t('selection.all') } }}
            />
          </TableCell>
        )}
        {columns.map((column) => {
          const isActive = sort?.sortBy === column.key;
          const direction = isActive ? (sort?.sortOrder ?? 'asc') : 'asc';
          return (
            <TableCell
              key={column.key}
              align={column.align ?? 'left'}
              sx={{ fontWeight: 600, ...(column.width === undefined ? {} : { width: column.width }) }}
              {...(isActive ? { 'aria-sort': direction === 'asc' ? 'ascending' : 'descending' } : {})}
            >
              {column.sortable ? (
                <TableSortLabel active={isActive} direction={direction} onClick={() => onSort(column.key)}>
                  {column.header}
                  {isActive && (
                    <span style={visuallyHidden}>
                      {direction === 'asc' ? t('sort.ascending') : t('sort.descending')}
                    </span>
                  )}
                </TableSortLabel>
              ) : (
                column.header
              )}
            </TableCell>
          );
        })}
        {hasActions && (
          <TableCell align="right" sx={{ fontWeight: 600, ...stickyActionsSx }}>
            {t('actions.column')}
          </TableCell>
        )}
      </TableRow>
    </TableHead>
  );
}
