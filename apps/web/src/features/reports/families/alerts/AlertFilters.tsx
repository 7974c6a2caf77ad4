/** The alert family's own filter fields: alert types, group by, offline threshold, IMEI. */
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ALERT_GROUP_BY, ALERT_TYPE_LABELS, ALERT_TYPES, type AlertType } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import type { ReportExtraFiltersProps } from '../../types';

const NS = 'reportsAlerts';

const typeList = (value: unknown): AlertType[] =>
  Array.isArray(value) ? value.filter((v): v is AlertType => ALERT_TYPES.includes(v as AlertType)) : [];

/** alert: which alert types (none chosen = all). */
export function AlertTypesFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation(NS);
  return (
    <Autocomplete
      multiple
      size="small"
      options={ALERT_TYPES}
      value={typeList(value.alertTypes)}
      disabled={disabled}
      onChange={(_event, next) => onChange({ alertTypes: next })}
      getOptionLabel={(type) => t(`types.${type}`, { defaultValue: ALERT_TYPE_LABELS[type] })}
      renderInput={(params) => (
        <TextField {...params} label={t('filters.alertTypes')} placeholder={t('filters.allTypes')} />
      )}
    />
  );
}

/** alert-grouped: one row per vehicle (default) or per ward. */
export function GroupByFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation(NS);
  const current = typeof value.groupBy === 'string' ? value.groupBy : 'vehicle';
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('filters.groupBy')}
      value={current}
      disabled={disabled}
      onChange={(event) => onChange({ groupBy: event.target.value })}
    >
      {ALERT_GROUP_BY.map((option) => (
        <MenuItem key={option} value={option}>
          {t(`filters.groupByOptions.${option}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** offline: minutes without a packet (empty = the organisation's offline setting). */
export function OfflineForFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation(NS);
  const raw = value.offlineForMin;
  const shown = typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '';
  return (
    <TextField
      size="small"
      fullWidth
      type="number"
      label={t('filters.offlineForMin')}
      helperText={t('filters.offlineForHelp')}
      value={shown}
      disabled={disabled}
      slotProps={{ htmlInput: { min: 1, max: 43_200, step: 1 } }}
      onChange={(event) => {
        const text = event.target.value.trim();
        onChange({ offlineForMin: text === '' ? undefined : Number(text) });
      }}
    />
  );
}

/** raw-logs: a device by IMEI (instead of, or with, the vehicle). */
export function ImeiFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation(NS);
  return (
    <TextField
      size="small"
      fullWidth
      label={t('filters.imei')}
      helperText={t('filters.imeiHelp')}
      value={typeof value.imei === 'string' ? value.imei : ''}
      disabled={disabled}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
      onChange={(event) => onChange({ imei: event.target.value.replace(/\D/g, '') || undefined })}
    />
  );
}
