/**
 * Two-step verification (user menu; ASVS 2.3.2, 4.3.1, docs/security.md): the status, enrolment with an authenticator
 * app (MfaSetupFlow) and turning it off with the password and a code.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime } from '@/lib/format';
import { getMfaStatus, mfaKeys } from './api';
import { DisableMfaDialog } from './DisableMfaDialog';
import { MfaSetupFlow } from './MfaSetupFlow';

export function TwoStepPage() {
  const { t } = useTranslation('mfa');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [isDisabling, setIsDisabling] = useState(false);
  const status = useQuery({ queryKey: mfaKeys.status, queryFn: ({ signal }) => getMfaStatus(signal) });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mfaKeys.status });

  const onDisabled = () => {
    setIsDisabling(false);
    enqueueSnackbar(t('disable.done'), { variant: 'success' });
    refresh();
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      {status.isPending && (
        <Stack sx={{ alignItems: 'center', py: 6 }}>
          <CircularProgress aria-label={t('page.loading')} />
        </Stack>
      )}
      {status.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void status.refetch()}>
              {t('page.retry')}
            </Button>
          }
        >
          {t('page.loadFailed')}
        </Alert>
      )}
      {status.data && (
        <Card variant="outlined">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
              <Typography variant="h6" component="h2">
                {t('page.statusTitle')}
              </Typography>
              <Chip
                size="small"
                color={status.data.enabled ? 'success' : 'default'}
                label={status.data.enabled ? t('page.on') : t('page.off')}
              />
            </Stack>
            {status.data.required && !status.data.enabled && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('page.required')}
              </Alert>
            )}
            {status.data.enabled ? (
              <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="body2">
                  {t('page.onSince', { date: formatDateTime(status.data.enabledAt) })}
                </Typography>
                <Typography variant="body2">
                  {t('page.codesLeft', { count: status.data.recoveryCodesLeft })}
                </Typography>
                <Button variant="outlined" color="error" onClick={() => setIsDisabling(true)}>
                  {t('disable.open')}
                </Button>
              </Stack>
            ) : (
              <MfaSetupFlow onEnabled={refresh} />
            )}
          </CardContent>
        </Card>
      )}
      {isDisabling && <DisableMfaDialog onClose={() => setIsDisabling(false)} onDisabled={onDisabled} />}
    </Stack>
  );
}
