/**
 * "Create Multiple Activations" (spec 02 §2, §5, §8): the manual, the sample CSV, a file picked or dropped, the header
 * check ("Required fields are not present or Headers are wrong"), then the rows sent in chunks under the progress
 * overlay, the per-row results (failed rows highlighted, downloadable as CSV) and the final toast "Activations created
 * successfully" or "Something went wrong".
 */
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACTIVATION_BULK_MAX_ROWS, ACTIVATION_MESSAGES } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/components/table/download';
import { fitmentKeys } from '../api/fitments';
import { failedRowsCsv, parseActivationCsv, type ParsedCsv, type RowOutcome } from './bulk-csv';
import { BulkManualDialog } from './BulkManualDialog';
import { BulkResultsTable } from './BulkResultsTable';
import { ProgressOverlay } from './ProgressOverlay';
import { downloadSampleCsv } from './sample';
import { useBulkUpload } from './use-bulk-upload';

interface PickedFile {
  name: string;
  parsed: ParsedCsv;
}

export function BulkActivationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('fitment');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [outcomes, setOutcomes] = useState<RowOutcome[] | null>(null);
  const [isManualOpen, setIsManualOpen] = useState(false);
  const [isDragOver, setIsDragOver] = useState(false);
  const { progress, run } = useBulkUpload();
  const isSending = progress !== null;

  const close = () => {
    setPicked(null);
    setOutcomes(null);
    onClose();
  };

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setOutcomes(null);
    setPicked({ name: file.name, parsed: parseActivationCsv(await file.text()) });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    void readFile(event.dataTransfer.files[0]);
  };

  const rows = picked?.parsed.ok ? picked.parsed.rows : [];
  const tooMany = rows.length > ACTIVATION_BULK_MAX_ROWS;

  const upload = async () => {
    if (!picked?.parsed.ok || rows.length === 0) return;
    const done = await run(rows, { missing: t('bulk.noAnswer'), failed: t('bulk.failedChunk') });
    setOutcomes(done);
    void queryClient.invalidateQueries({ queryKey: fitmentKeys.all });
    const isAllDone = done.every((o) => o.success);
    enqueueSnackbar(isAllDone ? t('bulk.allCreated') : t('bulk.someFailed'), {
      variant: isAllDone ? 'success' : 'error',
    });
  };

  const downloadFailed = () => {
    if (!outcomes || !picked?.parsed.ok) return;
    const csv = failedRowsCsv(outcomes, picked.parsed.headers);
    downloadBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), 'activations-failed.csv');
  };

  const failedCount = outcomes?.filter((o) => !o.success).length ?? 0;
  return (
    <>
      <Dialog
        open={open}
        onClose={isSending ? undefined : close}
        aria-labelledby={titleId}
        maxWidth="md"
        fullWidth
      >
        <DialogTitle id={titleId}>{t('bulk.title')}</DialogTitle>
        <DialogContent>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
            <Button size="small" startIcon={<HelpOutline />} onClick={() => setIsManualOpen(true)}>
              {t('bulk.manual')}
            </Button>
            <Button size="small" startIcon={<DownloadOutlined />} onClick={downloadSampleCsv}>
              {t('bulk.sample')}
            </Button>
          </Stack>
          {outcomes ? (
            <>
              <Alert severity={failedCount === 0 ? 'success' : 'warning'} sx={{ mb: 2 }}>
                {t('bulk.summary', { created: outcomes.length - failedCount, failed: failedCount })}
              </Alert>
              <BulkResultsTable outcomes={outcomes} />
            </>
          ) : (
            <>
              <Box
                onDragOver={(event) => {
                  event.preventDefault();
                  setIsDragOver(true);
                }}
                onDragLeave={() => setIsDragOver(false)}
                onDrop={onDrop}
                sx={{
                  border: 2,
                  borderStyle: 'dashed',
                  borderColor: isDragOver ? 'primary.main' : 'divider',
                  borderRadius: 2,
                  p: 3,
                  textAlign: 'center',
                  bgcolor: isDragOver ? 'action.hover' : undefined,
                }}
              >
                <UploadFileOutlined color="action" sx={{ fontSize: 40 }} />
                <Typography sx={{ my: 1 }}>{isDragOver ? t('bulk.dropNow') : t('bulk.dropHint')}</Typography>
                <input
                  ref={inputRef}
                  id={inputId}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  aria-label={t('bulk.file')}
                  onChange={(event) => {
                    void readFile(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
                <Button variant="outlined" onClick={() => inputRef.current?.click()}>
                  {t('bulk.choose')}
                </Button>
              </Box>
              {picked && (
                <Box sx={{ mt: 2 }}>
                  <Typography variant="body2" sx={{ mb: 1 }}>
                    {t('bulk.fileName', { name: picked.name })}
                  </Typography>
                  {picked.parsed.ok ? (
                    <Alert severity={rows.length === 0 || tooMany ? 'error' : 'info'}>
                      {rows.length === 0
                        ? t('bulk.noRows')
                        : tooMany
                          ? t('bulk.tooMany', { max: ACTIVATION_BULK_MAX_ROWS })
                          : t('bulk.ready', { count: rows.length })}
                    </Alert>
                  ) : (
                    <Alert severity="error">
                      {picked.parsed.message === ACTIVATION_MESSAGES.headersWrong
                        ? t('bulk.headersWrong')
                        : picked.parsed.message}
                      <Typography variant="body2" sx={{ mt: 0.5 }}>
                        {t('bulk.missing', { columns: picked.parsed.missing.join(', ') })}
                      </Typography>
                    </Alert>
                  )}
                </Box>
              )}
            </>
          )}
        </DialogContent>
        <DialogActions>
          {outcomes && failedCount > 0 && (
            <Button startIcon={<DownloadOutlined />} onClick={downloadFailed}>
              {t('bulk.downloadFailed')}
            </Button>
          )}
          {outcomes && (
            <Button
              onClick={() => {
                setOutcomes(null);
                setPicked(null);
              }}
            >
              {t('bulk.again')}
            </Button>
          )}
          <Button onClick={close} disabled={isSending}>
            {outcomes ? t('bulk.close') : t('bulk.cancel')}
          </Button>
          {!outcomes && (
            <Button
              variant="contained"
              onClick={() => void upload()}
              disabled={isSending || !picked?.parsed.ok || rows.length === 0 || tooMany}
            >
              {t('bulk.submit')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
      <BulkManualDialog open={isManualOpen} onClose={() => setIsManualOpen(false)} />
      <ProgressOverlay
        open={isSending}
        label={t('bulk.sending')}
        current={progress?.current}
        total={progress?.total}
      />
    </>
  );
}
