/** A supervisor marks one person PRESENT or ABSENT for the board's day; a reason is required for ABSENT. */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  ATTENDANCE_STATUSES,
  AttendanceMarkSchema,
  type AttendanceRow,
  type AttendanceStatus,
} from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { formatIsoDate } from '@/components/form';
import { markAttendance, peopleKeys } from './api/people';
import { usePeopleMessages } from './people-messages';

export function MarkDialog({
  row,
  day,
  onClose,
}: {
  row: AttendanceRow | null;
  day: string;
  onClose: () => void;
}) {
  return row ? <MarkDialogBody key={row.staff.id} row={row} day={day} onClose={onClose} /> : null;
}

function MarkDialogBody({ row, day, onClose }: { row: AttendanceRow; day: string; onClose: () => void }) {
  const { t } = useTranslation('people');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const messages = usePeopleMessages();
  const [status, setStatus] = useState<AttendanceStatus>(row.status === 'PRESENT' ? 'ABSENT' : 'PRESENT');
  const [reason, setReason] = useState(row.source === 'supervisor' ? (row.reason ?? '') : '');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);

  const submit = async () => {
    const parsed = AttendanceMarkSchema.safeParse({
      staffId: row.staff.id,
      day,
      status,
      reason: reason.trim() || null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'reason') ?? parsed.error.issues[0];
      setReasonError(issue ? messages(issue.message) : undefined);
      return;
    }
    setSaving(true);
    try {
      await markAttendance(parsed.data);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.attendance() });
      enqueueSnackbar(t('attendance.marked', { name: row.staff.name }), { variant: 'success' });
      onClose();
    } catch (error) {
      const text =
        error instanceof ApiError && error.hasServerMessage ? messages(error.message) : t('common.failed');
      enqueueSnackbar(text, { variant: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="mark-attendance-title">
      <DialogTitle id="mark-attendance-title">{t('attendance.markTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('attendance.markFor', { name: row.staff.name, day: formatIsoDate(day) })}
        </DialogContentText>
        <RadioGroup
          row
          aria-label={t('fields.status')}
          value={status}
          onChange={(e) => setStatus(e.target.value as AttendanceStatus)}
        >
          {ATTENDANCE_STATUSES.map((s) => (
            <FormControlLabel key={s} value={s} control={<Radio />} label={t(`statuses.${s}`)} />
          ))}
        </RadioGroup>
        <TextField
          label={t('fields.reason')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setReasonError(undefined);
          }}
          required={status === 'ABSENT'}
          error={reasonError !== undefined}
          helperText={reasonError ?? t('attendance.reasonHint')}
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} loading={isSaving}>
          {t('attendance.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
