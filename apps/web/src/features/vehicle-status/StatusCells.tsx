/** The status board's cells: status chip, age with the exact IST time on hover, place name, power and signal. */
import BatteryAlertIcon from '@mui/icons-material/BatteryAlert';
import PowerIcon from '@mui/icons-material/Power';
import PowerOffIcon from '@mui/icons-material/PowerOff';
import SignalCellular0BarIcon from '@mui/icons-material/SignalCellular0Bar';
import SignalCellular1BarIcon from '@mui/icons-material/SignalCellular1Bar';
import SignalCellular2BarIcon from '@mui/icons-material/SignalCellular2Bar';
import SignalCellular3BarIcon from '@mui/icons-material/SignalCellular3Bar';
import SignalCellular4BarIcon from '@mui/icons-material/SignalCellular4Bar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { VehicleLiveStatus } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { VEHICLE_STATUS_COLOURS } from '@/components/map/vehicle-style';
import { formatDateTime } from '@/lib/format';
import { formatAgo, gsmBars } from './status-view';
import { useNow } from './use-now';
import { usePlaceName } from './use-place-name';

export function StatusChip({ status }: { status: VehicleLiveStatus }) {
  const { t } = useTranslation('vehicleStatus');
  const colours = VEHICLE_STATUS_COLOURS[status];
  return (
    <Chip
      size="small"
      label={t(`statuses.${status}`)}
      sx={{ bgcolor: colours.fill, color: colours.ink, fontWeight: 600 }}
    />
  );
}

/** "5 minutes ago", with the exact time (dd/MM/yyyy HH:mm:ss IST) on hover and keyboard focus. */
export function AgoCell({ at }: { at: string | null }) {
  const { i18n } = useTranslation('vehicleStatus');
  const now = useNow();
  if (at === null) return <>-</>;
  const exact = `${formatDateTime(at)} IST`;
  return (
    <Tooltip title={exact}>
      <Box component="span" tabIndex={0} aria-label={exact} sx={{ whiteSpace: 'nowrap' }}>
        {formatAgo(at, now, i18n.language)}
      </Box>
    </Tooltip>
  );
}

export function PlaceCell({ lat, lon }: { lat: number | null; lon: number | null }) {
  const place = usePlaceName(lat, lon);
  if (lat === null || lon === null) return <>-</>;
  return (
    <Typography variant="body2" sx={{ maxWidth: 260 }} noWrap title={place.data ?? undefined}>
      {place.data ?? (place.isPending ? '…' : `${lat.toFixed(5)}, ${lon.toFixed(5)}`)}
    </Typography>
  );
}

export function OnOffCell({ value, on, off }: { value: boolean | null; on: string; off: string }) {
  if (value === null) return <>-</>;
  return (
    <Chip size="small" variant="outlined" color={value ? 'success' : 'default'} label={value ? on : off} />
  );
}

/** Main power as an icon (cut in red), its word in the tooltip and for screen readers. */
export function MainPowerCell({ value }: { value: boolean | null }) {
  const { t } = useTranslation('vehicleStatus');
  if (value === null) return <>-</>;
  const label = value ? t('values.connected') : t('values.disconnected');
  return (
    <Tooltip title={label}>
      <Box component="span" tabIndex={0} aria-label={label} sx={{ display: 'inline-flex' }}>
        {value ? (
          <PowerIcon fontSize="small" color="success" aria-hidden />
        ) : (
          <PowerOffIcon fontSize="small" color="error" aria-hidden />
        )}
      </Box>
    </Tooltip>
  );
}

export function NoWrap({ text }: { text: string | null | undefined }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {text || '-'}
    </Box>
  );
}

/** Backup battery in volts; below 3.6 V (Li-ion near empty) it is flagged. */
export function BatteryCell({ volts }: { volts: number | null }) {
  const { t } = useTranslation('vehicleStatus');
  if (volts === null) return <>-</>;
  const isLow = volts < 3.6;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {isLow && <BatteryAlertIcon fontSize="small" color="warning" aria-label={t('values.lowBattery')} />}
      {t('values.volts', { value: volts.toFixed(1) })}
    </Box>
  );
}

const BAR_ICONS = [
  SignalCellular0BarIcon,
  SignalCellular1BarIcon,
  SignalCellular2BarIcon,
  SignalCellular3BarIcon,
  SignalCellular4BarIcon,
];

export function GsmCell({ signal }: { signal: number | null }) {
  const { t } = useTranslation('vehicleStatus');
  const bars = gsmBars(signal);
  if (bars === null || signal === null) return <>-</>;
  const Icon = BAR_ICONS[bars] ?? SignalCellular0BarIcon;
  const label = t('values.gsm', { bars, signal });
  return (
    <Tooltip title={label}>
      <Box component="span" tabIndex={0} aria-label={label} sx={{ display: 'inline-flex' }}>
        <Icon fontSize="small" color={bars <= 1 ? 'warning' : 'action'} aria-hidden />
      </Box>
    </Tooltip>
  );
}
