/**
 * What to play back: a searchable vehicle picker (`?vehicleId=` preselects it) and a time range in Asia/Kolkata
 * (dd/MM/yyyy HH:mm) with presets Today, Yesterday and Last 24 h. "Show" puts the choice in the URL; the server says
 * when the range is longer than the organisation allows.
 */
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchSelect, type PickerOption } from '@/components/SearchPicker';
import { APP_TIME_ZONE } from '@/lib/format';
import { getVehicle, playbackKeys, searchVehicles, vehicleOption, type PlaybackRange } from './api/playback';
import { presetRange, RANGE_FORMAT, RANGE_PRESETS, toOffsetIso, type RangePreset } from './playback-range';

export interface PlaybackFiltersProps {
  vehicleId: string | null;
  from: Dayjs | null;
  to: Dayjs | null;
  onShow: (range: PlaybackRange) => void;
}

export function PlaybackFilters({ vehicleId, from, to, onShow }: PlaybackFiltersProps) {
  const { t } = useTranslation('playback');
  const notLinked = t('filters.notLinked');
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const [fromValue, setFromValue] = useState<Dayjs | null>(from);
  const [toValue, setToValue] = useState<Dayjs | null>(to);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // The vehicle named in the URL, for the picker's label.
  const preselected = useQuery({
    queryKey: playbackKeys.vehicle(vehicleId ?? ''),
    queryFn: () => getVehicle(vehicleId ?? ''),
    enabled: vehicleId !== null && picked === null,
    select: (v) => vehicleOption(v, notLinked),
  });
  const vehicle = picked ?? preselected.data ?? null;

  const applyPreset = (preset: RangePreset) => {
    const range = presetRange(preset);
    setFromValue(range.from);
    setToValue(range.to);
  };

  const show = () => {
    if (!vehicle) return setProblem(t('filters.chooseVehicle'));
    if (!fromValue?.isValid() || !toValue?.isValid()) return setProblem(t('filters.chooseRange'));
    if (!toValue.isAfter(fromValue)) return setProblem(t('filters.order'));
    setProblem(undefined);
    onShow({ vehicleId: vehicle.id, from: toOffsetIso(fromValue), to: toOffsetIso(toValue) });
  };

  const pickerProps = {
    format: RANGE_FORMAT,
    timezone: APP_TIME_ZONE,
    ampm: false,
    slotProps: { textField: { size: 'small' as const, sx: { width: 220 } } },
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction="row" useFlexGap spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Stack sx={{ width: 320, maxWidth: '100%', '& .MuiFormControl-root': { my: 0 } }}>
          <SearchSelect
            query={(search) => ({
              queryKey: playbackKeys.vehicles(search),
              queryFn: () => searchVehicles(search, notLinked),
            })}
            value={vehicle}
            onChange={(option) => {
              setPicked(option);
              setProblem(undefined);
            }}
            label={t('filters.vehicle')}
          />
        </Stack>
        <DateTimePicker
          label={t('filters.from')}
          value={fromValue}
          onChange={setFromValue}
          {...pickerProps}
        />
        <DateTimePicker label={t('filters.to')} value={toValue} onChange={setToValue} {...pickerProps} />
        <ButtonGroup size="small" aria-label={t('filters.presets')} sx={{ whiteSpace: 'nowrap' }}>
          {RANGE_PRESETS.map((preset) => (
            <Button key={preset} onClick={() => applyPreset(preset)}>
              {t(`filters.preset.${preset}`)}
            </Button>
          ))}
        </ButtonGroup>
        <Button variant="contained" onClick={show}>
          {t('filters.show')}
        </Button>
      </Stack>
      {problem && (
        <Stack role="alert" sx={{ color: 'error.main', mt: 1, typography: 'body2' }}>
          {problem}
        </Stack>
      )}
    </Paper>
  );
}
