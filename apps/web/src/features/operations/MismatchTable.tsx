/**
 * Dump mismatch per vehicle per day (docs/swm.md "Dump mismatch"): disposal trips the vehicle's jobs expect, those GPS
 * saw and those the operator recorded, with a status chip. Operator entries without a GPS visit to that yard are
 * listed under their row, which is highlighted: a trip on paper the trackers cannot confirm.
 */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { DumpMismatchRow, DumpMismatchStatus } from '@civicfleet/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIsoDate } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { Pager, usePaged } from './Pager';

const STATUS_COLOURS: Record<DumpMismatchStatus, 'success' | 'warning' | 'error'> = {
  ok: 'success',
  'fewer-than-expected': 'warning',
  'unconfirmed-entry': 'error',
};

export function MismatchStatusChip({ status }: { status: DumpMismatchStatus }) {
  const { t } = useTranslation('operations');
  return <Chip size="small" color={STATUS_COLOURS[status]} label={t(`mismatch.statuses.${status}`)} />;
}

export function MismatchTable({ rows }: { rows: DumpMismatchRow[] }) {
  const { t } = useTranslation('operations');
  const { pageRows, pager } = usePaged(rows);
  const headers = [
    { label: t('columns.day') },
    { label: t('columns.vehicle') },
    { label: t('mismatch.expected'), isNumber: true },
    { label: t('mismatch.gps'), isNumber: true },
    { label: t('mismatch.recorded'), isNumber: true },
    { label: t('columns.status') },
  ];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={t('mismatch.title')}>
        <TableHead>
          <TableRow>
            {headers.map((h) => (
              <TableCell key={h.label} align={h.isNumber ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {h.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell
                colSpan={headers.length}
                sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
              >
                {t('mismatch.empty')}
              </TableCell>
            </TableRow>
          )}
          {pageRows.map((row) => {
            const hasUnconfirmed = row.unconfirmedEntries.length > 0;
            const highlight = hasUnconfirmed
              ? {
                  bgcolor: (theme: { palette: { warning: { main: string } } }) =>
                    alpha(theme.palette.warning.main, 0.12),
                }
              : {};
            return (
              <Fragment key={`${row.day}-${row.vehicleId}`}>
                <TableRow
                  data-unconfirmed={hasUnconfirmed || undefined}
                  sx={{ ...highlight, ...(hasUnconfirmed ? { '& > td': { borderBottom: 0 } } : {}) }}
                >
                  <TableCell>{formatIsoDate(row.day)}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{row.registrationNumber}</TableCell>
                  <TableCell align="right">{row.expectedTrips}</TableCell>
                  <TableCell
                    align="right"
                    sx={
                      row.gpsTrips < row.expectedTrips && row.inProgress !== true
                        ? { color: 'warning.main', fontWeight: 700 }
                        : undefined
                    }
                  >
                    {row.gpsTrips}
                  </TableCell>
                  <TableCell align="right">{row.recordedTrips}</TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
                      <MismatchStatusChip status={row.status} />
                      {row.inProgress === true && (
                        <Chip size="small" variant="outlined" color="info" label={t('mismatch.inProgress')} />
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
                {hasUnconfirmed && (
                  <TableRow sx={highlight}>
                    <TableCell colSpan={headers.length} sx={{ pt: 0 }}>
                      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pl: 1 }}>
                        <WarningAmberIcon fontSize="small" color="warning" aria-hidden />
                        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
                          {row.unconfirmedEntries.map((e) => (
                            <Typography component="li" variant="body2" key={e.entryId}>
                              {t('mismatch.noGps', {
                                yard: e.geofenceName,
                                time: formatDateTime(e.enteredAt),
                              })}
                            </Typography>
                          ))}
                        </Box>
                      </Box>
                    </TableCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </Table>
      <Pager {...pager} />
    </TableContainer>
  );
}
