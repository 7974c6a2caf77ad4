/** Bulk upload: paste or pick a CSV (sample downloadable), then the server's per-row results. */
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
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { VEHICLE_CSV_SAMPLE, type VehicleBulkResult } from '@civicfleet/shared';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { bulkCreateVehicles } from './api/vehicles';

export function BulkUploadDialog({
  open,
  onClose,
  onDone,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('vehicle');
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<VehicleBulkResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const close = () => {
    setCsv('');
    setResult(null);
    setError(null);
    onClose();
  };
  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
  };
  const submit = async () => {
    setIsBusy(true);
    setError(null);
    try {
      const done = await bulkCreateVehicles(csv);
      setResult(done);
      if (done.created > 0) onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? e.message : t('common.failed'));
    } finally {
      setIsBusy(false);
    }
  };
  const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(VEHICLE_CSV_SAMPLE)}`;
  return (
    <Dialog open={open} onClose={isBusy ? undefined : close} fullWidth maxWidth="md">
      <DialogTitle>{t('bulk.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <>
            <Alert severity={result.failed === 0 ? 'success' : 'warning'} sx={{ mb: 1 }}>
              {t('bulk.summary', { created: result.created, failed: result.failed })}
            </Alert>
            <List dense aria-label={t('bulk.results')}>
              {result.rows.map((r) => (
                <ListItem key={r.row} disableGutters>
                  <ListItemText
                    primary={t('bulk.row', { row: r.row })}
                    secondary={r.message}
                    slotProps={{
                      secondary: { color: r.success ? 'success.main' : 'error.main' },
                    }}
                  />
                </ListItem>
              ))}
            </List>
          </>
        ) : (
          <>
            <DialogContentText>{t('bulk.hint')}</DialogContentText>
            <Stack direction="row" spacing={1} sx={{ my: 1 }}>
              <Button component="a" href={sampleHref} download="vehicles-sample.csv" size="small">
                {t('bulk.sample')}
              </Button>
              <Button component="label" size="small">
                {t('bulk.file')}
                <input type="file" accept=".csv,text/csv" hidden onChange={(e) => void pickFile(e)} />
              </Button>
            </Stack>
            {error && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {error}
              </Alert>
            )}
            <TextField
              label={t('bulk.csv')}
              value={csv}
              onChange={(e) => setCsv(e.target.value)}
              placeholder={VEHICLE_CSV_SAMPLE}
              multiline
              minRows={6}
              fullWidth
              slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
            />
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
            disabled={isBusy || csv.trim() === ''}
            startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void submit()}
          >
            {t('bulk.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
