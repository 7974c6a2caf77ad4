/** Small pieces every desk view shows: the alert's type, its desk status, escalation level and live age. */
import Chip from '@mui/material/Chip';
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
