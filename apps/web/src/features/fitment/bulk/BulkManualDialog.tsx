/**
 * The bulk upload's manual (spec 02 §2 "a manual dialog (a sample CSV can be downloaded or cloned)"): what each column
 * holds, which are required, and the sample to download or copy.
 */
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { ACTIVATION_CSV_COLUMNS, ACTIVATION_CSV_REQUIRED, ACTIVATION_CSV_SAMPLE } from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSampleCsv } from './sample';

const REQUIRED = new Set<string>(ACTIVATION_CSV_REQUIRED);

export function BulkManualDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('fitment');
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(ACTIVATION_CSV_SAMPLE);
      enqueueSnackbar(t('bulk.copied'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('bulk.copyFailed'), { variant: 'error' });
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{t('bulk.manualTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {(t('bulk.steps', { returnObjects: true }) as string[]).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </DialogContentText>
        <Table size="small" sx={{ mt: 2 }} aria-label={t('bulk.columnsTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('bulk.column')}</TableCell>
              <TableCell>{t('bulk.meaning')}</TableCell>
              <TableCell>{t('bulk.requiredColumn')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {ACTIVATION_CSV_COLUMNS.map((column) => (
              <TableRow key={column}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{column}</TableCell>
                <TableCell>{t(`bulk.columns.${column}`)}</TableCell>
                <TableCell>{REQUIRED.has(column) ? t('bulk.yes') : ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          {t('bulk.copySample')}
        </Button>
        <Button startIcon={<DownloadOutlined />} onClick={downloadSampleCsv}>
          {t('bulk.sample')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('bulk.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
