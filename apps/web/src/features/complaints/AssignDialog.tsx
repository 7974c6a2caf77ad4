/**
 * Assign a complaint to a staff member of its organisation: a searchable list from GET /v1/staff. When that list is
 * not available to the caller (no `staff` permission, or no people module), the staff number can be typed instead.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { ComplaintDetail, Staff } from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { assignComplaint, staffOptionsQuery } from './api/complaints';
import { useComplaintMessages } from './complaint-form';

export function AssignDialog({
  complaint,
  onDone,
  onClose,
}: {
  complaint: ComplaintDetail;
  onDone: (updated: ComplaintDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('complaints');
  const messages = useComplaintMessages();
  const titleId = useId();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Staff | null>(null);
  const [typedId, setTypedId] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const options = useQuery({ ...staffOptionsQuery(search), placeholderData: keepPreviousData });
  const isListUnavailable = options.data === null;
  const staffId = isListUnavailable ? typedId.trim() : (picked?.id ?? '');

  const submit = async () => {
    if (!/^\d+$/.test(staffId)) {
      setError(t('messages.staffRequired'));
      return;
    }
    setIsSubmitting(true);
    setError(null);
    try {
      onDone(await assignComplaint(complaint.id, { staffId, ...(note.trim() ? { note: note.trim() } : {}) }));
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
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{t('assign.title', { id: complaint.id })}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {isListUnavailable ? (
          <>
            <Alert severity="info" sx={{ my: 1 }}>
              {t('assign.noStaffList')}
            </Alert>
            <TextField
              label={t('assign.staffId')}
              value={typedId}
              onChange={(e) => setTypedId(e.target.value.replace(/\D/g, ''))}
              required
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </>
        ) : (
          <Autocomplete
            options={options.data ?? []}
            value={picked}
            onChange={(_e, value) => setPicked(value)}
            inputValue={search}
            onInputChange={(_e, value) => setSearch(value)}
            filterOptions={(x) => x}
            getOptionLabel={(s) => s.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={options.isFetching}
            noOptionsText={t('assign.noStaff')}
            renderOption={(props, s) => (
              <li {...props} key={s.id}>
                {s.name} · {t(`roles.${s.role}`)}
                {s.ward ? ` · ${s.ward.name}` : ''}
              </li>
            )}
            renderInput={(params) => (
              <TextField {...params} label={t('assign.staff')} required margin="normal" />
            )}
          />
        )}
        {options.isError && <Alert severity="error">{t('assign.staffLoadFailed')}</Alert>}
        <TextField
          label={t('assign.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          margin="normal"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isSubmitting}>
          {t('actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={isSubmitting}
          startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('actions.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
