/** The list's filters: status chips, category, ward, overdue only, raised from/to; every change goes to the URL. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUS_FILTERS, type ComplaintCategory } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DatePickerField } from '@/components/form';
import { useSession } from '@/session';
import { wardsQuery } from './api/wards';
import { NO_FILTERS, type ComplaintFilterValues } from './complaint-filters';
import { STATUS_COLOURS } from './ComplaintStatusChip';

export function ComplaintFilterBar({
  filters,
  onChange,
}: {
  filters: ComplaintFilterValues;
  onChange: (patch: Partial<ComplaintFilterValues>) => void;
}) {
  const { t } = useTranslation('complaints');
  const { can, user } = useSession();
  const wards = useQuery({ ...wardsQuery(user?.organisation.id, false), enabled: can('admin-division') });
  const isFiltered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} component="section" aria-label={t('filters.title')}>
      <Box role="group" aria-label={t('fields.status')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          label={t('filters.allStatuses')}
          color={filters.status === '' ? 'primary' : 'default'}
          variant={filters.status === '' ? 'filled' : 'outlined'}
          onClick={() => onChange({ status: '' })}
          aria-pressed={filters.status === ''}
        />
        {COMPLAINT_STATUS_FILTERS.map((s) => (
          <Chip
            key={s}
            label={t(s === 'unresolved' ? 'filters.unresolved' : `statuses.${s}`)}
            color={filters.status === s ? (s === 'unresolved' ? 'warning' : STATUS_COLOURS[s]) : 'default'}
            variant={filters.status === s ? 'filled' : 'outlined'}
            onClick={() => onChange({ status: filters.status === s ? '' : s })}
            aria-pressed={filters.status === s}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('fields.category')}
          value={filters.category}
          onChange={(e) => onChange({ category: e.target.value as ComplaintCategory | '' })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{t('filters.allCategories')}</MenuItem>
          {COMPLAINT_CATEGORIES.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {t(`categories.${c.id}`)}
            </MenuItem>
          ))}
        </TextField>
        {wards.data && wards.data.length > 0 && (
          <TextField
            select
            size="small"
            label={t('fields.ward')}
            value={filters.wardId}
            onChange={(e) => onChange({ wardId: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('filters.allWards')}</MenuItem>
            {wards.data.map((w) => (
              <MenuItem key={w.id} value={w.id}>
                {w.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ width: 180 }}>
          <DatePickerField
            label={t('filters.from')}
            value={filters.from || null}
            onChange={(v) => onChange({ from: v && v !== 'invalid' ? v : '' })}
            fullWidth
          />
        </Box>
        <Box sx={{ width: 180 }}>
          <DatePickerField
            label={t('filters.to')}
            value={filters.to || null}
            onChange={(v) => onChange({ to: v && v !== 'invalid' ? v : '' })}
            {...(filters.from ? { minDate: filters.from } : {})}
            fullWidth
          />
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={filters.isOverdueOnly}
              onChange={(e) => onChange({ isOverdueOnly: e.target.checked })}
            />
          }
          label={t('filters.overdueOnly')}
        />
        {isFiltered && <Button onClick={() => onChange(NO_FILTERS)}>{t('filters.clear')}</Button>}
      </Box>
    </Stack>
  );
}
