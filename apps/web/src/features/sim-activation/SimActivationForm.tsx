/**
 * The SIM activation form (spec 01 §2.10, §5; contract sim-activation.contract.ts): IMEI, 1–4 IPs, 1–4 phone numbers
 * behind a fixed +91, and the activation duration chosen by name from the active plans. On success a toast and back
 * one page; on failure an error toast with the server's message and the same message above the buttons.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import {
  PHONE_PREFIX,
  SIM_ACTIVATION_MAX_IPS,
  SIM_ACTIVATION_MAX_NUMBERS,
  SIM_ACTIVATION_MESSAGES as MSG,
  type SimActivationInput,
  type SimActivationOrder,
} from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useForm, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { applyServerErrors, FieldMessages, FormActions, FormTextField } from '@/components/form';
import { useSession } from '@/session';
import {
  activationPlansQuery,
  createSimOrder,
  simActivationKeys,
  updateSimOrder,
} from './api/sim-activation';
import { EntryListField } from './EntryListField';
import { ImeiField } from './ImeiField';
import {
  EMPTY_SIM_ACTIVATION_FORM,
  PHONE_INPUT_MAX_LENGTH,
  SIM_ACTIVATION_FORM_FIELDS,
  SIM_ORDER_LIST_PATH,
  simActivationFormSchema,
  toFormValues,
  useSimActivationMessages,
  type SimActivationFormValues,
} from './sim-activation-form';

const MODULE = 'sim-activation-order';

export function SimActivationForm({ order }: { order?: SimActivationOrder | undefined }) {
  const { t } = useTranslation('simActivation');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const messages = useSimActivationMessages();
  const canSave = order
    ? can(MODULE, 'edit-sim-activation-order-result-table')
    : can(MODULE, 'raise-sim-activation');
  const plans = useQuery(activationPlansQuery);
  const schema = useMemo(() => simActivationFormSchema(), []);
  const form = useForm<SimActivationFormValues, unknown, SimActivationInput>({
    resolver: zodResolver(schema),
    defaultValues: order ? toFormValues(order) : EMPTY_SIM_ACTIVATION_FORM,
  });
  const { handleSubmit, formState, setError, clearErrors } = form;
  const control = form.control as unknown as Control<SimActivationFormValues>;
  const { errors } = formState;

  // The order's own duration stays choosable even if its plan was retired since.
  const durations = plans.data ?? [];
  const options =
    order && !durations.some((p) => p.durationInDays === order.durationInDays)
      ? [
          ...durations,
          { name: t('duration.days', { count: order.durationInDays }), durationInDays: order.durationInDays },
        ]
      : durations;

  const goBack = () => {
    // Back one page (spec 01 §2.10); to the list when the form was opened directly.
    if (location.key === 'default') void navigate(SIM_ORDER_LIST_PATH);
    else void navigate(-1);
  };

  const onSubmit = handleSubmit(async (values) => {
    clearErrors('root.serverError');
    try {
      if (order) await updateSimOrder(order.id, values);
      else await createSimOrder(values);
      await queryClient.invalidateQueries({ queryKey: simActivationKeys.all });
      enqueueSnackbar(order ? t('form.updated') : t('form.created'), { variant: 'success' });
      goBack();
    } catch (error) {
      const message = messages(
        applyServerErrors(error, setError, SIM_ACTIVATION_FORM_FIELDS) || t('form.failed'),
      );
      setError('root.serverError', { type: 'server', message });
      enqueueSnackbar(message, { variant: 'error' });
    }
  });

  const alertLast = (message: string) => enqueueSnackbar(messages(message), { variant: 'warning' });
  const listError = (name: 'ips' | 'numbers') => errors[name]?.root?.message ?? errors[name]?.message;

  return (
    <FieldMessages translate={messages}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Grid container columnSpacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <ImeiField control={control} canSuggest={can('device')} isReadOnly={order !== undefined} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormTextField
              control={control}
              name="durationInDays"
              select
              required
              label={t('fields.duration')}
              helperText={plans.isError ? t('form.plansFailed') : t('form.durationHint')}
              disabled={plans.isPending}
            >
              {options.map((p) => (
                <MenuItem key={p.durationInDays} value={String(p.durationInDays)}>
                  {p.name}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <EntryListField
              control={control}
              name="ips"
              label={t('fields.ips')}
              entryLabel={(n) => t('form.ipEntry', { n })}
              addLabel={t('form.addIp')}
              removeLabel={(n) => t('form.removeIp', { n })}
              max={SIM_ACTIVATION_MAX_IPS}
              onLastRemoved={() => alertLast(MSG.atLeastOneIp)}
              placeholder="103.21.58.10:5010"
              helperText={t('form.ipHint')}
              error={listError('ips')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <EntryListField
              control={control}
              name="numbers"
              label={t('fields.numbers')}
              entryLabel={(n) => t('form.numberEntry', { n })}
              addLabel={t('form.addNumber')}
              removeLabel={(n) => t('form.removeNumber', { n })}
              max={SIM_ACTIVATION_MAX_NUMBERS}
              onLastRemoved={() => alertLast(MSG.atLeastOneNumber)}
              prefix={PHONE_PREFIX}
              maxLength={PHONE_INPUT_MAX_LENGTH}
              inputMode="numeric"
              helperText={t('form.numberHint')}
              error={listError('numbers')}
            />
          </Grid>
        </Grid>
        {errors.root?.serverError?.message && (
          <Alert severity="error" sx={{ mt: 3 }}>
            {errors.root.serverError.message}
          </Alert>
        )}
        {canSave ? (
          <FormActions
            cancelTo={SIM_ORDER_LIST_PATH}
            submitting={formState.isSubmitting}
            submitLabel={order ? t('form.save') : t('form.raise')}
          />
        ) : (
          <Alert
            severity="info"
            sx={{ mt: 3 }}
            action={
              <Button component={RouterLink} to={SIM_ORDER_LIST_PATH} color="inherit" size="small">
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
