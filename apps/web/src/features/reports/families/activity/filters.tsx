/** The activity reports' own filter fields: the month of the monthly summary, the band of vehicle categorisation. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { VEHICLE_BANDS } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import type { ReportExtraFiltersProps } from '../../types';

/** yyyy-MM of today in Asia/Kolkata (the default month). */
export function currentMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
}

export function MonthFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation('reportsActivity');
  const month = typeof value.month === 'string' ? value.month : '';
  return (
    <TextField
      type="month"
      label={t('filters.month')}
      value={month}
      onChange={(event) => onChange({ month: event.target.value })}
      disabled={disabled}
      required
      fullWidth
      margin="dense"
      size="small"
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'report-month' } }}
    />
  );
}

export function BandFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation('reportsActivity');
  const band = typeof value.band === 'string' ? value.band : '';
  return (
    <TextField
      select
      label={t('filters.band')}
      value={band}
      onChange={(event) => onChange({ band: event.target.value })}
      disabled={disabled}
      fullWidth
      margin="dense"
      size="small"
    >
      <MenuItem value="">{t('filters.allBands')}</MenuItem>
      {VEHICLE_BANDS.map((key) => (
        <MenuItem key={key} value={key}>
          {t(`bands.${key}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
