/**
 * The derive thresholds of one organisation (GET/PUT /organisation/derive-settings/:id, docs/derivations.md): per
 * field what is stored here, what is in effect (inherited from a parent or the default when not stored) and the
 * default, with units; clearing a field (or "Reset to inherited") stops storing it.
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
import type { OrganisationDeriveSettings } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { organisationKeys, putDeriveSettings } from './api/organisations';
import {
  DERIVE_FIELDS,
  toDeriveForm,
  toDerivePatch,
  unitOf,
  type DeriveField,
  type DeriveFormValues,
} from './derive-fields';

export function DeriveSettingsForm({ settings }: { settings: OrganisationDeriveSettings }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { control, handleSubmit, formState, setError, setValue, reset } = useForm<DeriveFormValues>({
    defaultValues: toDeriveForm(settings.stored),
  });

  const show = (field: DeriveField, value: number | string | null) => {
    if (value === null) return t('settings.units.none');
    const unit = unitOf(field);
    return unit === 'text' ? String(value) : `${value} ${t(`settings.units.${unit}`)}`;
  };

  const onSubmit = handleSubmit(async (values) => {
    const { patch, invalid } = toDerivePatch(values);
    for (const f of invalid) setError(f, { message: t('validation.number') });
    if (invalid.length > 0) return;
    try {
      const saved = await putDeriveSettings(settings.organisationId, patch);
      queryClient.setQueryData(organisationKeys.derive(settings.organisationId), saved);
      reset(toDeriveForm(saved.stored));
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors ?? {})) {
          if ((DERIVE_FIELDS as string[]).includes(path)) setError(path as DeriveField, { message });
        }
      }
      const message =
        error instanceof ApiError && error.hasServerMessage ? error.message : t('common.failed');
      enqueueSnackbar(message, { variant: 'error' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <TableContainer>
        <Table size="small" aria-label={t('settings.derive')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.field')}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{t('settings.stored')}</TableCell>
              <TableCell>{t('settings.effective')}</TableCell>
              <TableCell>{t('settings.default')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {DERIVE_FIELDS.map((f) => {
              const unit = unitOf(f);
              const label = t(`settings.fields.${f}`);
              return (
                <TableRow key={f}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <TableCell>
                    <Controller
                      control={control}
                      name={f}
                      render={({ field, fieldState }) => (
                        <TextField
                          {...field}
                          size="small"
                          fullWidth
                          placeholder={String(settings.effective[f] ?? '—')}
                          error={fieldState.error !== undefined}
                          helperText={fieldState.error?.message}
                          slotProps={{
                            htmlInput: {
                              'aria-label': label,
                              inputMode: unit === 'text' ? 'text' : 'decimal',
                            },
                            input: {
                              endAdornment: (
                                <InputAdornment position="end">
                                  {unit !== 'text' && t(`settings.units.${unit}`)}
                                  <Tooltip title={t('settings.reset')}>
                                    <span>
                                      <IconButton
                                        size="small"
                                        aria-label={`${t('settings.reset')}: ${label}`}
                                        disabled={field.value === ''}
                                        onClick={() => setValue(f, '', { shouldDirty: true })}
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
                  <TableCell>{show(f, settings.effective[f])}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{show(f, settings.defaults[f])}</TableCell>
                </TableRow>
              );
            })}
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
