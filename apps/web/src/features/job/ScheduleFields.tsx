/**
 * The schedule part of the job form (spec 01 §9): One Time or Recurring; a recurrence (daily, weekly, monthly, yearly,
 * custom days of the week); start and end dates; the daily window (HH:mm, Asia/Kolkata; an end before the start
 * crosses midnight).
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { JOB_RECURRENCES, JOB_SCHEDULE_TYPES } from '@civicfleet/shared';
import { useId } from 'react';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDatePicker, FormTextField, useFieldError } from '@/components/form';
import { recurrenceKey, SCHEDULE_TYPE_KEYS, type JobFormValues } from './job-form';

const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
const half = { xs: 12, sm: 6 } as const;

export function ScheduleFields({ control }: { control: Control<JobFormValues> }) {
  const { t } = useTranslation('job');
  const [scheduleType, recurrence, startDate] = useWatch({
    control,
    name: ['scheduleType', 'recurrence', 'startDate'],
  });
  const isRecurring = scheduleType === 'Recurring';
  return (
    <Grid container columnSpacing={2}>
      <Grid size={half}>
        <FormTextField control={control} name="scheduleType" select label={t('fields.scheduleType')} required>
          {JOB_SCHEDULE_TYPES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(SCHEDULE_TYPE_KEYS[s])}
            </MenuItem>
          ))}
        </FormTextField>
      </Grid>
      <Grid size={half}>
        {isRecurring && (
          <FormTextField control={control} name="recurrence" select label={t('fields.recurrence')} required>
            {JOB_RECURRENCES.map((r) => (
              <MenuItem key={r} value={r}>
                {t(recurrenceKey(r))}
              </MenuItem>
            ))}
          </FormTextField>
        )}
      </Grid>
      {isRecurring && recurrence === 'custom' && (
        <Grid size={12}>
          <DaysOfWeekField control={control} />
        </Grid>
      )}
      <Grid size={half} sx={{ pt: 2 }}>
        <FormDatePicker
          control={control}
          name="startDate"
          label={t('fields.startDate')}
          maxDate={null}
          isRequired
        />
      </Grid>
      <Grid size={half} sx={{ pt: 2 }}>
        {isRecurring && (
          <FormDatePicker
            control={control}
            name="endDate"
            label={t('fields.endDate')}
            maxDate={null}
            {...(startDate ? { minDate: startDate } : {})}
            helperText={t('form.endDateHint')}
          />
        )}
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="startTime"
          type="time"
          label={t('fields.startTime')}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={half}>
        <FormTextField
          control={control}
          name="endTime"
          type="time"
          label={t('fields.endTime')}
          helperText={t('form.endTimeHint')}
          required
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
    </Grid>
  );
}

/** The custom recurrence's days (0 = Sunday … 6 = Saturday), as toggle buttons. */
function DaysOfWeekField({ control }: { control: Control<JobFormValues> }) {
  const { t } = useTranslation('job');
  const labelId = useId();
  const { field, fieldState } = useController({ control, name: 'daysOfWeek' });
  const errorText = useFieldError()(fieldState.error?.message);
  return (
    <FormControl component="fieldset" error={errorText !== undefined} sx={{ mt: 2 }}>
      <FormLabel id={labelId} required>
        {t('fields.daysOfWeek')}
      </FormLabel>
      <ToggleButtonGroup
        aria-labelledby={labelId}
        value={field.value}
        onChange={(_, days: number[]) => field.onChange([...days].sort((a, b) => a - b))}
        size="small"
        color="primary"
        sx={{ mt: 1, flexWrap: 'wrap' }}
      >
        {WEEK_DAYS.map((d) => (
          <ToggleButton key={d} value={d} aria-label={t(`days.${d}`)}>
            {t(`daysShort.${d}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {errorText && <FormHelperText>{errorText}</FormHelperText>}
    </FormControl>
  );
}
