/** The status of a mark (PRESENT / ABSENT / not marked) and where it came from (driver-id, duty, supervisor, day-close). */
import BadgeIcon from '@mui/icons-material/Badge';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { AttendanceSource, AttendanceStatus } from '@civicfleet/shared';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export const STATUS_COLOURS = { PRESENT: 'success', ABSENT: 'error', NOT_MARKED: 'default' } as const;

export function StatusChip({ status }: { status: AttendanceStatus | null }) {
  const { t } = useTranslation('people');
  const key = status ?? 'NOT_MARKED';
  return (
    <Chip
      size="small"
      label={t(`statuses.${key}`)}
      color={STATUS_COLOURS[key]}
      variant={status ? 'filled' : 'outlined'}
    />
  );
}

const SOURCE_ICONS: Record<AttendanceSource, ReactElement> = {
  'driver-id': <BadgeIcon />,
  duty: <LocalShippingIcon />,
  supervisor: <SupervisorAccountIcon />,
  'day-close': <EventBusyIcon />,
};

export function SourceChip({
  source,
  markedBy,
}: {
  source: AttendanceSource | null;
  markedBy?: string | undefined;
}) {
  const { t } = useTranslation('people');
  if (!source) return null;
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      icon={SOURCE_ICONS[source]}
      label={t(`sources.${source}`)}
      data-source={source}
      {...(markedBy ? { 'aria-description': t('attendance.markedBy', { name: markedBy }) } : {})}
    />
  );
  return markedBy ? <Tooltip title={t('attendance.markedBy', { name: markedBy })}>{chip}</Tooltip> : chip;
}
