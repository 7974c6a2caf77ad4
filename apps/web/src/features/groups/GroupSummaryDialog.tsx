/** A group's summary (GET /group/:id/summary): its counts and members with their device and whether it is online. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Group } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GroupSummaryCounts } from './GroupSummaryCounts';
import { getGroupSummary, groupKeys } from './api/groups';

export function GroupSummaryDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation('catalogue');
  const titleId = useId();
  const summary = useQuery({
    queryKey: groupKeys.summary(group?.id ?? ''),
    queryFn: () => getGroupSummary(group?.id ?? ''),
    enabled: group !== null,
  });
  return (
    <Dialog open={group !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('groups.summary.dialogTitle', { name: group?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {summary.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        )}
        {summary.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void summary.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {t('common.loadFailed')}
          </Alert>
        )}
        {summary.data && (
          <>
            <GroupSummaryCounts summary={summary.data} />
            {summary.data.vehicles.length === 0 ? (
              <Typography color="text.secondary">{t('groups.summary.noMembers')}</Typography>
            ) : (
              <Table size="small" aria-label={t('groups.summary.members')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('groups.summary.registration')}</TableCell>
                    <TableCell>{t('groups.summary.imei')}</TableCell>
                    <TableCell>{t('groups.summary.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {summary.data.vehicles.map((v) => (
                    <TableRow key={v.id}>
                      <TableCell>{v.registrationNumber}</TableCell>
                      <TableCell>{v.imei ?? t('groups.summary.notLinked')}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={v.isOnline ? 'success' : 'default'}
                          label={v.isOnline ? t('groups.summary.online') : t('groups.summary.offline')}
                        />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
