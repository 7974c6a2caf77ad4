/** The alarm's visible half: "N new alerts" blinking while any is new, and the mute toggle for the sound. */
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useAlarmMute, useDeskAlarm } from './alarm';
import { flashing } from './AlertChips';

export function AlarmControls({ newCount }: { newCount: number }) {
  const { t } = useTranslation('desk');
  const [isMuted, setMuted] = useAlarmMute();
  useDeskAlarm(newCount > 0);
  const muteLabel = isMuted ? t('alarm.unmute') : t('alarm.mute');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Chip
        role="status"
        icon={newCount > 0 ? <NotificationsActiveIcon /> : undefined}
        color={newCount > 0 ? 'error' : 'default'}
        variant={newCount > 0 ? 'filled' : 'outlined'}
        label={newCount > 0 ? t('alarm.newCount', { count: newCount }) : t('alarm.quiet')}
        sx={newCount > 0 ? { fontWeight: 700, ...flashing } : undefined}
      />
      <Tooltip title={muteLabel}>
        <IconButton aria-label={muteLabel} aria-pressed={isMuted} onClick={() => setMuted(!isMuted)}>
          {isMuted ? <VolumeOffIcon /> : <VolumeUpIcon />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
