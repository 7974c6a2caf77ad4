/**
 * Schedule a report (issue 8): the report page's current filter (without From/To: each run covers the chosen period)
 * mailed as files to chosen users, daily / weekly / monthly at a time of day in Asia/Kolkata. Also edits a schedule
 * from the Scheduled Reports list (same dialog, `schedule` given).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  REPORT_EXPORT_FORMATS,
  REPORT_SCHEDULE_FREQUENCIES,
  REPORT_SCHEDULE_RANGES,
  compactFilter,
  reportMeta,
  type ReportSchedule,
  type ReportScheduleRecipient,
} from '@civicfleet/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Suspense, useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/api/api-error';
import { createSchedule, scheduleKeys, searchRecipients, updateSchedule } from './api';

export interface ScheduleReportDialogProps {
  reportId: string;
  /** The report page's filter; from/to are dropped (the schedule's period replaces them). */
  filter: Record<string, unknown>;
  open: boolean;
  onClose: () => void;
  /** Edit this schedule instead of creating one. */
  schedule?: ReportSchedule | null;
  onSaved?: (schedule: ReportSchedule) => void;
}

const FormSchema = z.object({
  name: z.string().trim().min(1, 'errors.name'),
  frequency: z.enum(REPORT_SCHEDULE_FREQUENCIES),
  dayOfWeek: z.number().int().min(1).max(7),
  dayOfMonth: z.number().int().min(1).max(28),
  timeOfDay: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'errors.time'),
  range: z.enum(REPORT_SCHEDULE_RANGES),
  formats: z.array(z.enum(REPORT_EXPORT_FORMATS)).min(1, 'errors.formats'),
  recipients: z
    .array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }))
    .min(1, 'errors.recipients')
    .max(20, 'errors.tooManyRecipients'),
  enabled: z.boolean(),
});
type FormValues = z.infer<typeof FormSchema>;

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const MONTH_DAYS = Array.from({ length: 28 }, (_, i) => i + 1);

/** The report's filter without the range (and without empty values). */
function scheduleFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const { from: _from, to: _to, ...rest } = filter;
  return compactFilter(rest);
}

export function ScheduleReportDialog(props: ScheduleReportDialogProps) {
  // Mounted per opening (fresh defaults each time); the namespace loads on first use while the page stays.
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <ScheduleDialogBody {...props} />
    </Suspense>
  );
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

function ScheduleDialogBody({
  reportId,
  filter,
  open,
  onClose,
  schedule,
  onSaved,
}: ScheduleReportDialogProps) {
  const { t } = useTranslation('reportSchedules');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const meta = reportMeta(reportId);
  const reportTitle = meta
    ? t(`${meta.namespace}:${reportId}.title`, { defaultValue: meta.title })
    : reportId;
  const [serverError, setServerError] = useState('');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const recipients = useQuery({
    queryKey: scheduleKeys.recipients(debounced),
    queryFn: () => searchRecipients(debounced),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  // The body mounts when the dialog opens, so the defaults are read once per opening.
  const defaults = (): FormValues => ({
    name: schedule?.name ?? reportTitle,
    frequency: schedule?.frequency ?? 'daily',
    dayOfWeek: schedule?.dayOfWeek ?? 1,
    dayOfMonth: schedule?.dayOfMonth ?? 1,
    timeOfDay: schedule?.timeOfDay ?? '07:00',
    range: schedule?.range ?? 'previous-day',
    formats: schedule?.formats ?? ['xlsx', 'pdf'],
    recipients: schedule?.recipients ?? [],
    enabled: schedule?.enabled ?? true,
  });
  const { control, handleSubmit, formState, register } = useForm<FormValues>({
    resolver: zodResolver(FormSchema),
    defaultValues: defaults(),
  });
  const frequency = useWatch({ control, name: 'frequency' });
  const message = (key: string | undefined) => (key ? t(key) : undefined);

  const onSubmit = handleSubmit(async (values) => {
    setServerError('');
    const input = {
      name: values.name,
      reportId,
      filter: schedule ? schedule.filter : scheduleFilter(filter),
      range: values.range,
      frequency: values.frequency,
      dayOfWeek: values.frequency === 'weekly' ? values.dayOfWeek : null,
      dayOfMonth: values.frequency === 'monthly' ? values.dayOfMonth : null,
      timeOfDay: values.timeOfDay,
      formats: values.formats,
      recipients: values.recipients.map((r) => r.id),
      enabled: values.enabled,
    };
    try {
      const saved = schedule ? await updateSchedule(schedule.id, input) : await createSchedule(input);
      enqueueSnackbar(t(schedule ? 'toast.updated' : 'toast.created', { name: saved.name }), {
        variant: 'success',
      });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const text = error instanceof ApiError ? error.message : t('toast.failed');
      setServerError(text);
      enqueueSnackbar(text, { variant: 'error' });
    }
  });

  const busy = formState.isSubmitting;
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)}>
        <DialogTitle id={titleId}>
          {schedule ? t('dialog.editTitle') : t('dialog.title', { report: reportTitle })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError && <Alert severity="error">{serverError}</Alert>}
            <TextField
              label={t('fields.name')}
              required
              fullWidth
              {...register('name')}
              error={Boolean(formState.errors.name)}
              helperText={message(formState.errors.name?.message)}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Controller
                control={control}
                name="frequency"
                render={({ field }) => (
                  <TextField select label={t('fields.frequency')} fullWidth {...field}>
                    {REPORT_SCHEDULE_FREQUENCIES.map((f) => (
                      <MenuItem key={f} value={f}>
                        {t(`frequencies.${f}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              {frequency === 'weekly' && (
                <Controller
                  control={control}
                  name="dayOfWeek"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('fields.dayOfWeek')}
                      fullWidth
                      {...field}
                      onChange={(e) => field.onChange(Number(e.target.value))}
                    >
                      {WEEKDAYS.map((d) => (
                        <MenuItem key={d} value={d}>
                          {t(`weekdays.${d}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
              {frequency === 'monthly' && (
                <Controller
                  control={control}
                  name="dayOfMonth"
                  render={({ field }) => (
                    <TextField
                      select
                      label={t('fields.dayOfMonth')}
                      fullWidth
                      {...field}
                      onChange={(e) => field.onChange(Number(e.target.value))}
                    >
                      {MONTH_DAYS.map((d) => (
                        <MenuItem key={d} value={d}>
                          {d}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
              <TextField
                type="time"
                label={t('fields.time')}
                fullWidth
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
                {...register('timeOfDay')}
                error={Boolean(formState.errors.timeOfDay)}
                helperText={message(formState.errors.timeOfDay?.message) ?? t('fields.timeHelp')}
              />
            </Stack>
            <Controller
              control={control}
              name="range"
              render={({ field }) => (
                <TextField select label={t('fields.range')} fullWidth {...field}>
                  {REPORT_SCHEDULE_RANGES.map((r) => (
                    <MenuItem key={r} value={r}>
                      {t(`ranges.${r}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="formats"
              render={({ field, fieldState }) => (
                <FormControl error={Boolean(fieldState.error)} component="fieldset">
                  <FormLabel component="legend">{t('fields.formats')}</FormLabel>
                  <FormGroup row>
                    {(['xlsx', 'pdf', 'csv'] as const).map((format) => (
                      <FormControlLabel
                        key={format}
                        label={format.toUpperCase()}
                        control={
                          <Checkbox
                            checked={field.value.includes(format)}
                            onChange={(e) =>
                              field.onChange(
                                e.target.checked
                                  ? [...field.value, format]
                                  : field.value.filter((f) => f !== format),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {fieldState.error && <FormHelperText>{message(fieldState.error.message)}</FormHelperText>}
                </FormControl>
              )}
            />
            <Controller
              control={control}
              name="recipients"
              render={({ field, fieldState }) => (
                <Autocomplete<ReportScheduleRecipient, true>
                  multiple
                  options={recipients.data ?? []}
                  value={field.value}
                  loading={recipients.isFetching}
                  filterOptions={(x) => x}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  getOptionLabel={(o) => (o.email ? `${o.name} <${o.email}>` : o.name)}
                  onChange={(_e, value) => field.onChange(value)}
                  onInputChange={(_e, text, reason) => {
                    if (reason !== 'reset') setSearch(text);
                  }}
                  noOptionsText={recipients.isError ? t('recipients.error') : t('recipients.none')}
                  loadingText={t('recipients.loading')}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('fields.recipients')}
                      required
                      error={Boolean(fieldState.error)}
                      helperText={message(fieldState.error?.message) ?? t('fields.recipientsHelp')}
                    />
                  )}
                />
              )}
            />
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <FormControlLabel
                  label={t('fields.enabled')}
                  control={
                    <Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
                  }
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
