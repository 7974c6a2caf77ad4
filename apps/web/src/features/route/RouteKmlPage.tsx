/**
 * /management/route/add-kml (spec 01 §2.6 route "add-kml"): a KML file becomes a route on the server (its first
 * LineString the path, Point Placemarks the checkpoints); the result is toasted and its edit screen opens.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '@/api/client';
import { FormActions, FormPage } from '@/components/form';
import { importRouteKml, routeKeys } from './api/routes';
import { useRouteMessages } from './form-parts';
import { routeEditPath, ROUTE_LIST_PATH } from './route-paths';

interface PickedFile {
  name: string;
  content: string;
}

export function RouteKmlPage() {
  const { t } = useTranslation('divisions');
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = useRouteMessages();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [name, setName] = useState('');
  const [corridor, setCorridor] = useState('50');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setFile({ name: picked.name, content: await picked.text() });
    setErrors((e) => ({ ...e, content: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const corridorM = Number(corridor);
    const local: Record<string, string> = {};
    if (!file) local.content = t('route.kml.fileRequired');
    if (corridor.trim() === '' || !Number.isFinite(corridorM) || corridorM < 5 || corridorM > 2000)
      local.corridorM = t('validation.corridor');
    setErrors(local);
    setMessage(null);
    if (!file || Object.keys(local).length > 0) return;
    setIsBusy(true);
    try {
      const route = await importRouteKml({
        content: file.content,
        corridorM,
        ...(name.trim() ? { name: name.trim() } : {}),
      });
      await queryClient.invalidateQueries({ queryKey: routeKeys.all });
      enqueueSnackbar(
        t('route.kml.imported', {
          name: route.name,
          points: Array.isArray(route.path.coordinates) ? route.path.coordinates.length : 0,
          checkpoints: route.checkpoints.length,
        }),
        { variant: 'success' },
      );
      void navigate(routeEditPath(route.id));
    } catch (error) {
      if (error instanceof ApiError) {
        const fieldErrors = Object.fromEntries(
          Object.entries(error.errors ?? {}).map(([key, text]) => [key.split('.')[0] ?? key, messages(text)]),
        );
        setErrors(fieldErrors);
        setMessage(error.hasServerMessage ? messages(error.message) : t('common.failed'));
      } else setMessage(t('common.failed'));
    } finally {
      setIsBusy(false);
    }
  };

  const fileError = errors.content || undefined;
  return (
    <FormPage title={t('route.kml.title')} subtitle={t('route.kml.subtitle')} notFoundText="">
      {() => (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          {message && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {message}
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary">
            {t('route.kml.hint')}
          </Typography>
          <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined">
              {t('route.kml.choose')}
              <input
                type="file"
                hidden
                accept=".kml,application/vnd.google-earth.kml+xml"
                data-testid="route-kml-file"
                onChange={(e) => void pick(e)}
              />
            </Button>
            <Typography variant="body2">{file?.name ?? t('route.kml.noFile')}</Typography>
          </Stack>
          {fileError && <FormHelperText error>{fileError}</FormHelperText>}
          <Grid container columnSpacing={2}>
            <Grid size={{ xs: 12, sm: 8 }}>
              <TextField
                label={t('route.fields.name')}
                value={name}
                onChange={(e) => setName(e.target.value)}
                helperText={errors.name || t('route.kml.nameHint')}
                error={Boolean(errors.name)}
                fullWidth
                margin="normal"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 4 }}>
              <TextField
                label={t('route.fields.corridorM')}
                value={corridor}
                onChange={(e) => setCorridor(e.target.value)}
                error={Boolean(errors.corridorM)}
                helperText={errors.corridorM || t('route.form.corridorHint')}
                required
                fullWidth
                margin="normal"
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: {
                    endAdornment: <InputAdornment position="end">{t('route.form.metres')}</InputAdornment>,
                  },
                }}
              />
            </Grid>
          </Grid>
          <FormActions cancelTo={ROUTE_LIST_PATH} submitting={isBusy} submitLabel={t('route.kml.submit')} />
        </Box>
      )}
    </FormPage>
  );
}
