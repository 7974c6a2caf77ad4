/**
 * Whether GPS saw the vehicle at the yard when the operator says it was there (docs/swm.md "Dump mismatch": a visit
 * of that vehicle to that fence within DUMP_ENTRY_GPS_TOLERANCE_MIN of the entry time). The reason is on hover/focus.
 */
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import GpsOffIcon from '@mui/icons-material/GpsOff';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { DUMP_ENTRY_GPS_TOLERANCE_MIN } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export function GpsChip({ isConfirmed }: { isConfirmed: boolean }) {
  const { t } = useTranslation('operations');
  const hint = t(isConfirmed ? 'gps.confirmedHint' : 'gps.unconfirmedHint', {
    minutes: DUMP_ENTRY_GPS_TOLERANCE_MIN,
  });
  return (
    <Tooltip title={hint}>
      {isConfirmed ? (
        <Chip
          size="small"
          color="success"
          variant="outlined"
          icon={<GpsFixedIcon />}
          label={t('gps.confirmed')}
          tabIndex={0}
          aria-description={hint}
        />
      ) : (
        <Chip
          size="small"
          color="warning"
          icon={<GpsOffIcon />}
          label={t('gps.unconfirmed')}
          tabIndex={0}
          aria-description={hint}
        />
      )}
    </Tooltip>
  );
}
