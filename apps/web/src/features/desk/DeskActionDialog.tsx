/**
 * The desk's action dialogs: acknowledge (optional note), add a note, close with a resolution (required), send
 * emergency off (a confirmation, optional note), reopen a closed alert (optional note) and assign (a user picker, optional note). Input is checked with the
 * contract's schema; the server's message shows in the dialog when it refuses.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  AlertDeskAcknowledgeSchema,
  AlertDeskAssignSchema,
  AlertDeskCloseSchema,
  AlertDeskNoteSchema,
  AlertDeskReopenSchema,
  type AlertDeskDetail,
  type AlertDeskItem,
} from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { SearchSelect, type PickerOption } from '@/components/SearchPicker';
import {
  acknowledgeAlert,
  addAlertNote,
  assignAlert,
  closeAlert,
  deskKeys,
  reopenAlert,
  searchAssignees,
  sendEmergencyOff,
} from './api/alert-desk';
import { typeKey } from './labels';
import { useApplyDeskAnswer } from './use-desk';

export type DeskAction = 'acknowledge' | 'assign' | 'note' | 'close' | 'reopen' | 'emergency-off';

/** Contract messages the console shows in its own words (Hindi too); others show as the server sent them. */
const MESSAGE_KEYS: Record<string, string> = {
  'The note is required': 'validation.noteRequired',
  'A resolution is required to close the alert': 'validation.resolutionRequired',
  'Choose the user to assign the alert to': 'validation.assigneeRequired',
};

interface DeskActionDialogProps {
  action: DeskAction | null;
  alert: AlertDeskItem;
  onClose: () => void;
}

export function DeskActionDialog({ action, alert, onClose }: DeskActionDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={action !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {action && (
        <ActionContent key={action} action={action} alert={alert} titleId={titleId} onClose={onClose} />
      )}
    </Dialog>
  );
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

function ActionContent({
  action,
  alert,
  titleId,
  onClose,
}: {
  action: DeskAction;
  alert: AlertDeskItem;
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('desk');
  const { enqueueSnackbar } = useSnackbar();
  const apply = useApplyDeskAnswer();
  const [text, setText] = useState('');
  const [assignee, setAssignee] = useState<PickerOption | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | undefined>();
  const [isBusy, setIsBusy] = useState(false);
  const translate = (message: string | undefined) => {
    if (message === undefined) return undefined;
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
  const isTextRequired = action === 'note' || action === 'close';
  const subject = `${t(typeKey(alert.type))} · ${alert.vehicleRegistration ?? alert.deviceImei}`;

  /** The validated call for this action, or the field's message. */
  const prepare = (): { run: () => Promise<AlertDeskDetail> } | { error: string | undefined } => {
    switch (action) {
      case 'acknowledge': {
        const parsed = AlertDeskAcknowledgeSchema.safeParse({ note: text });
        return parsed.success
          ? { run: () => acknowledgeAlert(alert.id, parsed.data) }
          : { error: firstMessage(parsed) };
      }
      case 'note': {
        const parsed = AlertDeskNoteSchema.safeParse({ note: text });
        return parsed.success
          ? { run: () => addAlertNote(alert.id, parsed.data) }
          : { error: firstMessage(parsed) };
      }
      case 'close': {
        const parsed = AlertDeskCloseSchema.safeParse({ resolution: text });
        return parsed.success
          ? { run: () => closeAlert(alert.id, parsed.data) }
          : { error: firstMessage(parsed) };
      }
      case 'reopen': {
        const parsed = AlertDeskReopenSchema.safeParse({ note: text });
        return parsed.success
          ? { run: () => reopenAlert(alert.id, parsed.data) }
          : { error: firstMessage(parsed) };
      }
      case 'assign': {
        const parsed = AlertDeskAssignSchema.safeParse({ userId: assignee?.id, note: text });
        return parsed.success
          ? { run: () => assignAlert(alert.id, parsed.data) }
          : { error: firstMessage(parsed) };
      }
      case 'emergency-off':
        return { run: () => sendEmergencyOff(alert.id, text.trim() || undefined).then((r) => r.alert) };
    }
  };

  const submit = async () => {
    const prepared = prepare();
    if ('error' in prepared) {
      setFieldError(translate(prepared.error));
      return;
    }
    setFieldError(undefined);
    setServerError(undefined);
    setIsBusy(true);
    try {
      apply(await prepared.run());
      enqueueSnackbar(t(`done.${action}`), { variant: 'success' });
      onClose();
    } catch (error) {
      const message = error instanceof ApiError && error.hasServerMessage ? error.message : t('failed');
      setServerError(message);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{t(`dialog.${action}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{subject}</DialogContentText>
        {action === 'emergency-off' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('dialog.emergency-off.body')}
          </Alert>
        )}
        {action === 'assign' && (
          <SearchSelect
            query={(search) => ({
              queryKey: deskKeys.assignees(search),
              queryFn: () => searchAssignees(search),
            })}
            value={assignee}
            onChange={(option) => {
              setAssignee(option);
              setFieldError(undefined);
            }}
            label={t('dialog.assign.user')}
            error={fieldError}
          />
        )}
        <TextField
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog's one field: typing starts at once
          autoFocus={action !== 'assign'}
          fullWidth
          multiline
          minRows={2}
          margin="normal"
          label={t(action === 'close' ? 'dialog.close.resolution' : 'dialog.noteField')}
          required={isTextRequired}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            if (action !== 'assign') setFieldError(undefined);
          }}
          error={action !== 'assign' && fieldError !== undefined}
          helperText={action !== 'assign' ? fieldError : undefined}
          disabled={isBusy}
        />
        {serverError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {serverError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {t('cancel')}
        </Button>
        <Button
          variant="contained"
          color={action === 'emergency-off' ? 'error' : 'primary'}
          onClick={() => void submit()}
          disabled={isBusy}
          startIcon={isBusy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t(`dialog.${action}.confirm`)}
        </Button>
      </DialogActions>
    </>
  );
}
