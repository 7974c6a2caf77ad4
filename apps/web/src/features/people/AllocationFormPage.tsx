/** /swm/vehicle-allocation/add: a supervisor puts a person on a vehicle for a day and shift (?day= preselects the day). */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import {
  SHIFTS,
  VehicleAllocationInputSchema,
  type StaffRole,
  type VehicleAllocationInput,
} from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormDatePicker,
  FormPage,
  FormTextField,
} from '@/components/form';
import { SearchPicker } from '@/components/SearchPicker';
import { shiftOfNow } from './shift';
import { createAllocation, peopleKeys, staffOptionsQuery, vehicleOptionsQuery } from './api/people';
import { readDay } from './params';
import { ALLOCATION_PATH } from './paths';
import { CHOOSE_STAFF, CHOOSE_VEHICLE, usePeopleMessages } from './people-messages';

const FormSchema = z.object({
  vehicleId: z.string(),
  staffId: z.string(),
  day: z.string().nullable(),
  shift: z.string(),
});
type FormValues = z.input<typeof FormSchema>;
const FIELDS = ['vehicleId', 'staffId', 'day', 'shift'] as const;

const schema = FormSchema.transform((v, ctx): VehicleAllocationInput => {
  if (v.vehicleId === '') ctx.addIssue({ code: 'custom', path: ['vehicleId'], message: CHOOSE_VEHICLE });
  if (v.staffId === '') ctx.addIssue({ code: 'custom', path: ['staffId'], message: CHOOSE_STAFF });
  const parsed = VehicleAllocationInputSchema.safeParse({ ...v, day: v.day ?? '' });
  if (parsed.success && v.vehicleId !== '' && v.staffId !== '') return parsed.data;
  for (const issue of parsed.error?.issues ?? []) {
    const [field] = issue.path;
    if (field === 'vehicleId' || field === 'staffId') continue;
    ctx.addIssue({ code: 'custom', path: issue.path, message: field === 'day' ? 'invalid' : issue.message });
  }
  return z.NEVER;
});

export function AllocationFormPage() {
  const { t } = useTranslation('people');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = usePeopleMessages();
  const [params] = useSearchParams();
  const day = readDay(params);
  const form = useForm<FormValues, unknown, VehicleAllocationInput>({
    resolver: zodResolver(schema),
    defaultValues: { vehicleId: '', staffId: '', day, shift: shiftOfNow() },
  });
  const { handleSubmit, formState, setError } = form;
  const control = form.control as unknown as Control<FormValues>;
  const staffQuery = useMemo(() => staffOptionsQuery((r: StaffRole) => t(`roles.${r}`)), [t]);
  const vehicleQuery = useMemo(() => vehicleOptionsQuery(), []);
  const listPath = `${ALLOCATION_PATH}?day=${day}`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createAllocation(values);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      enqueueSnackbar(t('allocation.created'), { variant: 'success' });
      void navigate(`${ALLOCATION_PATH}?day=${values.day}`);
    } catch (error) {
      const message = applyServerErrors(error, setError, FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <FormPage title={t('allocation.addTitle')} subtitle={t('allocation.addSubtitle')} notFoundText="">
      {() => (
        <FieldMessages translate={messages}>
          <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <Grid container columnSpacing={2}>
              <Grid size={half}>
                <SearchPicker
                  control={control}
                  name="vehicleId"
                  label={t('fields.vehicle')}
                  isRequired
                  query={vehicleQuery}
                />
              </Grid>
              <Grid size={half}>
                <SearchPicker
                  control={control}
                  name="staffId"
                  label={t('fields.staff')}
                  isRequired
                  query={staffQuery}
                  helperText={t('allocation.staffHint')}
                />
              </Grid>
              <Grid size={half} sx={{ pt: 2 }}>
                <FormDatePicker
                  control={control}
                  name="day"
                  label={t('fields.day')}
                  isRequired
                  maxDate={null}
                />
              </Grid>
              <Grid size={half}>
                <FormTextField control={control} name="shift" select label={t('fields.shift')} required>
                  {SHIFTS.map((s) => (
                    <MenuItem key={s} value={s}>
                      {t(`shifts.${s}`)} ({t(`shiftHours.${s}`)})
                    </MenuItem>
                  ))}
                </FormTextField>
              </Grid>
            </Grid>
            <FormActions
              cancelTo={listPath}
              submitting={formState.isSubmitting}
              submitLabel={t('allocation.add')}
            />
          </Box>
        </FieldMessages>
      )}
    </FormPage>
  );
}
