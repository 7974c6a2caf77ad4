/**
 * Device Details (spec 02 §2, §3 Device, §4, §5): the IMEI picker lists the caller's devices that can be fitted (NEW
 * or ALLOCATED: never INSTALLED or DEFECTED) through GET /v1/fitment/lookup/devices, for every role that may fill the
 * form; the panic button count (the picked device's as default) and 2–3 device images.
 */
import Grid from '@mui/material/Grid';
import { FITMENT_IMAGE_LIMITS } from '@civicfleet/shared';
import { useState } from 'react';
import { useController, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormImageUpload, FormTextField, useFieldError } from '@/components/form';
import { SearchSelect, type PickerOption } from '@/components/SearchPicker';
import { fittableDeviceOptionsQuery, type DeviceOption } from '../api/lookups';
import type { FitmentFormValues } from './fitment-form';

const half = { xs: 12, sm: 6 } as const;

export interface DeviceSectionProps {
  control: Control<FitmentFormValues>;
  setValue: UseFormSetValue<FitmentFormValues>;
}

export function DeviceSection({ control, setValue }: DeviceSectionProps) {
  const { t } = useTranslation('fitment');
  const limits = FITMENT_IMAGE_LIMITS.deviceImages;
  return (
    <Grid container columnSpacing={2}>
      <Grid size={half}>
        <ImeiPicker control={control} setValue={setValue} />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="device.panicButtonCount"
          label={t('fields.panicButtonCount')}
          type="number"
          slotProps={{ htmlInput: { min: 0, max: 8, step: 1 } }}
        />
      </Grid>
      <Grid size={12} sx={{ mt: 2 }}>
        <FormImageUpload
          control={control}
          name="device.deviceImages"
          label={t('fields.deviceImages')}
          folder="device"
          minCount={limits.min}
          maxCount={limits.max}
          isRequired
        />
      </Grid>
    </Grid>
  );
}

function ImeiPicker({ control, setValue }: DeviceSectionProps) {
  const { t } = useTranslation('fitment');
  const { field, fieldState } = useController({ control, name: 'device.imei' });
  const errorText = useFieldError()(fieldState.error?.message);
  // The fitment's own device is INSTALLED, so it is never among the options: keep it as the shown value.
  const [picked, setPicked] = useState<PickerOption | null>(() =>
    field.value ? { id: field.value, label: field.value } : null,
  );
  return (
    <SearchSelect
      query={fittableDeviceOptionsQuery}
      value={picked && picked.id === field.value ? picked : null}
      label={t('fields.imei')}
      helperText={t('form.imeiHint')}
      error={errorText}
      inputRef={field.ref}
      onBlur={field.onBlur}
      onChange={(option) => {
        setPicked(option);
        field.onChange(option?.id ?? '');
        if (option && 'panicButtonCount' in option)
          setValue('device.panicButtonCount', String((option as DeviceOption).panicButtonCount));
      }}
    />
  );
}
