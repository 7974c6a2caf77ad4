/**
 * The dump-yard operator's entry form: big fields in the order a truck is handled at the gate — yard, vehicle,
 * times, gross and tare weight (the net shown as typed), ticket, note. Enter saves from any field; after a save the
 * form clears for the next truck (the yard stays) and the cursor goes back to the vehicle.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { DumpYardEntry, DumpYardEntryInput } from '@civicfleet/shared';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, FieldMessages, FormTextField, useFieldError } from '@/components/form';
import { SearchPicker } from '@/components/SearchPicker';
import { APP_TIME_ZONE, dayjs } from '@/lib/format';
import { readPreference, writePreference } from '@/lib/storage';
import { createEntry } from './api/operations';
import { vehicleOptionsQuery, yardsQuery } from './api/pickers';
import {
  ENTRY_FIELDS,
  entryFormSchema,
  netWeightKg,
  nextTruckValues,
  SERVER_MESSAGE_KEYS,
  type EntryFormValues,
} from './entry-form';
import { useKgFormat } from './format';

const TIME_FORMAT = 'DD/MM/YYYY HH:mm';
const BIG_SX = { '& .MuiInputBase-input': { fontSize: '1.2rem' } } as const;
const half = { xs: 12, md: 6 } as const;
/** The yard this browser last recorded at: an operator works at one gate. */
const YARD_PREFERENCE = 'operations.yard';

function TimeField({
  control,
  name,
  label,
  isRequired,
}: {
  control: Control<EntryFormValues>;
  name: 'enteredAt' | 'exitedAt';
  label: string;
  isRequired: boolean;
}) {
  const errorText = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimePicker
          label={label}
          value={field.value}
          onChange={field.onChange}
          inputRef={field.ref}
          format={TIME_FORMAT}
          timezone={APP_TIME_ZONE}
          ampm={false}
          slotProps={{
            field: { clearable: !isRequired },
            textField: {
              name: field.name,
              required: isRequired,
              fullWidth: true,
              margin: 'normal',
              onBlur: field.onBlur,
              error: fieldState.error !== undefined,
              helperText: errorText(fieldState.error?.message),
              sx: BIG_SX,
            },
          }}
        />
      )}
    />
  );
}

export function EntryForm({ onSaved }: { onSaved: (entry: DumpYardEntry) => void }) {
  const { t } = useTranslation('operations');
  const { enqueueSnackbar } = useSnackbar();
  const kg = useKgFormat();
  const yards = useQuery(yardsQuery);
  const schema = useMemo(() => entryFormSchema(), []);
  const form = useForm<EntryFormValues, unknown, DumpYardEntryInput>({
    resolver: zodResolver(schema),
    defaultValues: nextTruckValues(''),
  });
  const { handleSubmit, formState, reset, setError, setValue } = form;
  // Focus by DOM: reset() drops react-hook-form's field refs, so its setFocus cannot find the pickers afterwards.
  const yardRef = useRef<HTMLDivElement>(null);
  const vehicleRef = useRef<HTMLDivElement>(null);
  const focusIn = (box: HTMLDivElement | null) =>
    setTimeout(() => box?.querySelector<HTMLElement>('[role="combobox"]')?.focus(), 0);
  // The fields take Control<T> (input = output); only the submit handler sees the parsed DumpYardEntryInput.
  const control = form.control as unknown as Control<EntryFormValues>;
  const [gross, tare] = useWatch({ control, name: ['grossKg', 'tareKg'] });
  const net = netWeightKg(gross, tare);
  const yardOptions = yards.data;

  // Once the yards are known: the remembered yard (when still offered) and the cursor where the work starts.
  useEffect(() => {
    if (!yardOptions) return;
    const remembered = readPreference(YARD_PREFERENCE);
    const yard =
      yardOptions.find((y) => y.id === remembered) ?? (yardOptions.length === 1 ? yardOptions[0] : undefined);
    if (yard) setValue('geofenceId', yard.id);
    focusIn(yard ? vehicleRef.current : yardRef.current);
  }, [yardOptions, setValue]);

  const translate = (message: string) => {
    if (message.startsWith('entry.errors.')) return t(message);
    const key = SERVER_MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };

  const save = async (input: DumpYardEntryInput) => {
    try {
      const entry = await createEntry(input);
      enqueueSnackbar(t('entry.saved', { vehicle: entry.vehicle.registrationNumber }), {
        variant: 'success',
      });
      writePreference(YARD_PREFERENCE, input.geofenceId);
      reset(nextTruckValues(input.geofenceId));
      onSaved(entry);
      // After the re-render that clears the fields.
      focusIn(vehicleRef.current);
    } catch (error) {
      const message = applyServerErrors(error, setError, ENTRY_FIELDS);
      enqueueSnackbar(message ? translate(message) : t('entry.failed'), { variant: 'error' });
    }
  };

  return (
    <FieldMessages translate={translate}>
      <Box
        component="form"
        noValidate
        aria-label={t('entry.formLabel')}
        onSubmit={(e) => void handleSubmit(save)(e)}
      >
        <Grid container columnSpacing={2}>
          <Grid size={half} ref={yardRef}>
            <FormTextField
              control={control}
              name="geofenceId"
              select
              required
              label={t('entry.yard')}
              sx={BIG_SX}
              helperText={
                yards.isError
                  ? t('entry.yardsFailed')
                  : yardOptions?.length === 0
                    ? t('entry.noYards')
                    : t('entry.yardHint')
              }
            >
              {(yardOptions ?? []).map((y) => (
                <MenuItem key={y.id} value={y.id}>
                  {y.label} · {t(`kinds.${y.kind}`)}
                </MenuItem>
              ))}
            </FormTextField>
          </Grid>
          <Grid size={half} sx={BIG_SX} ref={vehicleRef}>
            <SearchPicker
              control={control}
              name="vehicleId"
              query={vehicleOptionsQuery}
              label={t('entry.vehicle')}
              helperText={t('entry.vehicleHint')}
            />
          </Grid>
          <Grid size={half}>
            <TimeField control={control} name="enteredAt" label={t('entry.enteredAt')} isRequired />
          </Grid>
          <Grid size={half} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <TimeField control={control} name="exitedAt" label={t('entry.exitedAt')} isRequired={false} />
            <Button
              sx={{ mt: 3, flexShrink: 0 }}
              onClick={() =>
                setValue('exitedAt', dayjs().tz(APP_TIME_ZONE).second(0).millisecond(0), {
                  shouldValidate: formState.isSubmitted,
                })
              }
            >
              {t('entry.exitNow')}
            </Button>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormTextField
              control={control}
              name="grossKg"
              label={t('entry.grossKg')}
              sx={BIG_SX}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <FormTextField
              control={control}
              name="tareKg"
              label={t('entry.tareKg')}
              sx={BIG_SX}
              slotProps={{
                htmlInput: { inputMode: 'decimal', autoComplete: 'off' },
                input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> },
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Box
              role="status"
              aria-label={t('entry.netKg')}
              sx={{
                mt: 2,
                px: 2,
                py: 1,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                bgcolor: 'action.hover',
              }}
            >
              <Typography variant="caption" color="text.secondary">
                {t('entry.netKg')}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                {net === null ? '—' : kg(net)}
              </Typography>
            </Box>
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="ticketNo"
              label={t('entry.ticketNo')}
              sx={BIG_SX}
              slotProps={{ htmlInput: { autoComplete: 'off', maxLength: 60 } }}
            />
          </Grid>
          <Grid size={half}>
            <FormTextField
              control={control}
              name="note"
              label={t('entry.note')}
              sx={BIG_SX}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </Grid>
        </Grid>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, justifyContent: 'flex-end', mt: 3 }}>
          <Typography variant="body2" color="text.secondary">
            {t('entry.enterHint')}
          </Typography>
          <Button
            type="submit"
            size="large"
            variant="contained"
            disabled={formState.isSubmitting}
            startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ minWidth: 200, py: 1.5, fontSize: '1.1rem' }}
          >
            {t('entry.save')}
          </Button>
        </Box>
      </Box>
    </FieldMessages>
  );
}
