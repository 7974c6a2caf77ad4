/**
 * Client-side paging for the operations tables that are not ResultsTables (rows with details under them): the rows
 * of the current page and a TablePagination with the results table's texts (`table` namespace).
 */
import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 25, 50, 100];

export function usePaged<T>(rows: readonly T[], initialPageSize = 25) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  // A narrower filter may leave the page past the end: show the last one.
  const shownPage = Math.min(page, lastPage);
  return {
    pageRows: rows.slice(shownPage * pageSize, (shownPage + 1) * pageSize),
    pager: { count: rows.length, page: shownPage, pageSize, setPage, setPageSize },
  };
}

export function Pager({ count, page, pageSize, setPage, setPageSize }: ReturnType<typeof usePaged>['pager']) {
  const { t } = useTranslation('table');
  if (count <= (PAGE_SIZES[0] ?? 0)) return null;
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={PAGE_SIZES}
      onPageChange={(_, next) => setPage(next)}
      onRowsPerPageChange={(event) => {
        setPageSize(Number(event.target.value));
        setPage(0);
      }}
      showFirstButton
      showLastButton
      labelRowsPerPage={t('pagination.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: total }) =>
        t('pagination.displayed', { from, to, count: total })
      }
      getItemAriaLabel={(type) => t(`pagination.${type}`)}
    />
  );
}
