/**
 * The filter bar every dashboard shares: the day range (dd/MM/yyyy pickers) and zone → circle → ward, all in the URL.
 * Choosing a zone clears the circle and ward below it; a range longer than the contract allows is refused.
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DASHBOARD_MAX_RANGE_DAYS, type AdminDivision } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { DatePickerField, isoDateToDayjs } from '@/components/form';
import { useDivisionList } from './api/dashboard';
import { useDashboardFilters } from './dashboard-params';

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

function rangeDays(from: string, to: string): number {
  const start = isoDateToDayjs(from);
  const end = isoDateToDayjs(to);
  return start && end ? end.diff(start, 'day') + 1 : 0;
}

interface DivisionSelectProps {
  label: string;
  allLabel: string;
  value: string | null;
  options: AdminDivision[];
  onChange: (id: string | null) => void;
}

function DivisionSelect({ label, allLabel, value, options, onChange }: DivisionSelectProps) {
  const known = value !== null && options.some((o) => o.id === value);
  return (
    <TextField
      select
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value || null)}
      sx={{ width: { xs: '100%', sm: 150 } }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function DashboardFilterBar() {
  const { t } = useTranslation('dashboard');
  const { filters, write } = useDashboardFilters();
  const divisions = useDivisionList().data ?? [];
  const zones = divisions.filter((d) => d.type === 'ZONE');
  const circles = divisions.filter(
    (d) => d.type === 'CIRCLE' && (filters.zoneId === null || d.parentId === filters.zoneId),
  );
  const circleIds = new Set(circles.map((c) => c.id));
  const wards = divisions.filter(
    (d) =>
      d.type === 'WARD' &&
      (filters.circleId !== null
        ? d.parentId === filters.circleId
        : filters.zoneId === null || (d.parentId !== null && circleIds.has(d.parentId))),
  );
  const tooLong = rangeDays(filters.from, filters.to) > DASHBOARD_MAX_RANGE_DAYS;
  const setDay = (key: 'from' | 'to', value: string | null) => {
    if (!isDay(value)) return;
    const next = { from: filters.from, to: filters.to, [key]: value };
    if (next.from > next.to) {
      if (key === 'from') next.to = value;
      else next.from = value;
    }
    write(next);
  };
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      role="group"
      aria-label={t('filters.label')}
      sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap', mb: 3 }}
    >
      <Stack sx={{ width: { xs: '100%', sm: 210 }, '& .MuiFormControl-root': { mt: 0 } }}>
        <DatePickerField label={t('filters.from')} value={filters.from} onChange={(v) => setDay('from', v)} />
      </Stack>
      <Stack sx={{ width: { xs: '100%', sm: 210 }, '& .MuiFormControl-root': { mt: 0 } }}>
        <DatePickerField label={t('filters.to')} value={filters.to} onChange={(v) => setDay('to', v)} />
      </Stack>
      <DivisionSelect
        label={t('filters.zone')}
        allLabel={t('filters.allZones')}
        value={filters.zoneId}
        options={zones}
        onChange={(id) => write({ zoneId: id, circleId: null, wardId: null })}
      />
      <DivisionSelect
        label={t('filters.circle')}
        allLabel={t('filters.allCircles')}
        value={filters.circleId}
        options={circles}
        onChange={(id) => write({ circleId: id, wardId: null })}
      />
      <DivisionSelect
        label={t('filters.ward')}
        allLabel={t('filters.allWards')}
        value={filters.wardId}
        options={wards}
        onChange={(id) => write({ wardId: id })}
      />
      {tooLong && (
        <Typography role="alert" color="error" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('filters.tooLong', { days: DASHBOARD_MAX_RANGE_DAYS })}
        </Typography>
      )}
    </Stack>
  );
}
