import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { brand } from '@/lib/brand';
import { useCheckPort } from './api/check-port';
import { PortCheckOutcome } from './PortCheckOutcome';

/** Same host rule as PortCheckQuerySchema; messages are i18n keys so they show in the chosen language. */
const PortFormSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, 'portChecker.errors.hostRequired')
    .max(253, 'portChecker.errors.hostTooLong')
    .regex(/^[A-Za-z0-9.-]+$|^[0-9a-fA-F:]+$/, 'portChecker.errors.hostInvalid'),
  port: z
    .string()
    .trim()
    .min(1, 'portChecker.errors.portRequired')
    .regex(/^\d+$/, 'portChecker.errors.portWhole')
    .refine((value) => Number(value) >= 1 && Number(value) <= 65535, 'portChecker.errors.portRange'),
});
type PortForm = z.infer<typeof PortFormSchema>;

/** Public tool for fitters and support (spec 01 §2.1): is a tracker's server host and port reachable from the platform? */
export function PortCheckerPage() {
  const { t } = useTranslation('public');
  const check = useCheckPort();
  const form = useForm<PortForm>({
    resolver: zodResolver(PortFormSchema),
    defaultValues: { host: '', port: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    check.mutate(
      { host: values.host, port: Number(values.port) },
      {
        onError: (error) => {
          // Field errors of a 400 answer go under their fields; other failures show above the result area.
          if (error instanceof ApiError && error.errors) {
            for (const field of ['host', 'port'] as const) {
              const message = error.errors[field];
              if (message) form.setError(field, { message });
            }
          }
        },
      },
    );
  });

  const failure =
    check.error instanceof ApiError && check.error.hasServerMessage
      ? check.error.message
      : t('portChecker.failed');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('portChecker.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('portChecker.intro')}
      </Typography>
      <Alert severity="info" sx={{ mt: 2 }}>
        {t('portChecker.scope', { brand: brand.name })}
      </Alert>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 3, alignItems: 'flex-start' }}
      >
        <TextField
          {...form.register('host')}
          label={t('portChecker.host')}
          placeholder="gps.example.in"
          error={errors.host !== undefined}
          helperText={errors.host?.message ? t(errors.host.message) : t('portChecker.hostHelp')}
          required
          sx={{ flex: '1 1 280px' }}
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
        />
        <TextField
          {...form.register('port')}
          label={t('portChecker.port')}
          placeholder="5023"
          error={errors.port !== undefined}
          helperText={errors.port?.message ? t(errors.port.message) : t('portChecker.portHelp')}
          required
          sx={{ flex: '0 1 160px' }}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={check.isPending}
          startIcon={check.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
          sx={{ mt: 0.5, minHeight: 48 }}
        >
          {t('portChecker.submit')}
        </Button>
      </Box>
      <Box sx={{ mt: 3 }} aria-live="polite">
        {check.isSuccess && <PortCheckOutcome result={check.data} />}
        {check.isError && !(check.error instanceof ApiError && check.error.errors) && (
          <Alert severity="error">{failure}</Alert>
        )}
      </Box>
    </Paper>
  );
}
