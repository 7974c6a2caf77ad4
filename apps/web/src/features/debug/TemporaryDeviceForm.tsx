/** Add a temporary device (debug:add-temporary-device): IMEI, protocol (optional) and how long it lives. */
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { DEVICE_PROTOCOLS, type Device } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FieldMessages, FormTextField } from '@/components/form';
import { createTemporaryDevice } from './api/debug';
import {
  EMPTY_TEMPORARY_DEVICE_FORM,
  EXPIRY_CHOICES_MIN,
  TEMPORARY_DEVICE_FIELDS,
  temporaryDeviceFormSchema,
  toTemporaryDeviceBody,
  useDebugMessages,
  type TemporaryDeviceFormValues,
} from './temporary-device-form';

export function TemporaryDeviceForm({ onCreated }: { onCreated: (device: Device) => void }) {
  const { t } = useTranslation('catalogue');
  const { enqueueSnackbar } = useSnackbar();
  const messages = useDebugMessages();
  const form = useForm<TemporaryDeviceFormValues>({
    resolver: zodResolver(temporaryDeviceFormSchema),
    defaultValues: EMPTY_TEMPORARY_DEVICE_FORM,
  });
  const { control, handleSubmit, formState, setError, reset, getValues } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const device = await createTemporaryDevice(toTemporaryDeviceBody(values));
      enqueueSnackbar(t('debug.temporary.created'), { variant: 'success' });
      // Keep protocol and lifetime: testers often add several devices of one kind.
      reset({ ...getValues(), imei: '' });
      onCreated(device);
    } catch (error) {
      const message = applyServerErrors(error, setError, TEMPORARY_DEVICE_FIELDS);
      enqueueSnackbar(message ? messages(message) : t('common.failed'), { variant: 'error' });
    }
  });

  const third = { xs: 12, sm: 4 } as const;
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={third}>
            <FormTextField
              control={control}
              name="imei"
              label={t('debug.temporary.imei')}
              helperText={t('debug.temporary.imeiHint')}
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
            />
          </Grid>
          <Grid size={third}>
            <FormTextField
              control={control}
              name="protocol"
              select
              label={t('debug.temporary.protocol')}
              helperText={t('debug.temporary.protocolHint')}
            >
              <MenuItem value="">{t('debug.temporary.anyProtocol')}</MenuItem>
              {DEVICE_PROTOCOLS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`protocols.${p}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={third}>
            <FormTextField
              control={control}
              name="expiresInMinutes"
              select
              label={t('debug.temporary.expiry')}
            >
              {EXPIRY_CHOICES_MIN.map((minutes) => (
                <MenuItem key={minutes} value={String(minutes)}>
                  {t(`debug.temporary.expiryChoices.m${minutes}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
          >
            {t('debug.temporary.submit')}
          </Button>
        </Box>
      </Box>
    </FieldMessages>
  );
}
