/**
 * Resolve a complaint. FIRST the GPS evidence: which vehicles passed within the radius of the location since it was
 * raised (or reopened) — map, table, and a warning when none did, which must then be acknowledged; THEN the
 * resolution note and optional proof photos. The server recomputes and stores the evidence with the closure.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPLAINT_EVIDENCE_DEFAULT_RADIUS_M,
  COMPLAINT_MAX_PHOTOS,
  COMPLAINT_NOTE_MAX_LENGTH,
  type ComplaintDetail,
} from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { ImageUpload } from '@/components/form';
import { complaintKeys, getEvidence, resolveComplaint } from './api/complaints';
import { useComplaintMessages } from './complaint-form';
import { EvidenceView } from './EvidenceView';

const RADIUS_CHOICES_M = [50, 100, 200, 500] as const;

export function ResolveDialog({
  complaint,
  onDone,
  onClose,
}: {
  complaint: ComplaintDetail;
  onDone: (updated: ComplaintDetail, message: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('complaints');
  const messages = useComplaintMessages();
  const titleId = useId();
  const [radiusM, setRadiusM] = useState<number>(COMPLAINT_EVIDENCE_DEFAULT_RADIUS_M);
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [pending, setPending] = useState({ uploading: 0, failed: 0 });
  const [isAcknowledged, setIsAcknowledged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isNoteBlank, setIsNoteBlank] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const evidence = useQuery({
    queryKey: complaintKeys.evidence(complaint.id, radiusM),
    queryFn: () => getEvidence(complaint.id, radiusM),
  });
  const isNoVehicle = evidence.data?.anyVehiclePassed === false;
  const canSubmit =
    evidence.isSuccess && (!isNoVehicle || isAcknowledged) && pending.uploading === 0 && pending.failed === 0;

  const submit = async () => {
    if (note.trim() === '') {
      setIsNoteBlank(true);
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      const answer = await resolveComplaint(complaint.id, { note: note.trim(), photos, radiusM });
      onDone(
        answer.data,
        answer.data.evidence?.anyVehiclePassed === false ? t('resolve.doneNoVehicle') : t('resolve.done'),
      );
      onClose();
    } catch (e) {
      setError(e instanceof ApiError && e.hasServerMessage ? messages(e.message) : t('common.failed'));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Dialog
      open
      onClose={isSubmitting ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
    >
      <DialogTitle id={titleId}>{t('resolve.title', { id: complaint.id })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', pt: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
              {t('evidence.title')}
            </Typography>
            <TextField
              select
              size="small"
              label={t('evidence.radius')}
              value={radiusM}
              onChange={(e) => {
                setRadiusM(Number(e.target.value));
                setIsAcknowledged(false);
              }}
              sx={{ minWidth: 140 }}
            >
              {RADIUS_CHOICES_M.map((r) => (
                <MenuItem key={r} value={r}>
                  {t('evidence.metres', { value: r })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {evidence.isPending && (
            <Stack spacing={1} aria-busy="true" aria-label={t('evidence.loading')}>
              <Skeleton variant="rounded" height={48} />
              <Skeleton variant="rounded" height={260} />
            </Stack>
          )}
          {evidence.isError && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void evidence.refetch()}>
                  {t('actions.retry')}
                </Button>
              }
            >
              {t('evidence.failed')}
            </Alert>
          )}
          {evidence.data && <EvidenceView evidence={evidence.data} mapHeight={320} />}
          {isNoVehicle && (
            <FormControlLabel
              control={
                <Checkbox checked={isAcknowledged} onChange={(e) => setIsAcknowledged(e.target.checked)} />
              }
              label={t('resolve.acknowledgeNoVehicle')}
            />
          )}
          {evidence.isSuccess && (
            <>
              <TextField
                label={t('resolve.note')}
                value={note}
                onChange={(e) => {
                  setNote(e.target.value);
                  setIsNoteBlank(false);
                }}
                required
                multiline
                minRows={3}
                fullWidth
                error={isNoteBlank}
                helperText={isNoteBlank ? t('messages.resolutionRequired') : undefined}
                slotProps={{ htmlInput: { maxLength: COMPLAINT_NOTE_MAX_LENGTH } }}
              />
              <ImageUpload
                label={t('resolve.photos')}
                folder="complaint"
                value={photos}
                onChange={setPhotos}
                maxCount={COMPLAINT_MAX_PHOTOS}
                onPendingChange={setPending}
              />
            </>
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          color={isNoVehicle ? 'warning' : 'success'}
          onClick={() => void submit()}
          disabled={!canSubmit || isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('resolve.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
