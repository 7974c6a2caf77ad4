/**
 * Import zones, circles and wards from a GeoJSON FeatureCollection or a KML file (POST /admin-divisions/import), then
 * the server's result per feature: created, or why not. The file is read here and sent as text.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ADMIN_DIVISION_IMPORT_FORMATS,
  type AdminDivisionImport,
  type AdminDivisionImportResult,
} from '@civicfleet/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { importDivisions } from './api/admin-divisions';
import { useDivisionMessages } from './form-parts';

type Format = AdminDivisionImport['format'];
interface PickedFile {
  name: string;
  content: string;
}

const formatOf = (fileName: string): Format => (/\.kml$/i.test(fileName) ? 'kml' : 'geojson');

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called when at least one division was created. */
  onImported: () => void;
}

export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation('divisions');
  const messages = useDivisionMessages();
  const titleId = useId();
  const [file, setFile] = useState<PickedFile | null>(null);
  const [format, setFormat] = useState<Format>('geojson');
  const [result, setResult] = useState<AdminDivisionImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const close = () => {
    setFile(null);
    setResult(null);
    setError(null);
    onClose();
  };
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    event.target.value = '';
    if (!picked) return;
    setFile({ name: picked.name, content: await picked.text() });
    setFormat(formatOf(picked.name));
    setError(null);
  };
  const submit = async () => {
    if (!file) return;
    setIsBusy(true);
    setError(null);
    try {
      const done = await importDivisions({ format, content: file.content });
      setResult(done);
      if (done.created > 0) onImported();
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? messages(e.message) : t('common.failed'));
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('adminDivision.import.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <ImportResult result={result} />
        ) : (
          <>
            <DialogContentText>{t('adminDivision.import.hint')}</DialogContentText>
            <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Button component="label" variant="outlined">
                {t('adminDivision.import.choose')}
                <input
                  type="file"
                  hidden
                  accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
                  data-testid="division-import-file"
                  onChange={(e) => void pick(e)}
                />
              </Button>
              <Typography variant="body2">{file?.name ?? t('adminDivision.import.noFile')}</Typography>
            </Stack>
            <TextField
              select
              label={t('adminDivision.import.format')}
              value={format}
              onChange={(e) => setFormat(e.target.value as Format)}
              sx={{ mt: 2, minWidth: 200 }}
            >
              {ADMIN_DIVISION_IMPORT_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`adminDivision.import.formats.${f}`)}
                </MenuItem>
              ))}
            </TextField>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={isBusy}>
          {result ? t('common.close') : t('common.cancel')}
        </Button>
        {!result && (
          <Button
            variant="contained"
            disabled={isBusy || file === null}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void submit()}
          >
            {t('adminDivision.import.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function ImportResult({ result }: { result: AdminDivisionImportResult }) {
  const { t } = useTranslation('divisions');
  const messages = useDivisionMessages();
  return (
    <>
      <Alert severity={result.failed === 0 ? 'success' : result.created === 0 ? 'error' : 'warning'}>
        {t('adminDivision.import.summary', { created: result.created, failed: result.failed })}
      </Alert>
      <List dense aria-label={t('adminDivision.import.results')}>
        {result.features.map((f) => (
          <ListItem key={f.index} disableGutters>
            <ListItemText
              primary={t('adminDivision.import.feature', {
                number: f.index + 1,
                name: f.name ?? t('adminDivision.import.unnamed'),
              })}
              secondary={f.error ? messages(f.error) : t('adminDivision.import.created')}
              slotProps={{ secondary: { color: f.error ? 'error.main' : 'success.main' } }}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}
