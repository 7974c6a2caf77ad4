/**
 * /management/certificate, public: find a certificate by the device IMEI (opens /certificate/{imei} directly) or by
 * the registration number (GET /v1/certificate/lookup, then the same page).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/api/client';
import { paths } from '@/lib/paths';
import { useLookupCertificate } from './api/certificate';

/** Messages are i18n keys (certificate namespace) so they show in the chosen language. */
const SearchFormSchema = z
  .object({ by: z.enum(['imei', 'registration']), value: z.string().trim() })
  .superRefine(({ by, value }, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if (by === 'imei') {
      if (value === '') issue('search.errors.imeiRequired');
      else if (!/^\d{15}$/.test(value)) issue('search.errors.imeiDigits');
    } else if (value === '') issue('search.errors.registrationRequired');
    else if (!/^[A-Za-z0-9]{4,20}$/.test(value.replace(/[\s-]/g, '')))
      issue('search.errors.registrationInvalid');
  });
type SearchForm = z.infer<typeof SearchFormSchema>;

export function CertificateSearchPage() {
  const { t } = useTranslation('certificate');
  const navigate = useNavigate();
  const lookup = useLookupCertificate();
  const form = useForm<SearchForm>({
    resolver: zodResolver(SearchFormSchema),
    defaultValues: { by: 'imei', value: '' },
  });
  const by = useWatch({ control: form.control, name: 'by' });
  const error = form.formState.errors.value?.message;

  const submit = form.handleSubmit(async ({ by: kind, value }) => {
    if (kind === 'imei') {
      void navigate(paths.certificate(value));
      return;
    }
    try {
      const { imei } = await lookup.mutateAsync(value);
      void navigate(paths.certificate(imei));
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 404)
        form.setError('value', { message: 'search.errors.notFound' });
    }
  });

  const failed = lookup.isError && !(lookup.error instanceof ApiError && lookup.error.status === 404);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {t('search.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {t('search.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ mt: 3, maxWidth: 480 }}>
        <FormLabel id="certificate-search-by">{t('search.by')}</FormLabel>
        <Controller
          control={form.control}
          name="by"
          render={({ field }) => (
            <RadioGroup
              row
              aria-labelledby="certificate-search-by"
              value={field.value}
              onChange={(event) => {
                field.onChange(event.target.value);
                form.clearErrors('value');
              }}
            >
              <FormControlLabel value="imei" control={<Radio />} label={t('search.byImei')} />
              <FormControlLabel value="registration" control={<Radio />} label={t('search.byRegistration')} />
            </RadioGroup>
          )}
        />
        <TextField
          {...form.register('value')}
          label={by === 'imei' ? t('search.imeiLabel') : t('search.registrationLabel')}
          helperText={error ? t(error) : by === 'imei' ? t('search.imeiHelp') : t('search.registrationHelp')}
          error={Boolean(error)}
          fullWidth
          autoComplete="off"
          slotProps={{
            htmlInput: by === 'imei' ? { inputMode: 'numeric', maxLength: 15 } : { maxLength: 24 },
          }}
          sx={{ mt: 1 }}
        />
        {failed && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('search.errors.failed')}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={lookup.isPending}
          startIcon={lookup.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('search.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
