/** A target's dead letters (items that failed every attempt or were refused) with retry (one / all) and delete all. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import type { ForwardTarget } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { formatDateTime } from '@/lib/format';
import { deleteDeadLetters, forwardingKeys, listDeadLetters, retryDeadLetters } from './api';

export function DeadLettersDialog({
  target,
  canRetry,
  onClose,
}: {
  target: ForwardTarget;
  canRetry: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('forwarding');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const letters = useQuery({
    queryKey: forwardingKeys.deadLetters(target.id),
    queryFn: () => listDeadLetters(target.id),
  });

  async function act(action: () => Promise<number>, message: string) {
    try {
      const count = await action();
      enqueueSnackbar(t(message, { count }), { variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: forwardingKeys.all });
    } catch (error) {
      enqueueSnackbar(error instanceof ApiError ? error.message : t('toast.failed'), { variant: 'error' });
    }
  }

  const rows = letters.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="dead-letters-title">
      <DialogTitle id="dead-letters-title">{t('deadLetters.title', { name: target.name })}</DialogTitle>
      <DialogContent>
        {letters.isPending && <CircularProgress aria-label={t('page.loading')} />}
        {letters.isError && <Alert severity="error">{t('page.error')}</Alert>}
        {letters.isSuccess && rows.length === 0 && <Typography>{t('deadLetters.empty')}</Typography>}
        {rows.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('deadLetters.item')}</TableCell>
                <TableCell>{t('deadLetters.created')}</TableCell>
                <TableCell>{t('deadLetters.attempts')}</TableCell>
                <TableCell>{t('deadLetters.error')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((letter) => (
                <TableRow key={letter.id}>
                  <TableCell>
                    #{letter.id} · {t(`itemKinds.${letter.kind}`, { defaultValue: letter.kind })}
                  </TableCell>
                  <TableCell>{formatDateTime(letter.createdAt)}</TableCell>
                  <TableCell>{letter.attempts}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{letter.lastError ?? '-'}</TableCell>
                  <TableCell>
                    {canRetry && (
                      <Button
                        size="small"
                        onClick={() =>
                          void act(() => retryDeadLetters(target.id, letter.id), 'toast.requeued')
                        }
                      >
                        {t('actions.retry')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        {canRetry && rows.length > 0 && (
          <>
            <Button
              color="error"
              onClick={() => void act(() => deleteDeadLetters(target.id), 'toast.deleted')}
            >
              {t('actions.deleteAll')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void act(() => retryDeadLetters(target.id), 'toast.requeued')}
            >
              {t('actions.retryAll')}
            </Button>
          </>
        )}
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
