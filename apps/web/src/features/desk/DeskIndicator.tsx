/**
 * The app bar's SOS-desk indicator: a bell with the number of new (unacknowledged) desk alerts, blinking while any
 * is new, linking to the desk. Only for users with the sos-desk module. It keeps the alarm ringing on every screen
 * of the console (one beeper whatever else asks, see alarm.ts).
 */
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '@/session';
import { useDeskAlarm } from './alarm';
import { flashing } from './AlertChips';
import { SOS_DESK_PATH } from './links';
import { useOpenDeskAlerts } from './use-desk';

export function DeskIndicator() {
  const { can } = useSession();
  return can('sos-desk') ? <Indicator /> : null;
}

function Indicator() {
  const { t } = useTranslation('desk');
  const open = useOpenDeskAlerts();
  const newCount = open.data?.counts.new ?? 0;
  useDeskAlarm(newCount > 0);
  const label = newCount > 0 ? t('indicator.new', { count: newCount }) : t('indicator.none');
  return (
    <Tooltip title={label}>
      <IconButton component={RouterLink} to={SOS_DESK_PATH} aria-label={label}>
        <Badge
          badgeContent={newCount}
          color="error"
          max={99}
          sx={newCount > 0 ? { '& .MuiBadge-badge': flashing } : undefined}
        >
          {newCount > 0 ? <NotificationsActiveIcon color="error" /> : <NotificationsNoneIcon />}
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
