/**
 * Small pieces every desk view shows: the alert's type, its desk status, escalation level, live age, and the marks of
 * device identity (docs/security.md "Device identity"): an SOS from an unverified connection, a suspected clone.
 */
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AlertDeskItem } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatAge, statusKey, typeKey } from './labels';
import { useNow } from './use-now';

export function AlertTypeChip({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  return (
    <Chip
      size="small"
      label={t(typeKey(alert.type))}
      color={alert.type === 'sos' ? 'error' : 'warning'}
      sx={{ fontWeight: 700 }}
    />
  );
}

export function AlertStatusChip({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  const color =
    alert.deskStatus === 'new' ? 'error' : alert.deskStatus === 'acknowledged' ? 'info' : 'default';
  return (
    <Chip
      size="small"
      variant={alert.deskStatus === 'new' ? 'filled' : 'outlined'}
      color={color}
      label={t(statusKey(alert.deskStatus))}
      sx={alert.deskStatus === 'new' ? flashing : undefined}
    />
  );
}

export function EscalationChip({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  if (alert.escalationLevel === 0) return null;
  return (
    <Chip
      size="small"
      color="warning"
      variant="outlined"
      label={t('escalation', { level: alert.escalationLevel })}
    />
  );
}

/**
 * An SOS raised from a connection that has not yet sent a fix near the device's last known place: possibly an
 * impostor using the IMEI. The tooltip says so; the chip is focusable so keyboard users get it too.
 */
export function UnverifiedChip({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  if (!alert.unverified) return null;
  return (
    <Tooltip title={t('unverified.hint')} describeChild>
      <Chip size="small" color="warning" variant="outlined" label={t('unverified.label')} tabIndex={0} />
    </Tooltip>
  );
}

/** An identity conflict alert whose device flapped between addresses (3 takeovers or more). */
export function CloneSuspectedChip({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  if (!alert.identity?.cloneSuspected) return null;
  return <Chip size="small" color="error" label={t('identity.cloneSuspected')} />;
}

/** "3 min 12 s ago", ticking every second while the alert is open; how long it was open once closed. */
export function AlertAge({ alert }: { alert: AlertDeskItem }) {
  const { t } = useTranslation('desk');
  const now = useNow();
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
      {alert.closedAt
        ? t('closedAfter', { age: formatAge(t, alert.startedAt, Date.parse(alert.closedAt)) })
        : t('ago', { age: formatAge(t, alert.startedAt, now) })}
    </Typography>
  );
}

/** The visual alarm: a badge that blinks (steady for users who ask for reduced motion). */
export const flashing = {
  '@keyframes deskFlash': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } },
  animation: 'deskFlash 1s ease-in-out infinite',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
} as const;
