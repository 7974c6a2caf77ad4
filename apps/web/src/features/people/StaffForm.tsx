/**
 * The add/edit staff form: name, phone, role, ward (its circle and zone follow on the server), RFID / iButton tag,
 * licence and whether the person is active. A driver without a valid licence is allowed, with a warning.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import { STAFF_ROLES, type Staff, type StaffInput } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  applyServerErrors,
  FieldMessages,
  FormActions,
  FormDatePicker,
  FormTextField,
} from '@/components/form';
import { useSession } from '@/session';
import { createStaff, divisionsQuery, peopleKeys, updateStaff } from './api/people';
import { STAFF_PATH } from './paths';
import { usePeopleMessages } from './people-messages';
import {
  EMPTY_STAFF_FORM,
  STAFF_FORM_FIELDS,
  staffFormSchema,
  toFormValues,
  type StaffFormValues,
} from './staff-form';

export function StaffForm({ staff }: { staff?: Staff | undefined }) {
  const { t } = useTranslation('people');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can, user } = useSession();
  const messages = usePeopleMessages();
  const schema = useMemo(() => staffFormSchema(), []);
  const organisationId = staff?.organisationId ?? user?.organisation.id;
  const wards = useQuery({ ...divisionsQuery('WARD', organisationId), enabled: can('admin-division') });
  const canSave = staff ? can('staff', 'edit-staff-result-table') : can('staff', 'add-staff');
  const form = useForm<StaffFormValues, unknown, StaffInput>({
    resolver: zodResolver(schema),
    defaultValues: staff ? toFormValues(staff) : EMPTY_STAFF_FORM,
  });
  const { handleSubmit, formState, setError } = form;
  const control = form.control as unknown as Control<StaffFormValues>;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = staff ? await updateStaff(staff.id, values) : await createStaff(values);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      enqueueSnackbar(staff ? t('staff.updated') : t('staff.created'), { variant: 'success' });
      for (const warning of saved.warnings) enqueueSnackbar(messages(warning), { variant: 'warning' });
      void navigate(STAFF_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, STAFF_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {staff && staff.warnings.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {staff.warnings.map(messages).join(' · ')}
          </Alert>
        )}
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField control={control} name="name" label={t('fields.name')} required />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="phone"
              label={t('fields.phone')}
              helperText={t('staff.phoneHint')}
              slotProps={{ htmlInput: { inputMode: 'tel' } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="role" select label={t('fields.role')} required>
              {STAFF_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {t(`roles.${r}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="wardId"
              select
              label={t('fields.ward')}
              helperText={wards.isError ? t('common.loadFailed') : t('staff.wardHint')}
            >
              <MenuItem value="">{t('common.none')}</MenuItem>
              {(wards.data ?? []).map((w) => (
                <MenuItem key={w.id} value={w.id}>
                  {w.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="tagId"
              label={t('fields.tagId')}
              helperText={t('staff.tagHint')}
              slotProps={{ htmlInput: { style: { textTransform: 'uppercase' }, spellCheck: false } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="licenceNo" label={t('fields.licenceNo')} />
          </Grid>
          <Grid size={half} sx={{ pt: 2 }}>
            <FormDatePicker
              control={control}
              name="licenceValidUntil"
              label={t('fields.licenceValidUntil')}
              maxDate={null}
            />
          </Grid>
          <Grid size={half} sx={{ pt: 2, display: 'flex', alignItems: 'center' }}>
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(e) => field.onChange(e.target.checked)}
                      onBlur={field.onBlur}
                      name={field.name}
                    />
                  }
                  label={t('fields.active')}
                />
              )}
            />
          </Grid>
        </Grid>
        {canSave ? (
          <FormActions
            cancelTo={STAFF_PATH}
            submitting={formState.isSubmitting}
            submitLabel={staff ? t('common.save') : t('staff.add')}
          />
        ) : (
          <Alert severity="info" sx={{ mt: 3 }}>
            {t('common.readOnly')}
          </Alert>
        )}
      </Box>
    </FieldMessages>
  );
}
