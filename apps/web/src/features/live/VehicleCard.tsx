/**
 * The selected vehicle's card on the live map: status and since when, speed, ignition, main power, battery, GSM, last
 * update, address (GET /geocode/reverse; left out when the server has none), and actions: follow, trail of the last
 * N minutes, route playback, send command (live-tracking:send-command).
 */
import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Chip,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { VEHICLE_STATUS_COLOURS } from '@/components/map';
import { FeatureSlot } from '@/components/slots/feature-slots';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { addressQuery, TRAIL_MINUTES } from './api/live-api';
import { formatAge, formatOnOff, formatSpeed, formatUpdated } from './live-format';
import { vehicleLabel } from './live-vehicles';
import { SendCommandDialog } from './SendCommandDialog';
import type { LiveVehicle } from './use-live-fleet';

export interface VehicleCardProps {
  vehicle: LiveVehicle;
  isFollowing: boolean;
  onFollowChange: (follow: boolean) => void;
  /** Trail length in minutes, 0 = no trail. */
  trailMinutes: number;
  onTrailMinutesChange: (minutes: number) => void;
  onClose: () => void;
}

function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </>
  );
}

export function VehicleCard({
  vehicle: v,
  isFollowing,
  onFollowChange,
  trailMinutes,
  onTrailMinutesChange,
  onClose,
}: VehicleCardProps) {
  const { t } = useTranslation('live');
  const { can } = useSession();
  const now = useNow(10_000);
  const [isCommandOpen, setCommandOpen] = useState(false);
  const address = useQuery(addressQuery(v.lat, v.lon));
  const name = vehicleLabel(v);
  const colour = VEHICLE_STATUS_COLOURS[v.status];
  const canCommand = can('live-tracking', 'send-command') && v.deviceId !== null;
  const battery =
    v.batteryVoltageV === null ? t('card.none') : t('card.volts', { value: v.batteryVoltageV.toFixed(1) });

  return (
    <Paper
      elevation={4}
      component="section"
      aria-label={t('card.title', { name })}
      sx={{ p: 2, width: { xs: 'calc(100% - 16px)', sm: 340 }, maxHeight: '100%', overflowY: 'auto' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {name}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('card.close')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1.5 }}>
        <Chip
          size="small"
          label={t(`status.${v.status}`)}
          sx={{ bgcolor: colour.fill, color: colour.ink, fontWeight: 600 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t('card.since', { age: formatAge(v.statusSince, now, t) })}
        </Typography>
      </Box>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 1.5 }}
      >
        <Row label={t('card.speed')} value={formatSpeed(v.speedKph, t)} />
        <Row label={t('card.ignition')} value={formatOnOff(v.ignition, t)} />
        <Row label={t('card.mainPower')} value={formatOnOff(v.mainPower, t)} />
        <Row label={t('card.battery')} value={battery} />
        <Row label={t('card.gsm')} value={v.gsmSignal === null ? t('card.none') : String(v.gsmSignal)} />
        <Row label={t('card.lastUpdate')} value={formatUpdated(v.serverTime, t)} />
        {v.imei && <Row label={t('card.imei')} value={v.imei} />}
        {v.groupName && <Row label={t('card.group')} value={v.groupName} />}
        {v.wardName && <Row label={t('card.ward')} value={v.wardName} />}
        {address.data?.address && <Row label={t('card.address')} value={address.data.address} />}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={isFollowing}
              onChange={(e) => onFollowChange(e.target.checked)}
              disabled={v.lat === null}
            />
          }
          label={t('card.follow')}
        />
        <TextField
          select
          size="small"
          label={t('card.trail')}
          value={trailMinutes}
          onChange={(e) => onTrailMinutesChange(Number(e.target.value))}
          sx={{ minWidth: 130 }}
          disabled={v.vehicleId === null}
        >
          <MenuItem value={0}>{t('card.trailOff')}</MenuItem>
          {TRAIL_MINUTES.map((m) => (
            <MenuItem key={m} value={m}>
              {t('card.trailMinutes', { count: m })}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {v.vehicleId && can('route-playback') && (
          <Button
            size="small"
            variant="outlined"
            component={RouterLink}
            to={`${paths.routePlayback}?vehicleId=${encodeURIComponent(v.vehicleId)}`}
          >
            {t('card.playback')}
          </Button>
        )}
        {v.vehicleId && (
          <FeatureSlot
            name="ShareButton"
            kind="live"
            vehicleId={v.vehicleId}
            subject={name}
            buttonProps={{ size: 'small', variant: 'outlined' }}
          />
        )}
        {canCommand && (
          <Button size="small" variant="outlined" onClick={() => setCommandOpen(true)}>
            {t('card.sendCommand')}
          </Button>
        )}
      </Box>
      {canCommand && v.deviceId && (
        <SendCommandDialog
          open={isCommandOpen}
          deviceId={v.deviceId}
          vehicleName={name}
          onClose={() => setCommandOpen(false)}
        />
      )}
    </Paper>
  );
}
