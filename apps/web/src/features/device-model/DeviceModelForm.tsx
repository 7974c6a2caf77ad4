/**
 * The add/edit device model form: name, manufacturer, protocol, firmware versions, default panic buttons and the
 * AIS-140 TAC number (printed on the fitment certificates of this model's devices).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { DEVICE_MODEL_PROTOCOLS, type DeviceModel, type DeviceModelInput } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { applyServerErrors, FieldMessages, FormActions, FormTextField } from '@/components/form';
import { useSession } from '@/session';
import { createDeviceModel, deviceModelKeys, updateDeviceModel } from './api/device-models';
import {
  DEVICE_MODEL_FORM_FIELDS,
  EMPTY_DEVICE_MODEL_FORM,
  deviceModelFormSchema,
  toFormValues,
  useDeviceModelMessages,
  type DeviceModelFormValues,
} from './device-model-form';

const LIST_PATH = '/management/device-model';

export function DeviceModelForm({ model }: { model?: DeviceModel | undefined }) {
  const { t } = useTranslation('catalogue');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const messages = useDeviceModelMessages();
  const schema = useMemo(() => deviceModelFormSchema(), []);
  // The edit screen opens with the module alone; saving needs the edit action.
  const canSave = model
    ? can('device-model', 'edit-device-model-result-table')
    : can('device-model', 'add-device-model');
  const form = useForm<DeviceModelFormValues, unknown, DeviceModelInput>({
    resolver: zodResolver(schema),
    defaultValues: model ? toFormValues(model) : EMPTY_DEVICE_MODEL_FORM,
  });
  const { handleSubmit, formState, setError } = form;
  const control = form.control as unknown as Control<DeviceModelFormValues>;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (model) await updateDeviceModel(model.id, values);
      else await createDeviceModel(values);
      await queryClient.invalidateQueries({ queryKey: deviceModelKeys.all });
      enqueueSnackbar(model ? t('deviceModel.form.updated') : t('deviceModel.form.created'), {
        variant: 'success',
      });
      void navigate(LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, DEVICE_MODEL_FORM_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const half = { xs: 12, sm: 6 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        {!canSave && <Alert severity="info">{t('common.readOnly')}</Alert>}
        <Box component="fieldset" disabled={!canSave} sx={{ border: 0, p: 0, m: 0 }}>
          <Grid container columnSpacing={2}>
            <Grid size={half}>
              <FormTextField control={control} name="name" label={t('deviceModel.fields.name')} required />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="manufacturer"
                label={t('deviceModel.fields.manufacturer')}
                required
              />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="protocol"
                select
                label={t('deviceModel.fields.protocol')}
                required
                disabled={!canSave}
              >
                {DEVICE_MODEL_PROTOCOLS.map((p) => (
                  <MenuItem key={p} value={p}>
                    {t(`protocols.${p}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="panicButtonCount"
                label={t('deviceModel.fields.panicButtonCount')}
                helperText={t('deviceModel.form.panicHint')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="tacNumber"
                label={t('deviceModel.fields.tacNumber')}
                helperText={t('deviceModel.form.tacHint')}
                slotProps={{ htmlInput: { maxLength: 60 } }}
              />
            </Grid>
            <Grid size={half}>
              <FormTextField
                control={control}
                name="firmwareVersions"
                label={t('deviceModel.fields.firmwareVersions')}
                helperText={t('deviceModel.form.firmwareHint')}
              />
            </Grid>
          </Grid>
        </Box>
        {canSave ? (
          <FormActions
            cancelTo={LIST_PATH}
            submitting={formState.isSubmitting}
            submitLabel={model ? t('common.save') : t('deviceModel.form.add')}
          />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
            <Button component={RouterLink} to={LIST_PATH}>
              {t('common.back')}
            </Button>
          </Box>
        )}
      </Box>
    </FieldMessages>
  );
}
