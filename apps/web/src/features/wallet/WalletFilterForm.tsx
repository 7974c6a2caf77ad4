/**
 * The filter form of the wallet (spec 02 §2 Wallet): Transaction Type, From Date, To Date and Apply. The form keeps a
 * draft; Apply hands it to the page, which puts it in the URL. To Date cannot be before From Date. A filter changed from
 * outside (back button, a link) is shown in the fields; `value` must keep its identity while unchanged (memoised).
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TRANSACTION_TYPES } from '@civicfleet/shared';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDatePicker } from '@/components/form';
import type { WalletFilter } from './wallet-filter';

interface WalletFilterFormProps {
  value: WalletFilter;
  onApply: (filter: WalletFilter) => void;
}

export function WalletFilterForm({ value, onApply }: WalletFilterFormProps) {
  const { t } = useTranslation('wallet');
  const { control, handleSubmit, reset } = useForm<WalletFilter>({ defaultValues: value });
  const fromDate = useWatch({ control, name: 'fromDate' });
  useEffect(() => reset(value), [value, reset]);

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      aria-label={t('filter.label')}
      onSubmit={(e) => void handleSubmit(onApply)(e)}
      sx={{ p: 2 }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' }, '& > :not(button)': { flex: { md: '1 1 200px' } } }}
      >
        <Controller
          control={control}
          name="transactionType"
          render={({ field }) => (
            <TextField
              select
              label={t('filter.transactionType')}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('common.any')}</MenuItem>
              {TRANSACTION_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormDatePicker control={control} name="fromDate" label={t('filter.fromDate')} />
        <FormDatePicker
          control={control}
          name="toDate"
          label={t('filter.toDate')}
          {...(fromDate ? { minDate: fromDate } : {})}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          sx={{ minWidth: 110, alignSelf: { md: 'center' } }}
        >
          {t('filter.apply')}
        </Button>
      </Stack>
    </Paper>
  );
}
