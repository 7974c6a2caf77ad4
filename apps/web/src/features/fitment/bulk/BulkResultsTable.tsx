/** What happened to each uploaded row: row, registration number, IMEI and the server's message; failures in red. */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { RowOutcome } from './bulk-csv';

export function BulkResultsTable({ outcomes }: { outcomes: readonly RowOutcome[] }) {
  const { t } = useTranslation('fitment');
  return (
    <TableContainer sx={{ maxHeight: 360, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Table size="small" stickyHeader aria-label={t('bulk.results')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('bulk.row')}</TableCell>
            <TableCell>{t('fields.registrationNumber')}</TableCell>
            <TableCell>{t('fields.imei')}</TableCell>
            <TableCell>{t('bulk.result')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {outcomes.map((o) => (
            <TableRow
              key={o.row}
              data-failed={o.success ? undefined : 'true'}
              sx={
                o.success
                  ? undefined
                  : (theme) => ({ backgroundColor: alpha(theme.palette.error.main, 0.12) })
              }
            >
              <TableCell>{o.row}</TableCell>
              <TableCell>{o.registrationNumber || '-'}</TableCell>
              <TableCell>{o.imei || '-'}</TableCell>
              <TableCell sx={{ color: o.success ? 'success.main' : 'error.main' }}>
                <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
                  {o.success ? (
                    <CheckCircleOutline fontSize="small" titleAccess={t('bulk.succeeded')} />
                  ) : (
                    <ErrorOutline fontSize="small" titleAccess={t('bulk.failedRow')} />
                  )}
                  {o.message}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
