/**
 * The add/edit device form: identity (IMEI, AIS-140 UID), SIMs, model/firmware/protocol, panic buttons, owner, and
 * the source networks its frames are accepted from (inherited, any address, or a list).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { DEVICE_PROTOCOLS, ESIM_PROVIDERS, type Device } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useSession } from '@/session';
import { OrganisationPicker } from '@/components/OrganisationPicker';
import { createDevice, deviceKeys, updateDevice } from './api/devices';
import {
  DEVICE_FORM_FIELDS,
  DEVICE_SERVER_FIELD_MAP,
  DeviceFormSchema,
  NETWORKS_MODES,
  EMPTY_DEVICE_FORM,
  toDeviceBody,
  toFormValues,
  type DeviceFormValues,
} from './device-form';
import { applyServerErrors, FieldMessages, FormTextField } from '@/components/form';
import { useDeviceMessages } from './form-parts';

const LIST_PATH = '/management/device';
const PROTOCOL_LABELS = { ais140: 'AIS-140', gt06: 'GT06', teltonika: 'Teltonika' } as const;

export function DeviceForm({ device }: { device?: Device }) {
  const { t } = useTranslation('device');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user: me } = useSession();
  const { control, handleSubmit, formState, setError } = useForm<DeviceFormValues>({
    resolver: zodResolver(DeviceFormSchema),
    defaultValues: device
      ? toFormValues(device)
      : { ...EMPTY_DEVICE_FORM, organisationId: me?.organisation.id ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const body = toDeviceBody(values);
      if (device) await updateDevice(device.id, body);
      else await createDevice(body);
      await queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      enqueueSnackbar(device ? t('form.updated') : t('form.created'), { variant: 'success' });
      void navigate(LIST_PATH);
    } catch (error) {
      const message = applyServerErrors(error, setError, DEVICE_FORM_FIELDS, DEVICE_SERVER_FIELD_MAP);
      enqueueSnackbar(message || t('common.failed'), { variant: 'error' });
    }
  });

  const owner = device
    ? { id: device.organisation.id, label: device.organisation.tradeName }
    : me
      ? { id: me.organisation.id, label: me.organisation.tradeName }
      : undefined;
  const half = { xs: 12, sm: 6 };
  const networksMode = useWatch({ control, name: 'networksMode' });

  const messages = useDeviceMessages();
  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={2}>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="imei"
              label={t('fields.imei')}
              required
              helperText={t('form.imeiHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="uid"
              label={t('fields.uid')}
              helperText={t('form.uidHint')}
              slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters' } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="iccid"
              label={t('fields.iccid')}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 22 } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="sim1"
              label={t('fields.sim1')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="sim2"
              label={t('fields.sim2')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="eSimProvider" select label={t('fields.eSimProvider')}>
              <MenuItem value="">{t('form.none')}</MenuItem>
              {ESIM_PROVIDERS.map((p) => (
                <MenuItem key={p} value={p}>
                  {p}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="protocol"
              select
              label={t('fields.protocol')}
              helperText={t('form.protocolHint')}
            >
              <MenuItem value="">{t('form.notKnown')}</MenuItem>
              {DEVICE_PROTOCOLS.map((p) => (
                <MenuItem key={p} value={p}>
                  {PROTOCOL_LABELS[p]}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="model" label={t('fields.model')} />
          </Grid>
          <Grid size={half}>
            <FormTextField control={control} name="firmware" label={t('fields.firmware')} />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="panicButtonCount"
              select
              label={t('fields.panicButtonCount')}
            >
              {['0', '1', '2', '3', '4', '5', '6', '7', '8'].map((n) => (
                <MenuItem key={n} value={n}>
                  {n}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half}>
            <OrganisationPicker
              control={control}
              name="organisationId"
              label={t('fields.organisation')}
              initial={owner}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="networksMode"
              select
              label={t('form.networksMode')}
              helperText={t(`form.networksHints.${networksMode}`)}
            >
              {NETWORKS_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {t(`form.networksModes.${mode}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          {networksMode === 'list' && (
            <Grid size={half}>
              <FormTextField
                control={control}
                name="allowedNetworks"
                label={t('form.networks')}
                required
                multiline
                minRows={2}
                helperText={t('form.networksHint')}
                slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
              />
            </Grid>
          )}
        </Grid>
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
          <Button component={RouterLink} to={LIST_PATH} disabled={formState.isSubmitting}>
            {t('common.back')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {device ? t('common.save') : t('list.add')}
          </Button>
        </Box>
      </Box>
    </FieldMessages>
  );
}
