/** Bulk create: paste or pick a CSV (sample downloadable), then the server's per-row results. */
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEVICE_CSV_SAMPLE, type BulkResult } from '@civicfleet/shared';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkResultList } from './BulkResultList';
import { DialogFrame } from './DialogFrame';
import { bulkCreateDevices } from './api/devices';
import { useDialogCall } from './use-dialog-call';

export function BulkCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('device');
  const [csv, setCsv] = useState('');
  const [result, setResult] = useState<BulkResult | null>(null);
  const { run, isBusy, fieldErrors } = useDialogCall();
  const close = () => {
    setCsv('');
    setResult(null);
    onClose();
  };
  const pickFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setCsv(await file.text());
  };
  const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(DEVICE_CSV_SAMPLE)}`;
  const submit = async () => {
    const done = await run(() => bulkCreateDevices(csv));
    if (done) setResult(done);
  };
  return (
    <DialogFrame
      open={open}
      title={t('bulkCreate.title')}
      onClose={close}
      submitLabel={result ? undefined : t('bulkCreate.submit')}
      onSubmit={() => void submit()}
      isBusy={isBusy}
      isSubmitDisabled={csv.trim() === ''}
    >
      {result ? (
        <BulkResultList result={result} />
      ) : (
        <>
          <DialogContentText>{t('bulkCreate.hint')}</DialogContentText>
          <Stack direction="row" spacing={1} sx={{ my: 1 }}>
            <Button component="a" href={sampleHref} download="devices-sample.csv" size="small">
              {t('bulkCreate.sample')}
            </Button>
            <Button component="label" size="small">
              {t('bulkCreate.file')}
              <input type="file" accept=".csv,text/csv" hidden onChange={(e) => void pickFile(e)} />
            </Button>
          </Stack>
          <TextField
            label={t('bulkCreate.csv')}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={DEVICE_CSV_SAMPLE}
            multiline
            minRows={6}
            fullWidth
            error={fieldErrors.csv !== undefined}
            helperText={fieldErrors.csv}
            slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 13 } } }}
          />
        </>
      )}
    </DialogFrame>
  );
}
