/**
 * The add/edit vehicle form (spec 02 §3 Vehicle): registration, RTO, make/model, kind/type, organisation, group, owner,
 * ward, RC images.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { VEHICLE_KINDS, type Vehicle, type VehicleInput } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions, FormDatePicker, FormImageUpload } from '@/components/form';
import { useSession } from '@/session';
import { createVehicle, listWards, updateVehicle, vehicleKeys } from './api/vehicles';
import { applyServerErrors, FieldMessages, FormTextField } from '@/components/form';
import { useVehicleMessages } from './form-parts';
import { OwnershipFields } from './OwnershipFields';
import {
  EMPTY_VEHICLE_FORM,
  VEHICLE_FORM_FIELDS,
  toFormValues,
  toVehicleBody,
  vehicleFormSchema,
  type VehicleFormValues,
} from './vehicle-form';

const LIST_PATH = '/management/vehicle';

export function VehicleForm({ vehicle }: { vehicle?: Vehicle }) {
  const { t } = useTranslation('vehicle');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  const messages = useVehicleMessages();
  const schema = useMemo(() => vehicleFormSchema(), []);
  const form = useForm<VehicleFormValues, unknown, VehicleInput>({
    resolver: zodResolver(schema),
    defaultValues: vehicle
      ? toFormValues(vehicle)
      : { ...EMPTY_VEHICLE_FORM, organisationId: user?.organisation.id ?? '' },
  });
  const { handleSubmit, formState, setError, setValue } = form;
  // The shared fields take Control<T> (input = output); only the submit handler sees the parsed VehicleInput.
  const control = form.control as unknown as Control<VehicleFormValues>;
  const organisationId = useWatch({ control, name: 'organisationId' });
  const wards = useQuery({
    queryKey: ['admin-divisions', 'WARD', organisationId],
    queryFn: () => listWards(organisationId || undefined),
    enabled: can('admin-division'),
  });

  // Ward and group belong to an organisation: picking another one clears them.
  const shownOrganisationId = useRef(organisationId);
  useEffect(() => {
    if (shownOrganisationId.current === organisationId) return;
    shownOrganisationId.current = organisationId;
    setValue('wardId', '');
    setValue('groupId', '');
  }, [organisationId, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = toVehicleBody(values);
      if (vehicle) await updateVehicle(vehicle.id, body);
      else await createVehicle(body);
      await queryClient.invalidateQueries({ queryKey: vehicleKeys.all });
      enqueueSnackbar(vehicle ? t('form.updated') : t('form.created'), { variant: 'success' });
      void navigate(LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, VEHICLE_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const wardOptions = wards.data ?? [];
  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="registrationNumber"
              label={t('fields.registrationNumber')}
              helperText={t('form.registrationHint')}
              required
              slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="category" label={t('fields.category')} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="kind" select label={t('fields.kind')}>
              <MenuItem value="">{t('form.none')}</MenuItem>
              {VEHICLE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`kinds.${k}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="type"
              label={t('fields.type')}
              helperText={t('form.typeHint')}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="make" label={t('fields.make')} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="model" label={t('fields.model')} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="engineNo" label={t('fields.engineNo')} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="chassisNo" label={t('fields.chassisNo')} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="rto" label={t('fields.rto')} />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="rtoCode"
              label={t('fields.rtoCode')}
              helperText={t('form.rtoCodeHint')}
            />
          </Grid>
          <Grid size={half} sx={{ pt: 2 }}>
            <FormDatePicker
              control={control}
              name="regDate"
              label={t('fields.regDate')}
              minDate="1980-01-01"
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="speedLimitKph"
              label={t('fields.speedLimitKph')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Grid>
          <OwnershipFields control={control} vehicle={vehicle} />
          <Grid size={half}>
            <FormTextField
              control={control}
              name="wardId"
              select
              label={t('fields.ward')}
              helperText={wards.isError ? t('common.loadFailed') : t('form.wardHint')}
            >
              <MenuItem value="">{t('form.none')}</MenuItem>
              {wardOptions.map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {w.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={12} sx={{ mt: 2 }}>
            <FormImageUpload
              control={control}
              name="rcImages"
              label={t('fields.rcImages')}
              folder="rc"
              minCount={2}
              maxCount={2}
            />
          </Grid>
        </Grid>
        <FormActions
          cancelTo={LIST_PATH}
          submitting={formState.isSubmitting}
          submitLabel={vehicle ? t('common.save') : t('form.add')}
        />
      </Box>
    </FieldMessages>
  );
}
