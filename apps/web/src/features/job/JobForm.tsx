/** The add/edit job form (spec 01 §2.6 job, §9 schedules): a name, the vehicle and optional route, the schedule. */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import type { Job, JobInput } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { applyServerErrors, FieldMessages, FormActions, FormTextField } from '@/components/form';
import { SearchPicker } from '@/components/SearchPicker';
import { useSession } from '@/session';
import { createJob, jobKeys, routeOptionsQuery, updateJob, vehicleOptionsQuery } from './api/jobs';
import {
  EMPTY_JOB_FORM,
  JOB_FORM_FIELDS,
  JOB_LIST_PATH,
  jobFormSchema,
  toFormValues,
  useJobMessages,
  type JobFormValues,
} from './job-form';
import { ScheduleFields } from './ScheduleFields';

export function JobForm({ job }: { job?: Job | undefined }) {
  const { t } = useTranslation('job');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  // Opening the edit screen needs only the module; saving needs the action (the server checks it too).
  const canSave = job ? can('job', 'edit-job-result-table') : can('job', 'add-job');
  const messages = useJobMessages();
  const schema = useMemo(() => jobFormSchema(), []);
  const organisationId = job?.organisationId ?? user?.organisation.id;
  const form = useForm<JobFormValues, unknown, JobInput>({
    resolver: zodResolver(schema),
    defaultValues: job ? toFormValues(job) : EMPTY_JOB_FORM,
  });
  const { handleSubmit, formState, setError } = form;
  const control = form.control as unknown as Control<JobFormValues>;
  const canListVehicles = can('vehicle');
  const canListRoutes = can('route');

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (job) await updateJob(job.id, values);
      else await createJob(values);
      await queryClient.invalidateQueries({ queryKey: jobKeys.all });
      enqueueSnackbar(job ? t('form.updated') : t('form.created'), { variant: 'success' });
      void navigate(JOB_LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, JOB_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={12}>
            <FormTextField
              control={control}
              name="name"
              label={t('fields.name')}
              helperText={t('form.nameHint')}
              required
            />
          </Grid>
          <Grid size={half}>
            <SearchPicker
              control={control}
              name="vehicleId"
              label={t('fields.vehicle')}
              isRequired
              initial={job ? { id: job.vehicle.id, label: job.vehicle.registrationNumber } : undefined}
              query={vehicleOptionsQuery(organisationId)}
              isDisabled={!canListVehicles}
              helperText={canListVehicles ? t('form.vehicleHint') : t('form.noVehicleAccess')}
            />
          </Grid>
          <Grid size={half}>
            <SearchPicker
              control={control}
              name="routeId"
              label={t('fields.route')}
              isRequired={false}
              initial={job?.route ? { id: job.route.id, label: job.route.name } : undefined}
              query={routeOptionsQuery(organisationId)}
              isDisabled={!canListRoutes}
              helperText={canListRoutes ? t('form.routeHint') : t('form.noRouteAccess')}
            />
          </Grid>
        </Grid>
        <ScheduleFields control={control} />
        {canSave ? (
          <FormActions
            cancelTo={JOB_LIST_PATH}
            submitting={formState.isSubmitting}
            submitLabel={job ? t('common.save') : t('form.add')}
          />
        ) : (
          <Alert
            severity="info"
            sx={{ mt: 3 }}
            action={
              <Button component={RouterLink} to={JOB_LIST_PATH} color="inherit" size="small">
                {t('form.backToList')}
              </Button>
            }
          >
            {t('form.readOnly')}
          </Alert>
        )}
      </Box>
    </FieldMessages>
  );
}
