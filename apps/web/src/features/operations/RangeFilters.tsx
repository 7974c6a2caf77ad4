/**
 * The date range (local days, dd/MM/yyyy) and vehicle filters of the dump-yard tabs, written to the URL as they
 * change (?from=&to=&vehicleId=&vehicle=). A half-typed day is not written; a range over the contract's limit is
 * refused with its message.
 */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OPERATIONS_MAX_RANGE_DAYS } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DatePickerField, isoDateToDayjs } from '@/components/form';
import { SearchSelect } from '@/components/SearchPicker';
import { vehicleOptionsQuery } from './api/pickers';
import { readRange, readVehicle, useParamWriter } from './operations-params';

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function rangeDays(from: string, to: string): number {
  const start = isoDateToDayjs(from);
  const end = isoDateToDayjs(to);
  return start && end ? end.diff(start, 'day') + 1 : 0;
}

export function RangeFilters({ hasVehicle = true }: { hasVehicle?: boolean }) {
  const { t } = useTranslation('operations');
  const [params] = useSearchParams();
  const write = useParamWriter();
  const range = readRange(params);
  const vehicle = readVehicle(params);
  const tooLong = rangeDays(range.from, range.to) > OPERATIONS_MAX_RANGE_DAYS;
  const setDay = (key: 'from' | 'to', value: string | null) => {
    if (!isDay(value)) return;
    const next = { ...range, [key]: value };
    // Keeps the range in order: moving one end past the other moves both.
    if (next.from > next.to) {
      if (key === 'from') next.to = value;
      else next.from = value;
    }
    write({ from: next.from, to: next.to });
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      role="group"
      aria-label={t('filters.label')}
      sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', mb: 2 }}
    >
      <Stack sx={{ width: { xs: '100%', sm: 200 } }}>
        <DatePickerField label={t('filters.from')} value={range.from} onChange={(v) => setDay('from', v)} />
      </Stack>
      <Stack sx={{ width: { xs: '100%', sm: 200 } }}>
        <DatePickerField label={t('filters.to')} value={range.to} onChange={(v) => setDay('to', v)} />
      </Stack>
      {hasVehicle && (
        <Stack sx={{ width: { xs: '100%', sm: 280 }, '& .MuiFormControl-root': { mt: 0 } }}>
          <SearchSelect
            query={vehicleOptionsQuery}
            value={vehicle}
            onChange={(option) => write({ vehicleId: option?.id ?? null, vehicle: option?.label ?? null })}
            label={t('filters.vehicle')}
            placeholder={t('filters.allVehicles')}
            isRequired={false}
          />
        </Stack>
      )}
      {tooLong && (
        <Typography role="alert" color="error" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('filters.tooLong', { days: OPERATIONS_MAX_RANGE_DAYS })}
        </Typography>
      )}
    </Stack>
  );
}
