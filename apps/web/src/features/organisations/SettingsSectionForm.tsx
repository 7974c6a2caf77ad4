/**
 * The form of an inherited organisation settings section (derive thresholds, retention, …; server kit:
 * apps/server/src/modules/organisation/settings-section.service.ts): one row per field with what is stored here (an
 * input; empty = inherited, with a "Reset to inherited" button), what is in effect and the default. Saving sends the
 * whole section (the server replaces the stored overrides), shows the server's field messages on their fields (a list
 * item's `<field>.<index>` on its field) and a
 * snackbar either way. A section brings its rows, how form values become a patch (with its own checks), and the save.
 */
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';

/** Form state: one string per field; '' means "not stored here" (inherited). */
export type SettingsFormValues<F extends string> = Record<F, string>;

export interface SettingsFieldRow<F extends string> {
  field: F;
  label: string;
  /** A line under the label. */
  hint?: string;
  /** Shown at the end of the input (a unit). */
  unit?: string;
  inputMode: 'decimal' | 'numeric' | 'text';
  /** Shown in the empty input: what applies when nothing is stored here. */
  placeholder: string;
  effective: ReactNode;
  defaultValue: ReactNode;
}

export interface SettingsSectionFormProps<F extends string, S> {
  /** The table's accessible name. */
  title: string;
  rows: readonly SettingsFieldRow<F>[];
  values: SettingsFormValues<F>;
  /** The patch to send, or messages per field (then nothing is sent). */
  toPatch(values: SettingsFormValues<F>): { patch: object; errors: Partial<Record<F, string>> };
  /** Sends the patch; resolves with the saved section (the caller updates its query cache). */
  save(patch: object): Promise<S>;
  /** The form values after a save. */
  valuesOf(saved: S): SettingsFormValues<F>;
  /** Value and default cells stay on one line. */
  noWrap?: boolean;
}

export function SettingsSectionForm<F extends string, S>({
  title,
  rows,
  values,
  toPatch,
  save,
  valuesOf,
  noWrap = false,
}: SettingsSectionFormProps<F, S>) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const { control, handleSubmit, formState, setError, setValue, reset } = useForm<SettingsFormValues<F>>({
    // react-hook-form's DefaultValues type does not see through a generic record.
    defaultValues: values as never,
  });
  const fields = rows.map((row) => row.field as string);
  const nameOf = (field: string) => field as Path<SettingsFormValues<F>>;

  const onSubmit = handleSubmit(async (current) => {
    const { patch, errors } = toPatch(current as SettingsFormValues<F>);
    const problems = Object.entries(errors) as Array<[string, string | undefined]>;
    for (const [field, message] of problems) if (message) setError(nameOf(field), { message });
    if (problems.some(([, message]) => message)) return;
    try {
      const saved = await save(patch);
      reset(valuesOf(saved) as never);
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors ?? {})) {
          // A list field's item comes back as `<field>.<index>`: its message goes on the field.
          const field = fields.find((f) => path === f || path.startsWith(`${f}.`));
          if (field !== undefined) setError(nameOf(field), { message });
        }
      }
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    }
  });

  const valueSx = noWrap ? { whiteSpace: 'nowrap' } : {};
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TableContainer>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.field')}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{t('settings.stored')}</TableCell>
              <TableCell>{t('settings.effective')}</TableCell>
              <TableCell>{t('settings.default')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell component="th" scope="row">
                  {row.label}
                  {row.hint !== undefined && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      {row.hint}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <Controller
                    control={control}
                    name={nameOf(row.field)}
                    render={({ field, fieldState }) => (
                      <TextField
                        {...field}
                        size="small"
                        fullWidth
                        placeholder={row.placeholder}
                        error={fieldState.error !== undefined}
                        helperText={fieldState.error?.message}
                        slotProps={{
                          htmlInput: { 'aria-label': row.label, inputMode: row.inputMode },
                          input: {
                            endAdornment: (
                              <InputAdornment position="end">
                                {row.unit}
                                <Tooltip title={t('settings.reset')}>
                                  <span>
                                    <IconButton
                                      size="small"
                                      aria-label={`${t('settings.reset')}: ${row.label}`}
                                      disabled={field.value === ''}
                                      onClick={() =>
                                        setValue(nameOf(row.field), '' as never, { shouldDirty: true })
                                      }
                                    >
                                      <RestartAltIcon fontSize="small" />
                                    </IconButton>
                                  </span>
                                </Tooltip>
                              </InputAdornment>
                            ),
                          },
                        }}
                      />
                    )}
                  />
                </TableCell>
                <TableCell sx={valueSx}>{row.effective}</TableCell>
                <TableCell sx={{ color: 'text.secondary', ...valueSx }}>{row.defaultValue}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={formState.isSubmitting || !formState.isDirty}
          startIcon={formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
