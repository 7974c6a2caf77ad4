/**
 * The entry screen's "last entries of this shift": what was recorded in the last SHIFT_HOURS (the newest first), so
 * the operator sees a truck already entered and the weights typed. Refreshed after every save.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { todayIsoDate } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { listEntries, operationsKeys } from './api/operations';
import { useKgFormat } from './format';
import { GpsChip } from './GpsChip';

export const SHIFT_HOURS = 12;
const SHOWN = 10;

export function shiftEntriesQuery(nowMs: number) {
  const shiftStart = nowMs - SHIFT_HOURS * 3_600_000;
  const range = { from: todayIsoDate(new Date(shiftStart)), to: todayIsoDate(new Date(nowMs)) };
  return {
    queryKey: [...operationsKeys.entries(), 'shift', range] as const,
    queryFn: async () => {
      const page = await listEntries({
        ...range,
        page: 1,
        pageSize: 25,
        sortBy: 'createdAt',
        sortOrder: 'desc',
      });
      return page.items.filter((e) => Date.parse(e.createdAt) >= shiftStart).slice(0, SHOWN);
    },
  };
}

export function ShiftEntries({ nowMs }: { nowMs: number }) {
  const { t } = useTranslation('operations');
  const kg = useKgFormat();
  const entries = useQuery(shiftEntriesQuery(nowMs));
  const headers = [
    t('columns.enteredAt'),
    t('columns.vehicle'),
    t('columns.yard'),
    t('columns.netKg'),
    t('columns.ticketNo'),
    t('columns.gps'),
  ];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="shift-entries-title" sx={{ mt: 3 }}>
      <Typography id="shift-entries-title" variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t('entry.shiftTitle', { hours: SHIFT_HOURS })}
      </Typography>
      {entries.isError ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void entries.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('common.loadFailed')}
        </Alert>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="shift-entries-title">
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.isPending &&
                [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={headers.length}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {entries.data?.length === 0 && (
                <TableRow>
                  <TableCell colSpan={headers.length} sx={{ color: 'text.secondary', py: 3 }}>
                    {t('entry.shiftEmpty')}
                  </TableCell>
                </TableRow>
              )}
              {entries.data?.map((e) => (
                <TableRow key={e.id} sx={{ '& > td': { whiteSpace: 'nowrap' } }}>
                  <TableCell>{formatDateTime(e.enteredAt)}</TableCell>
                  <TableCell sx={{ fontWeight: 600 }}>{e.vehicle.registrationNumber}</TableCell>
                  <TableCell>{e.geofence.name}</TableCell>
                  <TableCell>{kg(e.netKg) || '-'}</TableCell>
                  <TableCell>{e.ticketNo ?? '-'}</TableCell>
                  <TableCell>
                    <GpsChip isConfirmed={e.gpsConfirmed} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
