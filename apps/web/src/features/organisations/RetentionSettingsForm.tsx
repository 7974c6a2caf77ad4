/**
 * How long an organisation's history is kept (GET/PUT /organisation/retention-settings/:id, docs/retention.md): per
 * field what is stored here, what is in effect and where it comes from (this organisation, a parent, the default),
 * in days; clearing a field (or "Reset to inherited") stops storing it. The bounds and the "rollups at least as long
 * as positions" rule are checked here first (the server checks them again).
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
import {
  RETENTION_BOUNDS,
  type OrganisationRetentionSettings,
  type RetentionSettingsPatch,
  type RetentionSettingsValues,
} from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { putRetentionSettings, retentionKeys } from './api/retention-settings';

type RetentionField = keyof RetentionSettingsValues;
const FIELDS = Object.keys(RETENTION_BOUNDS) as RetentionField[];

/** Form state: one string per field; '' means "not stored here" (inherited). */
type RetentionFormValues = Record<RetentionField, string>;

function toForm(stored: Partial<RetentionSettingsValues>): RetentionFormValues {
  return Object.fromEntries(
    FIELDS.map((f) => [f, stored[f] === undefined ? '' : String(stored[f])]),
  ) as RetentionFormValues;
}

type Problem = { field: RetentionField; kind: 'range' | 'rollups'; days?: number };

/** The patch to store, or the problems found: whole days inside the bounds; rollups ≥ positions as they would apply. */
function toPatch(
  values: RetentionFormValues,
  inherited: RetentionSettingsValues,
): { patch: RetentionSettingsPatch; problems: Problem[] } {
  const patch: RetentionSettingsPatch = {};
  const problems: Problem[] = [];
  for (const f of FIELDS) {
    const raw = values[f].trim();
    if (raw === '') continue;
    const days = Number(raw);
    const { min, max } = RETENTION_BOUNDS[f];
    if (!Number.isInteger(days) || days < min || days > max) problems.push({ field: f, kind: 'range' });
    else patch[f] = days;
  }
  const positions = patch.positionsDays ?? inherited.positionsDays;
  const rollups = patch.rollupsDays ?? inherited.rollupsDays;
  if (problems.length === 0 && rollups < positions)
    problems.push({ field: 'rollupsDays', kind: 'rollups', days: positions });
  return { patch, problems };
}

export function RetentionSettingsForm({ settings }: { settings: OrganisationRetentionSettings }) {
  const { t } = useTranslation('admin');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { control, handleSubmit, formState, setError, setValue, reset } = useForm<RetentionFormValues>({
    defaultValues: toForm(settings.stored),
  });
  const days = (value: number) => `${value} ${t('settings.retentionForm.days')}`;

  const sourceOf = (f: RetentionField) => {
    if (settings.stored[f] !== undefined) return t('settings.source.own');
    return settings.inherited[f] === settings.defaults[f]
      ? t('settings.source.default')
      : t('settings.source.parent');
  };

  const onSubmit = handleSubmit(async (values) => {
    const { patch, problems } = toPatch(values, settings.inherited);
    for (const p of problems) {
      const message =
        p.kind === 'range'
          ? t('settings.retentionForm.range', RETENTION_BOUNDS[p.field])
          : t('settings.retentionForm.rollupsShorter', { days: p.days });
      setError(p.field, { message });
    }
    if (problems.length > 0) return;
    try {
      const saved = await putRetentionSettings(settings.organisationId, patch);
      queryClient.setQueryData(retentionKeys.one(settings.organisationId), saved);
      reset(toForm(saved.stored));
      enqueueSnackbar(t('settings.saved'), { variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [path, message] of Object.entries(error.errors ?? {})) {
          if ((FIELDS as string[]).includes(path)) setError(path as RetentionField, { message });
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
        <Table size="small" aria-label={t('settings.retentionForm.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.field')}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{t('settings.stored')}</TableCell>
              <TableCell>{t('settings.effective')}</TableCell>
              <TableCell>{t('settings.default')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {FIELDS.map((f) => {
              const label = t(`settings.retentionForm.fields.${f}`);
              return (
                <TableRow key={f}>
                  <TableCell component="th" scope="row">
                    {label}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {t(`settings.retentionForm.fieldHints.${f}`)}
                    </Typography>
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
                          placeholder={String(settings.inherited[f])}
                          error={fieldState.error !== undefined}
                          helperText={fieldState.error?.message}
                          slotProps={{
                            htmlInput: { 'aria-label': label, inputMode: 'numeric' },
                            input: {
                              endAdornment: (
                                <InputAdornment position="end">
                                  {t('settings.retentionForm.days')}
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
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {days(settings.effective[f])}
                    <Typography variant="caption" component="div" color="text.secondary">
                      {t('settings.inheritedFrom', { source: sourceOf(f) })}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
                    {days(settings.defaults[f])}
                  </TableCell>
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
