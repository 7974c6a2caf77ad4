/**
 * The fitment list's filters, kept in the URL (?status=PENDING&from=2026-11-01&to=2026-11-30): activation status and
 * a fitment date range (dd/MM/yyyy pickers, Asia/Kolkata days). A range whose start is after its end is not applied.
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACTIVATION_STATUSES, type ActivationStatus } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DatePickerField } from '@/components/form';
import type { FitmentFilters as Filters } from '../api/fitments';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const asDate = (value: string | null) => (value && ISO_DATE.test(value) ? value : undefined);
const asStatus = (value: string | null) =>
  (ACTIVATION_STATUSES as readonly string[]).includes(value ?? '') ? (value as ActivationStatus) : undefined;

/** The filters in the URL, and a setter for one of them (undefined/null removes it). */
type FilterKey = 'status' | 'from' | 'to';
type SetFilters = (changes: Partial<Record<FilterKey, string | null>>) => void;

export function useFitmentFilters(): [Filters, SetFilters] {
  const [params, setParams] = useSearchParams();
  const fromDate = asDate(params.get('from'));
  const toDate = asDate(params.get('to'));
  const isRangeValid = !fromDate || !toDate || fromDate <= toDate;
  const filters: Filters = {
    activationStatus: asStatus(params.get('status')),
    fromDate: isRangeValid ? fromDate : undefined,
    toDate: isRangeValid ? toDate : undefined,
  };
  const set: SetFilters = (changes) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '' || value === 'invalid') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return [filters, set];
}

export function FitmentFiltersBar() {
  const { t } = useTranslation('fitment');
  const [params] = useSearchParams();
  const [filters, set] = useFitmentFilters();
  const from = asDate(params.get('from')) ?? null;
  const to = asDate(params.get('to')) ?? null;
  const hasAny = params.has('status') || params.has('from') || params.has('to');
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
      role="group"
      aria-label={t('list.filters')}
    >
      <TextField
        select
        label={t('list.status')}
        value={filters.activationStatus ?? ''}
        onChange={(event) => set({ status: event.target.value })}
        sx={{ minWidth: 200 }}
      >
        <MenuItem value="">{t('list.allStatuses')}</MenuItem>
        {ACTIVATION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <DatePickerField
        label={t('list.from')}
        value={from}
        onChange={(value) => set({ from: value })}
        {...(to ? { maxDate: to } : {})}
      />
      <DatePickerField
        label={t('list.to')}
        value={to}
        onChange={(value) => set({ to: value })}
        {...(from ? { minDate: from } : {})}
      />
      {hasAny && (
        <Button onClick={() => set({ status: null, from: null, to: null })} sx={{ alignSelf: 'center' }}>
          {t('list.clearFilters')}
        </Button>
      )}
    </Stack>
  );
}
