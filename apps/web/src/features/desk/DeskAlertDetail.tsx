/**
 * One alert on the desk: what, where and since when, the actions the user may take on it now, and its timeline
 * (every step with its time in Asia/Kolkata).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AlertDeskDetail, AlertDeskItem } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { deskKeys, getDeskAlert } from './api/alert-desk';
import {
  AlertAge,
  AlertStatusChip,
  AlertTypeChip,
  CloneSuspectedChip,
  EscalationChip,
  UnverifiedChip,
} from './AlertChips';
import { DeskActionDialog, type DeskAction } from './DeskActionDialog';
import { DeskTimeline } from './DeskTimeline';
import { liveTrackingLink } from './links';

/** Only AIS-140 trackers understand emergency off (SET EO). */
const EMERGENCY_OFF_PROTOCOL = 'ais140';

function useAllowedActions(alert: AlertDeskItem): DeskAction[] {
  const { can } = useSession();
  if (alert.deskStatus === 'closed')
    return [
      ...(can('sos-desk') ? (['note'] as const) : []),
      ...(can('sos-desk', 'close-alert') ? (['reopen'] as const) : []),
    ];
  const actions: DeskAction[] = [];
  if (alert.deskStatus === 'new' && can('sos-desk', 'acknowledge-alert')) actions.push('acknowledge');
  if (can('sos-desk', 'assign-alert')) actions.push('assign');
  if (can('sos-desk')) actions.push('note');
  if (can('sos-desk', 'close-alert')) actions.push('close');
  if (alert.deviceProtocol === EMERGENCY_OFF_PROTOCOL && can('sos-desk', 'emergency-off'))
    actions.push('emergency-off');
  return actions;
}

export function DeskAlertDetail({ alertId }: { alertId: string }) {
  const { t } = useTranslation('desk');
  const detail = useQuery({ queryKey: deskKeys.one(alertId), queryFn: () => getDeskAlert(alertId) });
  if (detail.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  if (detail.isError) return <Alert severity="error">{t('loadFailed')}</Alert>;
  return <DetailBody alert={detail.data} />;
}

/**
 * What an identity alert means and what closing it does (docs/security.md "Device identity"); what an unverified SOS
 * means. The addresses come from the alert (`identity`).
 */
function IdentityNotes({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  const unknown = t('identity.unknownAddress');
  if (alert.identity)
    return (
      <Alert severity={alert.identity.cloneSuspected ? 'error' : 'warning'} sx={{ mt: 2 }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {t('identity.title')}
        </Typography>
        <Typography variant="body2">{t('identity.explain')}</Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, my: 1 }}
        >
          <Typography component="dt" variant="body2">
            {t('identity.previousAddress')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace' }}>
            {alert.identity.previousAddress ?? unknown}
          </Typography>
          <Typography component="dt" variant="body2">
            {t('identity.newAddress')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontFamily: 'monospace' }}>
            {alert.identity.newAddress ?? unknown}
          </Typography>
          <Typography component="dt" variant="body2">
            {t('identity.conflicts')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {alert.identity.conflicts}
          </Typography>
        </Box>
        {alert.identity.cloneSuspected && (
          <Typography variant="body2">{t('identity.cloneExplain')}</Typography>
        )}
        <Typography variant="body2">{t('identity.closeClears')}</Typography>
      </Alert>
    );
  if (alert.unverified)
    return (
      <Alert severity="warning" sx={{ mt: 2 }}>
        {t('unverified.hint')}
      </Alert>
    );
  return null;
}

function DetailBody({ alert }: { alert: AlertDeskDetail }) {
  const { t } = useTranslation('desk');
  const [action, setAction] = useState<DeskAction | null>(null);
  const actions = useAllowedActions(alert);
  const vehicle = alert.vehicleRegistration ?? t('noVehicle');
  return (
    <Box component="section" aria-label={t('detail.label', { vehicle })}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <AlertTypeChip alert={alert} />
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {vehicle}
        </Typography>
        <AlertStatusChip alert={alert} />
        <EscalationChip alert={alert} />
        <UnverifiedChip alert={alert} />
        <CloneSuspectedChip alert={alert} />
      </Stack>
      <IdentityNotes alert={alert} />
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}
      >
        <Typography component="dt" color="text.secondary">
          {t('detail.raised')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {formatDateTime(alert.startedAt)} · <AlertAge alert={alert} />
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('detail.device')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {alert.deviceImei} · {alert.organisationName}
        </Typography>
        <Typography component="dt" color="text.secondary">
          {t('detail.location')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {alert.lat !== null && alert.lon !== null ? (
            <Link component={RouterLink} to={liveTrackingLink(alert)}>
              {alert.lat.toFixed(5)}, {alert.lon.toFixed(5)}
            </Link>
          ) : (
            t('detail.noLocation')
          )}
        </Typography>
        {alert.repeatCount > 1 && (
          <>
            <Typography component="dt" color="text.secondary">
              {t('detail.repeats')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {t('detail.repeatsValue', { count: alert.repeatCount, at: formatDateTime(alert.lastAt) })}
            </Typography>
          </>
        )}
        <Typography component="dt" color="text.secondary">
          {t('detail.deviceState')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {alert.endedAt ? t('detail.ended', { at: formatDateTime(alert.endedAt) }) : t('detail.stillOn')}
        </Typography>
        {alert.assignedTo && (
          <>
            <Typography component="dt" color="text.secondary">
              {t('detail.assignedTo')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {alert.assignedTo.name}
            </Typography>
          </>
        )}
        {alert.resolution && (
          <>
            <Typography component="dt" color="text.secondary">
              {t('detail.resolution')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {alert.resolution}
            </Typography>
          </>
        )}
      </Box>
      {actions.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {actions.map((a) => (
            <Button
              key={a}
              size="small"
              variant={a === 'acknowledge' ? 'contained' : 'outlined'}
              color={a === 'emergency-off' ? 'error' : 'primary'}
              onClick={() => setAction(a)}
            >
              {t(`actions.${a}`)}
            </Button>
          ))}
        </Stack>
      )}
      <DeskTimeline alert={alert} />
      <DeskActionDialog action={action} alert={alert} onClose={() => setAction(null)} />
    </Box>
  );
}
