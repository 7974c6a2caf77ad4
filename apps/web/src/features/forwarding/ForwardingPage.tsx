/**
 * /management/forwarding (module `forwarding`, docs/forwarding.md): the organisations' forwarding targets with their
 * delivery state (queued, delivered in the last hour, dead letters, last success and error), add / edit / delete,
 * send test, switch on/off and the dead letters with retry.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ForwardTarget } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/api-error';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { DeadLettersDialog } from './DeadLettersDialog';
import { TargetDialog } from './TargetDialog';
import { deleteTarget, forwardingKeys, inputOf, listTargets, saveTarget, testTarget } from './api';

const MODULE = 'forwarding';

function statusOf(target: ForwardTarget): {
  key: string;
  color: 'default' | 'success' | 'warning' | 'error';
} {
  if (!target.enabled) return { key: 'off', color: 'default' };
  if (target.stats.pausedUntil && Date.parse(target.stats.pausedUntil) > Date.now())
    return { key: 'retrying', color: 'warning' };
  if (target.stats.dead > 0) return { key: 'deadLetters', color: 'error' };
  return { key: 'ok', color: 'success' };
}

export function ForwardingPage() {
  const { t } = useTranslation('forwarding');
  const { can } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const { id: routeId } = useParams();
  // The catalogue's add and edit screens (/management/forwarding/add, /edit/:id) open the dialog over the list.
  const [editing, setEditing] = useState<ForwardTarget | 'new' | null>(
    location.pathname.endsWith('/add') ? 'new' : null,
  );
  const [deleting, setDeleting] = useState<ForwardTarget | null>(null);
  const [letters, setLetters] = useState<ForwardTarget | null>(null);
  const targets = useQuery({
    queryKey: forwardingKeys.targets(),
    queryFn: listTargets,
    refetchInterval: 10_000,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: forwardingKeys.all });
  const canAdd = can(MODULE, 'add-forward-target');
  const canEdit = can(MODULE, 'edit-forward-target-result-table');
  const canDelete = can(MODULE, 'delete-forward-target-result-table');
  const canRetry = can(MODULE, 'retry-dead-letter');
  const fail = (error: unknown) =>
    enqueueSnackbar(error instanceof ApiError ? error.message : t('toast.failed'), { variant: 'error' });

  async function sendTest(target: ForwardTarget) {
    try {
      const result = await testTarget(target.id);
      enqueueSnackbar(
        result.ok
          ? t('toast.testOk', { status: result.status ?? '', ms: result.durationMs })
          : t('toast.testFailed', { detail: result.detail }),
        { variant: result.ok ? 'success' : 'error' },
      );
    } catch (error) {
      fail(error);
    }
  }

  async function toggle(target: ForwardTarget) {
    try {
      await saveTarget(target.id, inputOf(target, { enabled: !target.enabled }));
      refresh();
    } catch (error) {
      fail(error);
    }
  }

  const rows = targets.data ?? [];
  const routeTarget = routeId ? rows.find((target) => target.id === routeId) : undefined;
  const shown = editing ?? routeTarget ?? null;
  const closeDialog = () => {
    setEditing(null);
    if (location.pathname !== '/management/forwarding') void navigate('/management/forwarding');
  };
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          canAdd && (
            <Button variant="contained" onClick={() => setEditing('new')}>
              {t('actions.add')}
            </Button>
          )
        }
      />
      {targets.isPending && (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('page.loading')} />
        </Stack>
      )}
      {targets.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void targets.refetch()}>
              {t('actions.reload')}
            </Button>
          }
        >
          {t('page.error')}
        </Alert>
      )}
      {targets.isSuccess && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{t('page.empty')}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('page.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.name')}</TableCell>
                <TableCell>{t('columns.destination')}</TableCell>
                <TableCell>{t('columns.status')}</TableCell>
                <TableCell align="right">{t('columns.queued')}</TableCell>
                <TableCell align="right">{t('columns.deliveredLastHour')}</TableCell>
                <TableCell align="right">{t('columns.dead')}</TableCell>
                <TableCell>{t('columns.lastSuccess')}</TableCell>
                <TableCell>{t('columns.lastError')}</TableCell>
                <TableCell>{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((target) => {
                const status = statusOf(target);
                return (
                  <TableRow key={target.id} hover>
                    <TableCell>
                      <Typography sx={{ fontWeight: 600 }}>{target.name}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {t(`kinds.${target.kind}.label`)} · {target.organisationName}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {target.kind === 'webhook' ? target.url : `${target.host ?? ''}:${target.port ?? ''}`}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" color={status.color} label={t(`status.${status.key}`)} />
                    </TableCell>
                    <TableCell align="right">{target.stats.queued}</TableCell>
                    <TableCell align="right">{target.stats.deliveredLastHour}</TableCell>
                    <TableCell align="right">{target.stats.dead}</TableCell>
                    <TableCell>
                      {target.stats.lastSuccessAt ? formatDateTime(target.stats.lastSuccessAt) : '-'}
                    </TableCell>
                    <TableCell sx={{ minWidth: 180, maxWidth: 280, wordBreak: 'break-word' }}>
                      {target.stats.lastError ? (
                        <>
                          {target.stats.lastError}
                          {target.stats.lastErrorAt && (
                            <Typography variant="caption" color="text.secondary" component="div">
                              {formatDateTime(target.stats.lastErrorAt)}
                            </Typography>
                          )}
                        </>
                      ) : (
                        '-'
                      )}
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                        {canEdit && (
                          <Button size="small" onClick={() => void sendTest(target)}>
                            {t('actions.test')}
                          </Button>
                        )}
                        {canEdit && (
                          <Button size="small" onClick={() => setEditing(target)}>
                            {t('actions.edit')}
                          </Button>
                        )}
                        {canEdit && (
                          <Button size="small" onClick={() => void toggle(target)}>
                            {target.enabled ? t('actions.disable') : t('actions.enable')}
                          </Button>
                        )}
                        <Button size="small" onClick={() => setLetters(target)}>
                          {t('actions.deadLetters')}
                        </Button>
                        {canDelete && (
                          <Button size="small" color="error" onClick={() => setDeleting(target)}>
                            {t('actions.delete')}
                          </Button>
                        )}
                      </Stack>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {shown && (
        <TargetDialog
          key={shown === 'new' ? 'new' : shown.id}
          target={shown === 'new' ? null : shown}
          onClose={closeDialog}
          onSaved={(saved) => {
            closeDialog();
            enqueueSnackbar(t('toast.saved', { name: saved.name }), { variant: 'success' });
            refresh();
          }}
        />
      )}
      {letters && <DeadLettersDialog target={letters} canRetry={canRetry} onClose={() => setLetters(null)} />}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteTarget(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
    </>
  );
}
