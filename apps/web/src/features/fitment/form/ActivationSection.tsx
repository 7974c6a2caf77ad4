import { formatRupees } from '@civicfleet/shared';
/**
 * Fitment Date and Activation Duration (spec 02 §2, §3 Fitment, §9): the fitment day (not in the future), the plan
 * (GET /v1/activation-plans: name and the price the vendor's wallet pays on approval) and the deviceActivate switch.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { useQuery } from '@tanstack/react-query';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDatePicker, FormTextField } from '@/components/form';
import { fitmentKeys, listActivationPlans } from '../api/fitments';
import type { FitmentFormValues } from './fitment-form';

const half = { xs: 12, sm: 6 } as const;

export function ActivationSection({ control }: { control: Control<FitmentFormValues> }) {
  const { t } = useTranslation('fitment');
  const plans = useQuery({ queryKey: fitmentKeys.plans, queryFn: listActivationPlans, staleTime: 60_000 });
  const chosen = useWatch({ control, name: 'durationInDays' });
  const planList = plans.data ?? [];
  // A fitment saved with a plan that is no longer offered keeps showing its duration.
  const isChosenListed = chosen === '' || planList.some((p) => String(p.durationInDays) === chosen);
  const activate = useController({ control, name: 'deviceActivate' });
  return (
    <Grid container columnSpacing={2}>
      <Grid size={half} sx={{ pt: 2 }}>
        <FormDatePicker control={control} name="fitmentDate" label={t('fields.fitmentDate')} isRequired />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="durationInDays"
          select
          label={t('fields.duration')}
          required
          helperText={
            plans.isError
              ? t('form.loadFailed')
              : plans.isPending
                ? t('form.loadingPlans')
                : t('form.durationHint')
          }
        >
          {!isChosenListed && (
            <MenuItem value={chosen}>{t('form.daysPlan', { count: Number(chosen) })}</MenuItem>
          )}
          {planList.map((p) => (
            <MenuItem key={p.id} value={String(p.durationInDays)}>
              {t('form.plan', { name: p.name, price: formatRupees(p.pricePaise) })}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={12}>
        <FormControlLabel
          control={
            <Switch
              name={activate.field.name}
              checked={activate.field.value}
              onChange={(event) => activate.field.onChange(event.target.checked)}
              onBlur={activate.field.onBlur}
            />
          }
          label={`${t('fields.deviceActivate')} *`}
        />
        <FormHelperText>{t('form.deviceActivateHint')}</FormHelperText>
      </Grid>
    </Grid>
  );
}
