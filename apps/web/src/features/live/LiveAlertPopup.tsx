/**
 * Pops up SOS and critical alerts of the live stream (ALERT_DESK_TYPES: SOS, tamper, box opened, wire cut, power cut)
 * as a banner with an audible beep (alert-sound.ts) until dismissed. Alerts already in the store when it mounts and
 * late (history) alerts do not pop up. Several at once: the newest shows, with how many more wait. Reusable by the
 * SOS desk (`onOpen` is its "show" action); the mute is the console's one alarm mute (lib/alarm.ts).
 */
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import VolumeOffOutlinedIcon from '@mui/icons-material/VolumeOffOutlined';
import VolumeUpOutlinedIcon from '@mui/icons-material/VolumeUpOutlined';
import { Alert, AlertTitle, Box, Button, IconButton, Tooltip } from '@mui/material';
import { isAlertDeskType, type LiveAlert } from '@civicfleet/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { playAlertBeep, useAlarmMute } from './alert-sound';
import { useLiveFleet } from './use-live-fleet';

export interface LiveAlertPopupProps {
  /** Which alerts pop up. Default: the desk's types (isAlertDeskType). */
  isCritical?: (alert: LiveAlert) => boolean;
  /** "Show" on the banner (e.g. select the vehicle on the map). Without it there is only "Dismiss". */
  onOpen?: (alert: LiveAlert) => void;
}

const isDeskAlert = (alert: LiveAlert) => isAlertDeskType(alert.type);

export function LiveAlertPopup({ isCritical = isDeskAlert, onOpen }: LiveAlertPopupProps) {
  const { t } = useTranslation('live');
  const { alerts, vehicles } = useLiveFleet();
  const seen = useRef<Set<string> | null>(null);
  const [queue, setQueue] = useState<LiveAlert[]>([]);
  const [isMuted, setMuted] = useAlarmMute();

  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(alerts.map((a) => a.id));
      return;
    }
    const known = seen.current;
    const fresh = alerts.filter((a) => !known.has(a.id));
    for (const a of fresh) known.add(a.id);
    const popping = fresh.filter((a) => !a.late && isCritical(a));
    if (popping.length === 0) return;
    setQueue((q) => [...popping, ...q]);
    playAlertBeep();
  }, [alerts, isCritical]);

  const current = queue[0];
  if (!current) return null;
  const vehicle = current.vehicleId ? vehicles.get(current.vehicleId) : undefined;
  const name = vehicle?.registrationNumber ?? vehicle?.imei ?? current.deviceId;
  const dismiss = () => setQueue((q) => q.slice(1));
  const toggleMute = () => setMuted(!isMuted);

  return (
    <Box
      sx={{
        position: 'fixed',
        top: 88,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(560px, calc(100vw - 32px))',
      }}
    >
      <Alert
        severity="error"
        variant="filled"
        role="alert"
        icon={<NotificationsActiveOutlinedIcon />}
        action={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Tooltip title={isMuted ? t('alerts.unmute') : t('alerts.mute')}>
              <IconButton
                color="inherit"
                size="small"
                onClick={toggleMute}
                aria-label={isMuted ? t('alerts.unmute') : t('alerts.mute')}
                aria-pressed={isMuted}
              >
                {isMuted ? (
                  <VolumeOffOutlinedIcon fontSize="small" />
                ) : (
                  <VolumeUpOutlinedIcon fontSize="small" />
                )}
              </IconButton>
            </Tooltip>
            {onOpen && (
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  onOpen(current);
                  dismiss();
                }}
              >
                {t('alerts.show')}
              </Button>
            )}
            <Button color="inherit" size="small" onClick={dismiss}>
              {t('alerts.dismiss')}
            </Button>
          </Box>
        }
      >
        <AlertTitle>
          {t(`alertTypes.${current.type}`, { defaultValue: current.type })} — {name}
        </AlertTitle>
        {formatDateTime(current.at)}
        {queue.length > 1 && ` · ${t('alerts.more', { count: queue.length - 1 })}`}
      </Alert>
    </Box>
  );
}
