/** The SWM reports' own filter fields: violation types (route violation), only missed points (D2D collection). */
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROUTE_VIOLATION_TYPES } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import type { ReportExtraFiltersProps } from '../../types';

export function ViolationTypesFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation('reportsSwm');
  const chosen = Array.isArray(value.violationTypes) ? (value.violationTypes as string[]) : [];
  return (
    <TextField
      select
      label={t('filters.violationTypes')}
      value={chosen}
      onChange={(event) => {
        const next = event.target.value as unknown;
        onChange({ violationTypes: typeof next === 'string' ? next.split(',') : next });
      }}
      disabled={disabled}
      fullWidth
      margin="dense"
      size="small"
      helperText={chosen.length === 0 ? t('filters.allViolations') : undefined}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) =>
            (selected as string[]).map((type) => t(`violationTypes.${type}`)).join(', '),
        },
      }}
    >
      {ROUTE_VIOLATION_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          <Checkbox size="small" checked={chosen.includes(type)} tabIndex={-1} disableRipple />
          {t(`violationTypes.${type}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function OnlyMissedFilter({ value, onChange, disabled }: ReportExtraFiltersProps) {
  const { t } = useTranslation('reportsSwm');
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={value.onlyMissed === true}
          onChange={(event) => onChange({ onlyMissed: event.target.checked })}
          disabled={disabled}
        />
      }
      label={t('filters.onlyMissed')}
    />
  );
}
