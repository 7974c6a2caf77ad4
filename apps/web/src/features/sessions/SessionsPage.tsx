/**
 * Active sessions (user menu; OWASP ASVS 3.3.4, docs/security.md): the caller's live sessions with device, IP, start,
 * last activity and expiry; "Sign out" ends one, "Sign out everywhere else" ends all but this browser's. Both ask the
 * password again (RevokeSessionsDialog). A session ended here is refused on its next call (auth-context.service.ts).
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
import type { ActiveSession } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime } from '@/lib/format';
import { listSessions, sessionKeys } from './api';
import { RevokeSessionsDialog, type RevokeTarget } from './RevokeSessionsDialog';
import { describeUserAgent } from './user-agent';

export function SessionsPage() {
  const { t } = useTranslation('sessions');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<RevokeTarget | null>(null);
  const sessions = useQuery({ queryKey: sessionKeys.all, queryFn: ({ signal }) => listSessions(signal) });
  const rows = sessions.data ?? [];
  const others = rows.filter((s) => !s.current).length;

  const deviceOf = (session: ActiveSession): string => {
    const agent = describeUserAgent(session.userAgent);
    if (agent === null) return session.userAgent ?? t('device.unknown');
    if (agent.browser && agent.os) return t('device.browserOn', { browser: agent.browser, os: agent.os });
    return agent.browser ?? agent.os ?? t('device.unknown');
  };

  const onRevoked = (revoked: number) => {
    setTarget(null);
    enqueueSnackbar(t('toast.revoked', { count: revoked }), { variant: 'success' });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  };

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          <Button
            variant="outlined"
            color="error"
            disabled={others === 0}
            onClick={() => setTarget('others')}
          >
            {t('actions.signOutOthers')}
          </Button>
        }
      />
      {sessions.isPending && (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('page.loading')} />
        </Stack>
      )}
      {sessions.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void sessions.refetch()}>
              {t('actions.reload')}
            </Button>
          }
        >
          {t('page.error')}
        </Alert>
      )}
      {sessions.isSuccess && rows.length === 0 && (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography>{t('page.empty')}</Typography>
        </Paper>
      )}
      {rows.length > 0 && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('page.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('columns.device')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('columns.ip')}</TableCell>
                <TableCell>{t('columns.startedAt')}</TableCell>
                <TableCell>{t('columns.lastActiveAt')}</TableCell>
                <TableCell>{t('columns.expiresAt')}</TableCell>
                <TableCell align="right">{t('columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((session) => {
                const device = deviceOf(session);
                return (
                  <TableRow key={session.id} hover>
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" title={session.userAgent ?? undefined}>
                          {device}
                        </Typography>
                        {session.current && <Chip size="small" color="primary" label={t('thisDevice')} />}
                      </Stack>
                    </TableCell>
                    <TableCell>{session.ip ?? t('device.noIp')}</TableCell>
                    <TableCell>{formatDateTime(session.startedAt)}</TableCell>
                    <TableCell>{formatDateTime(session.lastActiveAt)}</TableCell>
                    <TableCell>{formatDateTime(session.expiresAt)}</TableCell>
                    <TableCell align="right">
                      {!session.current && (
                        <Button
                          size="small"
                          color="error"
                          sx={{ whiteSpace: 'nowrap' }}
                          aria-label={t('actions.signOutDevice', { device })}
                          onClick={() => setTarget({ session, label: device })}
                        >
                          {t('actions.signOut')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {target && (
        <RevokeSessionsDialog target={target} onClose={() => setTarget(null)} onRevoked={onRevoked} />
      )}
    </>
  );
}
