/** SUPER_ADMIN's RTO import: paste or pick a CSV with a `state,code,name` header, then the server's counts and refusals. */
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
import TextField from '@mui/material/TextField';
import type { RtoImportResult } from '@civicfleet/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { importRtos } from './api/debug';

const SAMPLE = 'state,code,name\nMP,09,Indore\nMP,04,Bhopal';

interface RtoImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after rows were written (to refetch the lists). */
  onDone: () => void;
}

export function RtoImportDialog({ open, onClose, onDone }: RtoImportDialogProps) {
  const { t } = useTranslation('catalogue');
  const titleId = useId();
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<RtoImportResult | null>(null);
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
      const done = await importRtos(csv);
      setResult(done);
      if (done.inserted + done.updated > 0) onDone();
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? e.message : t('common.failed'));
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
      <DialogTitle id={titleId}>{t('rto.import.title')}</DialogTitle>
      <DialogContent>
        {result ? (
          <>
            <Alert severity={result.errors.length === 0 ? 'success' : 'warning'}>
              {t('rto.import.summary', {
                inserted: result.inserted,
                updated: result.updated,
                failed: result.errors.length,
              })}
            </Alert>
            {result.errors.length > 0 && (
              <List dense aria-label={t('rto.import.refused')}>
                {result.errors.map((e) => (
                  <ListItem key={e.line} disableGutters>
                    <ListItemText primary={t('rto.import.line', { line: e.line })} secondary={e.message} />
                  </ListItem>
                ))}
              </List>
            )}
          </>
        ) : (
          <>
            <DialogContentText>{t('rto.import.hint')}</DialogContentText>
            <Button component="label" size="small" sx={{ my: 1 }}>
              {t('rto.import.file')}
              <input type="file" accept=".csv,text/csv" hidden onChange={(e) => void pickFile(e)} />
            </Button>
            {error && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {error}
              </Alert>
            )}
            <TextField
              label={t('rto.import.csv')}
              value={csv}
              onChange={(e) => setCsv(e.target.value)}
              placeholder={SAMPLE}
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
            {t('rto.import.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
