/**
 * Every share link of the user's organisations (reachable from live tracking): kind, what it shows, label, status,
 * expiry and who made it, filtered by status and kind, with Revoke on the active ones.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SHARE_KINDS,
  SHARE_STATUSES,
  type Share,
  type ShareKind,
  type ShareStatus,
} from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { listShares, shareKeys, type ShareListFilter } from './api/shares';
import { RevokeShareDialog } from './RevokeShareDialog';
import { ShareStatusChip } from './ShareStatusChip';
import { shareTarget } from './share-target';

export function SharesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('share');
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('manage.title')}</DialogTitle>
      <DialogContent>{open && <SharesTable />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function SharesTable() {
  const { t } = useTranslation('share');
  const [status, setStatus] = useState<ShareStatus | ''>('active');
  const [kind, setKind] = useState<ShareKind | ''>('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const [revoking, setRevoking] = useState<Share | null>(null);
  const filter: ShareListFilter = {
    page: page + 1,
    pageSize,
    status: status || undefined,
    kind: kind || undefined,
  };
  const shares = useQuery({
    queryKey: shareKeys.list(filter),
    queryFn: () => listShares(filter),
    placeholderData: keepPreviousData,
  });
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
        <TextField
          select
          size="small"
          label={t('manage.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ShareStatus | '');
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('manage.any')}</MenuItem>
          {SHARE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('manage.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as ShareKind | '');
            setPage(0);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{t('manage.any')}</MenuItem>
          {SHARE_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(`kind.${k}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {shares.isPending ? (
        <CircularProgress aria-label={t('loading')} />
      ) : shares.isError ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : shares.data.items.length === 0 ? (
        <Typography color="text.secondary">{t('manage.empty')}</Typography>
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('manage.title')}>
              <TableHead>
                <TableRow>
                  {['kind', 'target', 'label', 'status', 'expires', 'createdBy', 'actions'].map((c) => (
                    <TableCell key={c}>{t(`manage.columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {shares.data.items.map((share) => (
                  <TableRow key={share.id}>
                    <TableCell>{t(`kind.${share.kind}`)}</TableCell>
                    <TableCell>{shareTarget(t, share)}</TableCell>
                    <TableCell>{share.label ?? ''}</TableCell>
                    <TableCell>
                      <ShareStatusChip status={share.status} />
                    </TableCell>
                    <TableCell>{formatDateTime(share.expiresAt)}</TableCell>
                    <TableCell>
                      {share.createdBy.name}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {formatDateTime(share.createdAt)}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      {share.status === 'active' && (
                        <Button size="small" color="error" onClick={() => setRevoking(share)}>
                          {t('revoke.action')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={shares.data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 25, 50]}
            onPageChange={(_, p) => setPage(p)}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
          />
        </>
      )}
      <RevokeShareDialog share={revoking} onClose={() => setRevoking(null)} />
    </Box>
  );
}
