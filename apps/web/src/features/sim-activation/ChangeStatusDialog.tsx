/**
 * The change-status dialog (spec 02 §4, §5 "Sim status change"): a status (required); DONE also needs both MSISDNs,
 * both SIM operators and the E-SIM provider — one message for any of them missing, word for word. The server's
 * message shows in the dialog when saving fails.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ESIM_PROVIDERS,
  SIM_ACTIVATION_MESSAGES as MSG,
  SIM_OPERATOR_SUGGESTIONS,
  SIM_ORDER_STATUS_CHOICES,
  SimStatusChangeSchema,
  type SimActivationOrder,
  type SimStatusChange,
} from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { changeSimOrderStatus, simActivationKeys } from './api/sim-activation';
import { useSimActivationMessages } from './sim-activation-form';

const DialogSchema = z
  .object({
    status: z.string(),
    sim1: z.string(),
    sim2: z.string(),
    sim1_operator: z.string(),
    sim2_operator: z.string(),
    eSimProvider: z.string(),
  })
  .transform((values, ctx): SimStatusChange => {
    const parsed = SimStatusChangeSchema.safeParse(values);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
type DialogValues = z.input<typeof DialogSchema>;
type SimField = 'sim1' | 'sim2' | 'sim1_operator' | 'sim2_operator' | 'eSimProvider';

function initialValues(order: SimActivationOrder): DialogValues {
  const d = order.simDetails;
  return {
    status: '',
    sim1: d.sim1 ?? '',
    sim2: d.sim2 ?? '',
    sim1_operator: d.sim1_operator ?? '',
    sim2_operator: d.sim2_operator ?? '',
    eSimProvider: d.eSimProvider ?? '',
  };
}

export function ChangeStatusDialog({ order, onClose }: { order: SimActivationOrder; onClose: () => void }) {
  const { t } = useTranslation('simActivation');
  const messages = useSimActivationMessages();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const form = useForm<DialogValues, unknown, SimStatusChange>({
    resolver: zodResolver(DialogSchema),
    defaultValues: initialValues(order),
  });
  const { handleSubmit, formState, setError } = form;
  const control = form.control as unknown as Control<DialogValues>;
  const status = useWatch({ control, name: 'status' });
  const isDone = status === 'DONE';
  const { errors } = formState;
  const missingDetails = (['sim1', 'sim2', 'sim1_operator', 'sim2_operator', 'eSimProvider'] as const).some(
    (f) => errors[f]?.message === MSG.doneDetails,
  );

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changeSimOrderStatus(order.id, values.status === 'DONE' ? values : { status: values.status });
      await queryClient.invalidateQueries({ queryKey: simActivationKeys.all });
      enqueueSnackbar(t('status.updated'), { variant: 'success' });
      onClose();
    } catch (error) {
      const message =
        error instanceof ApiError && error.hasServerMessage ? messages(error.message) : t('form.failed');
      setError('root.serverError', { type: 'server', message });
      enqueueSnackbar(message, { variant: 'error' });
    }
  });

  /** A field's own message; the shared "all required" message shows once, above the fields. */
  const ownMessage = (error: FieldError | undefined) =>
    error?.message && error.message !== MSG.doneDetails ? messages(error.message) : undefined;

  const simField = (name: 'sim1' | 'sim2', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          onChange={(e) => field.onChange(e.target.value.replace(/\D/g, ''))}
          label={label}
          required
          fullWidth
          margin="dense"
          error={fieldState.error !== undefined}
          helperText={ownMessage(fieldState.error) ?? t('status.msisdnHint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 15 } }}
        />
      )}
    />
  );

  const operatorField = (name: SimField, label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          freeSolo
          options={[...SIM_OPERATOR_SUGGESTIONS]}
          inputValue={field.value}
          onInputChange={(_, value) => field.onChange(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              onBlur={field.onBlur}
              label={label}
              required
              margin="dense"
              error={fieldState.error !== undefined}
              helperText={ownMessage(fieldState.error)}
            />
          )}
        />
      )}
    />
  );

  return (
    <Dialog
      open
      onClose={formState.isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id={titleId}>{t('status.title', { imei: order.imei })}</DialogTitle>
        <DialogContent>
          <Controller
            control={control}
            name="status"
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                select
                required
                fullWidth
                margin="dense"
                label={t('fields.status')}
                error={fieldState.error !== undefined}
                helperText={
                  fieldState.error?.message
                    ? messages(fieldState.error.message)
                    : t('status.current', { status: t(`statuses.${order.status}`) })
                }
              >
                {SIM_ORDER_STATUS_CHOICES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {isDone && (
            <>
              {missingDetails && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {messages(MSG.doneDetails)}
                </Alert>
              )}
              <Grid container columnSpacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>{simField('sim1', t('fields.sim1'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {operatorField('sim1_operator', t('fields.sim1Operator'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{simField('sim2', t('fields.sim2'))}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  {operatorField('sim2_operator', t('fields.sim2Operator'))}
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <Controller
                    control={control}
                    name="eSimProvider"
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        inputRef={field.ref}
                        select
                        required
                        fullWidth
                        margin="dense"
                        label={t('fields.eSimProvider')}
                        error={fieldState.error !== undefined}
                        helperText={ownMessage(fieldState.error)}
                      >
                        {ESIM_PROVIDERS.map((p) => (
                          <MenuItem key={p} value={p}>
                            {p}
                          </MenuItem>
                        ))}
                      </TextField>
                    )}
                  />
                </Grid>
              </Grid>
            </>
          )}
          {errors.root?.serverError?.message && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errors.root.serverError.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('status.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('status.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
