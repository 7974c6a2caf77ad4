/**
 * Vehicle Details (spec 02 §2, §3 Vehicle, §5): category, registration, engine and chassis numbers, registration date,
 * state then RTO (the RTO choices appear only once a state is chosen; picking one sets the RTO's name and its
 * `state_code`), make, model and exactly 2 RC images. An existing vehicle can fill the fields (picker label
 * "registrationNumber (imei or Not linked)").
 */
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FITMENT_IMAGE_LIMITS, type Vehicle } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useController, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDatePicker, FormImageUpload, FormTextField, useFieldError } from '@/components/form';
import { SearchSelect, type PickerOption } from '@/components/SearchPicker';
import { listRtos, listStates, rtoKeys, vehicleOptionsQuery } from '../api/lookups';
import { REG_DATE_MIN, type FitmentFormValues } from './fitment-form';

interface SectionProps {
  control: Control<FitmentFormValues>;
  setValue: UseFormSetValue<FitmentFormValues>;
  /** The session may list vehicles (module `vehicle`): offer filling the fields from one. */
  canPickVehicle: boolean;
}

const half = { xs: 12, sm: 6 } as const;

export function VehicleSection({ control, setValue, canPickVehicle }: SectionProps) {
  const { t } = useTranslation('fitment');
  const limits = FITMENT_IMAGE_LIMITS.rcImages;
  return (
    <Grid container columnSpacing={2}>
      {canPickVehicle && (
        <Grid size={12}>
          <ExistingVehiclePicker setValue={setValue} />
        </Grid>
      )}
      <Grid size={half}>
        <FormTextField control={control} name="vehicle.category" label={t('fields.category')} required />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="vehicle.registrationNumber"
          label={t('fields.registrationNumber')}
          helperText={t('form.registrationHint')}
          required
          slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
        />
      </Grid>
      <Grid size={half}>
        <FormTextField control={control} name="vehicle.engineNo" label={t('fields.engineNo')} />
      </Grid>
      <Grid size={half}>
        <FormTextField control={control} name="vehicle.chassisNo" label={t('fields.chassisNo')} />
      </Grid>
      <Grid size={half} sx={{ pt: 2 }}>
        <FormDatePicker
          control={control}
          name="vehicle.regDate"
          label={t('fields.regDate')}
          minDate={REG_DATE_MIN}
          isRequired
        />
      </Grid>
      <Grid size={half} />
      <StateAndRto control={control} setValue={setValue} />
      <Grid size={half}>
        <FormTextField control={control} name="vehicle.make" label={t('fields.make')} />
      </Grid>
      <Grid size={half}>
        <FormTextField control={control} name="vehicle.model" label={t('fields.model')} />
      </Grid>
      <Grid size={12} sx={{ mt: 2 }}>
        <FormImageUpload
          control={control}
          name="vehicle.rcImages"
          label={t('fields.rcImages')}
          folder="rc"
          minCount={limits.min}
          maxCount={limits.max}
          isRequired
        />
      </Grid>
    </Grid>
  );
}

function StateAndRto({ control, setValue }: Pick<SectionProps, 'control' | 'setValue'>) {
  const { t } = useTranslation('fitment');
  const fieldError = useFieldError();
  const state = useController({ control, name: 'vehicle.state' });
  const rtoCode = useController({ control, name: 'vehicle.rtoCode' });
  const rtoName = useWatch({ control, name: 'vehicle.rto' });
  const stateCode = state.field.value;
  const states = useQuery({ queryKey: rtoKeys.states, queryFn: listStates, staleTime: Infinity });
  const rtos = useQuery({
    queryKey: rtoKeys.ofState(stateCode),
    queryFn: () => listRtos(stateCode),
    enabled: stateCode !== '',
    staleTime: 5 * 60_000,
  });
  const rtoOptions = rtos.data ?? [];
  // A loaded fitment's RTO stays choosable even when the list no longer has it.
  const shownRtos =
    rtoCode.field.value !== '' && !rtoOptions.some((r) => r.code === rtoCode.field.value)
      ? [{ code: rtoCode.field.value, name: rtoName }, ...rtoOptions]
      : rtoOptions;
  const stateError = fieldError(state.fieldState.error?.message);
  const rtoError = fieldError(rtoCode.fieldState.error?.message);
  const rtoHelp =
    stateCode === ''
      ? t('form.rtoAfterState')
      : rtos.isError
        ? t('form.loadFailed')
        : !rtos.isPending && rtoOptions.length === 0
          ? t('form.noRtos')
          : undefined;
  return (
    <>
      <Grid size={half}>
        <TextField
          select
          name={state.field.name}
          inputRef={state.field.ref}
          label={t('fields.state')}
          value={states.data ? stateCode : ''}
          onChange={(event) => {
            state.field.onChange(event.target.value);
            setValue('vehicle.rtoCode', '');
            setValue('vehicle.rto', '');
          }}
          onBlur={state.field.onBlur}
          required
          fullWidth
          margin="normal"
          error={stateError !== undefined}
          helperText={stateError ?? (states.isError ? t('form.loadFailed') : undefined)}
        >
          {(states.data ?? []).map((s) => (
            <MenuItem key={s.code} value={s.code}>
              {s.name} ({s.code})
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={half}>
        <TextField
          select
          name={rtoCode.field.name}
          inputRef={rtoCode.field.ref}
          label={t('fields.rto')}
          value={shownRtos.some((r) => r.code === rtoCode.field.value) ? rtoCode.field.value : ''}
          onChange={(event) => {
            const picked = shownRtos.find((r) => r.code === event.target.value);
            rtoCode.field.onChange(event.target.value);
            setValue('vehicle.rto', picked?.name ?? '');
          }}
          onBlur={rtoCode.field.onBlur}
          disabled={stateCode === ''}
          required
          fullWidth
          margin="normal"
          error={rtoError !== undefined}
          helperText={rtoError ?? rtoHelp}
        >
          {shownRtos.map((r) => (
            <MenuItem key={r.code} value={r.code}>
              {r.name} ({r.code})
            </MenuItem>
          ))}
        </TextField>
      </Grid>
    </>
  );
}

/** Fills the vehicle fields from a vehicle the session can see (its images included). */
function ExistingVehiclePicker({ setValue }: { setValue: UseFormSetValue<FitmentFormValues> }) {
  const { t } = useTranslation('fitment');
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const query = vehicleOptionsQuery(t('form.notLinked'));
  return (
    <SearchSelect
      query={query}
      value={picked}
      label={t('form.existingVehicle')}
      helperText={t('form.existingVehicleHint')}
      isRequired={false}
      onChange={(option) => {
        setPicked(option);
        const vehicle = option && 'vehicle' in option ? (option.vehicle as Vehicle) : null;
        if (vehicle) fillVehicle(vehicle, setValue);
      }}
    />
  );
}

function fillVehicle(v: Vehicle, setValue: UseFormSetValue<FitmentFormValues>) {
  const options = { shouldDirty: true } as const;
  const rtoCode = v.rtoCode ?? '';
  setValue('vehicle.registrationNumber', v.registrationNumber, options);
  setValue('vehicle.category', v.category ?? '', options);
  setValue('vehicle.engineNo', v.engineNo ?? '', options);
  setValue('vehicle.chassisNo', v.chassisNo ?? '', options);
  setValue('vehicle.regDate', v.regDate, options);
  setValue('vehicle.state', rtoCode.includes('_') ? rtoCode.slice(0, rtoCode.indexOf('_')) : '', options);
  setValue('vehicle.rtoCode', rtoCode, options);
  setValue('vehicle.rto', v.rto ?? '', options);
  setValue('vehicle.make', v.make ?? '', options);
  setValue('vehicle.model', v.model ?? '', options);
  if (v.rcImages.length > 0) setValue('vehicle.rcImages', v.rcImages, options);
}
