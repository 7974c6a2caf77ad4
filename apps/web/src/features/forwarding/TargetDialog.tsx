/**
 * Add or edit a forwarding target: a webhook (URL, optional signing secret, positions and/or alerts) or an AIS-140
 * emergency backend (TCP host and port). The secret is write-only: left empty on edit, the stored one is kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { FORWARD_LIMITS, FORWARD_TARGET_KINDS, type ForwardTarget } from '@civicfleet/shared';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/api/api-error';
import { saveTarget } from './api';

const FormSchema = z
  .object({
    name: z.string().trim().min(1, 'errors.name').max(FORWARD_LIMITS.nameMax, 'errors.name'),
    kind: z.enum(FORWARD_TARGET_KINDS),
    enabled: z.boolean(),
    url: z.string().trim(),
    secret: z.string(),
    host: z.string().trim(),
    port: z.string().trim(),
    sendPositions: z.boolean(),
    sendAlerts: z.boolean(),
    eventTypes: z.string(),
    batchSize: z.coerce
      .number<string>()
      .int('errors.batchSize')
      .min(1, 'errors.batchSize')
      .max(1000, 'errors.batchSize'),
    timeoutMs: z.coerce
      .number<string>()
      .int('errors.timeout')
      .min(500, 'errors.timeout')
      .max(60_000, 'errors.timeout'),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'webhook' && !/^https?:\/\/\S+$/i.test(v.url))
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'errors.url' });
    if (
      v.secret !== '' &&
      (v.secret.length < FORWARD_LIMITS.secretMin || v.secret.length > FORWARD_LIMITS.secretMax)
    )
      ctx.addIssue({ code: 'custom', path: ['secret'], message: 'errors.secret' });
    if (v.kind === 'webhook' && !v.sendPositions && !v.sendAlerts)
      ctx.addIssue({ code: 'custom', path: ['sendAlerts'], message: 'errors.what' });
    if (v.kind === 'emergency' && v.host === '')
      ctx.addIssue({ code: 'custom', path: ['host'], message: 'errors.host' });
    const port = Number(v.port);
    if (v.kind === 'emergency' && !(Number.isInteger(port) && port >= 1 && port <= 65535))
      ctx.addIssue({ code: 'custom', path: ['port'], message: 'errors.port' });
  });
type FormValues = z.input<typeof FormSchema>;

function defaultsOf(target: ForwardTarget | null): FormValues {
  return {
    name: target?.name ?? '',
    kind: target?.kind ?? 'webhook',
    enabled: target?.enabled ?? true,
    url: target?.url ?? '',
    secret: '',
    host: target?.host ?? '',
    port: target?.port === null || target?.port === undefined ? '' : String(target.port),
    sendPositions: target?.sendPositions ?? true,
    sendAlerts: target?.sendAlerts ?? true,
    eventTypes: target?.eventTypes.join(', ') ?? '',
    batchSize: String(target?.batchSize ?? 100),
    timeoutMs: String(target?.timeoutMs ?? 10_000),
  };
}

export interface TargetDialogProps {
  /** Edit this target; null: add one. */
  target: ForwardTarget | null;
  onClose: () => void;
  onSaved: (target: ForwardTarget) => void;
}

export function TargetDialog({ target, onClose, onSaved }: TargetDialogProps) {
  const { t } = useTranslation('forwarding');
  const [serverError, setServerError] = useState<string | null>(null);
  const { control, handleSubmit, formState } = useForm<FormValues, unknown, z.output<typeof FormSchema>>({
    resolver: zodResolver(FormSchema),
    defaultValues: defaultsOf(target),
  });
  const kind = useWatch({ control, name: 'kind' });
  const error = (name: keyof FormValues) => {
    const message = formState.errors[name]?.message;
    return message ? { error: true, helperText: t(message) } : {};
  };

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    const webhook = values.kind === 'webhook';
    try {
      const saved = await saveTarget(target?.id ?? null, {
        name: values.name,
        kind: values.kind,
        enabled: values.enabled,
        url: webhook ? values.url : null,
        host: webhook ? null : values.host,
        port: webhook ? null : Number(values.port),
        sendPositions: values.sendPositions,
        sendAlerts: values.sendAlerts,
        eventTypes: values.eventTypes
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
        batchSize: values.batchSize,
        timeoutMs: values.timeoutMs,
        ...(webhook && values.secret !== '' ? { secret: values.secret } : {}),
      });
      onSaved(saved);
    } catch (caught) {
      setServerError(caught instanceof ApiError ? caught.message : t('toast.failed'));
    }
  });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="forward-target-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="forward-target-title">
          {target ? t('dialog.editTitle') : t('dialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <Controller
              name="name"
              control={control}
              render={({ field }) => (
                <TextField {...field} label={t('fields.name')} required {...error('name')} />
              )}
            />
            <Controller
              name="kind"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label={t('fields.kind')}
                  helperText={t(`kinds.${field.value}.help`)}
                >
                  {FORWARD_TARGET_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`kinds.${k}.label`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {kind === 'webhook' ? (
              <>
                <Controller
                  name="url"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      label={t('fields.url')}
                      required
                      placeholder="https://"
                      {...error('url')}
                    />
                  )}
                />
                <Controller
                  name="secret"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      type="password"
                      autoComplete="new-password"
                      label={t('fields.secret')}
                      helperText={
                        formState.errors.secret?.message
                          ? t(formState.errors.secret.message)
                          : target?.secretHint
                            ? t('fields.secretKeep', { hint: target.secretHint })
                            : t('fields.secretHelp')
                      }
                      error={Boolean(formState.errors.secret)}
                    />
                  )}
                />
                <Stack direction="row" spacing={2}>
                  <Controller
                    name="sendPositions"
                    control={control}
                    render={({ field }) => (
                      <FormControlLabel
                        control={
                          <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                        }
                        label={t('fields.sendPositions')}
                      />
                    )}
                  />
                  <Controller
                    name="sendAlerts"
                    control={control}
                    render={({ field }) => (
                      <FormControlLabel
                        control={
                          <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                        }
                        label={t('fields.sendAlerts')}
                      />
                    )}
                  />
                </Stack>
                {formState.errors.sendAlerts?.message && (
                  <Alert severity="warning">{t(formState.errors.sendAlerts.message)}</Alert>
                )}
                <Controller
                  name="eventTypes"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      label={t('fields.eventTypes')}
                      helperText={t('fields.eventTypesHelp')}
                    />
                  )}
                />
                <Controller
                  name="batchSize"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      type="number"
                      label={t('fields.batchSize')}
                      {...error('batchSize')}
                    />
                  )}
                />
              </>
            ) : (
              <Stack direction="row" spacing={2}>
                <Controller
                  name="host"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      label={t('fields.host')}
                      required
                      sx={{ flex: 2 }}
                      {...error('host')}
                    />
                  )}
                />
                <Controller
                  name="port"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      {...field}
                      type="number"
                      label={t('fields.port')}
                      required
                      sx={{ flex: 1 }}
                      {...error('port')}
                    />
                  )}
                />
              </Stack>
            )}
            <Controller
              name="timeoutMs"
              control={control}
              render={({ field }) => (
                <TextField {...field} type="number" label={t('fields.timeoutMs')} {...error('timeoutMs')} />
              )}
            />
            <Controller
              name="enabled"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                  label={t('fields.enabled')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('actions.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
