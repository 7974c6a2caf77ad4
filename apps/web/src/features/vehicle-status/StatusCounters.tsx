/**
 * The status counters over the caller's whole scope, as filter chips (spec 01 §2.3 vehicle status): one chip per live
 * status plus "All"; the chosen one is pressed (aria-pressed) and filters the table.
 */
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { VEHICLE_LIVE_STATUSES, type VehicleLiveStatus, type VehicleStatuses } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { VEHICLE_STATUS_COLOURS } from '@/components/map/vehicle-style';

export interface StatusCountersProps {
  counts: VehicleStatuses['counts'] | undefined;
  selected: VehicleLiveStatus | undefined;
  onSelect: (status: VehicleLiveStatus | undefined) => void;
}

export function StatusCounters({ counts, selected, onSelect }: StatusCountersProps) {
  const { t } = useTranslation('vehicleStatus');
  if (!counts)
    return <Skeleton variant="rounded" height={32} sx={{ mb: 2 }} aria-label={t('counters.loading')} />;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('counters.label')}
      sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      <Chip
        label={t('counters.all', { count: counts.total })}
        color={selected === undefined ? 'primary' : 'default'}
        variant={selected === undefined ? 'filled' : 'outlined'}
        aria-pressed={selected === undefined}
        onClick={() => onSelect(undefined)}
      />
      {VEHICLE_LIVE_STATUSES.map((status) => {
        const isSelected = selected === status;
        const colours = VEHICLE_STATUS_COLOURS[status];
        return (
          <Chip
            key={status}
            label={t('counters.status', { status: t(`statuses.${status}`), count: counts[status] })}
            variant={isSelected ? 'filled' : 'outlined'}
            aria-pressed={isSelected}
            onClick={() => onSelect(isSelected ? undefined : status)}
            sx={{
              borderColor: colours.fill,
              borderWidth: 2,
              fontWeight: 600,
              ...(isSelected ? { bgcolor: colours.fill, color: colours.ink } : {}),
              '&:hover': isSelected ? { bgcolor: colours.fill } : {},
            }}
          />
        );
      })}
    </Stack>
  );
}
