import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { PortCheckResult } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

/** Open (with the connect time) or closed (with the reason the server gave). */
export function PortCheckOutcome({ result }: { result: PortCheckResult }) {
  const { t } = useTranslation('public');
  const values = { host: result.host, address: result.address, port: result.port };
  if (result.open) {
    return (
      <Alert severity="success">
        <AlertTitle>{t('portChecker.open', values)}</AlertTitle>
        {result.latencyMs !== null && t('portChecker.latency', { latencyMs: Math.round(result.latencyMs) })}
      </Alert>
    );
  }
  return (
    <Alert severity="warning">
      <AlertTitle>{t('portChecker.closed', values)}</AlertTitle>
      {result.error ? t('portChecker.reason', { reason: result.error }) : t('portChecker.closedHelp')}
    </Alert>
  );
}
