/** Update firmware (records the target, queues the protocol's command) and send a command (POST /v1/command). */
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { COMMAND_TYPES, type CommandType, type Device } from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/session';
import { DialogFrame } from './DialogFrame';
import { sendCommand, updateFirmware } from './api/devices';
import { useDialogCall } from './use-dialog-call';

interface DeviceDialogProps {
  device: Device | null;
  onClose: () => void;
}

export function FirmwareDialog({ device, onClose }: DeviceDialogProps) {
  const { t } = useTranslation('device');
  const [version, setVersion] = useState('');
  const [url, setUrl] = useState('');
  const { run, isBusy, fieldErrors } = useDialogCall();
  const close = () => {
    setVersion('');
    setUrl('');
    onClose();
  };
  const submit = async () => {
    if (!device) return;
    const body = { version: version.trim(), ...(url.trim() ? { url: url.trim() } : {}) };
    if (await run(() => updateFirmware(device.id, body), t('firmware.done'))) close();
  };
  return (
    <DialogFrame
      open={device !== null}
      title={t('firmware.title')}
      onClose={close}
      submitLabel={t('firmware.submit')}
      onSubmit={() => void submit()}
      isBusy={isBusy}
      isSubmitDisabled={version.trim() === ''}
    >
      <DialogContentText>
        {t('firmware.current', { imei: device?.imei ?? '', firmware: device?.firmware ?? '—' })}
      </DialogContentText>
      <TextField
        fullWidth
        required
        margin="normal"
        label={t('firmware.version')}
        value={version}
        onChange={(e) => setVersion(e.target.value)}
        error={fieldErrors.version !== undefined}
        helperText={fieldErrors.version}
      />
      <TextField
        fullWidth
        margin="normal"
        label={t('firmware.url')}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={fieldErrors.url !== undefined}
        helperText={fieldErrors.url ?? t('firmware.urlHint')}
      />
    </DialogFrame>
  );
}

/** Engine stop and resume need device:immobilise; the server then asks for the password (step-up dialog). */
const IMMOBILISER_TYPES: ReadonlySet<CommandType> = new Set(['engineStop', 'engineResume']);

export function CommandDialog({ device, onClose }: DeviceDialogProps) {
  const { t } = useTranslation('device');
  const { can } = useSession();
  const types = COMMAND_TYPES.filter((c) => !IMMOBILISER_TYPES.has(c) || can('device', 'immobilise'));
  const [type, setType] = useState<CommandType>('getInfo');
  const [text, setText] = useState('');
  const { run, isBusy, fieldErrors } = useDialogCall();
  const close = () => {
    setType('getInfo');
    setText('');
    onClose();
  };
  const submit = async () => {
    if (!device) return;
    const params = type === 'custom' ? { text: text.trim() } : {};
    if (await run(() => sendCommand({ deviceId: device.id, type, params }), t('command.done'))) close();
  };
  return (
    <DialogFrame
      open={device !== null}
      title={t('command.title')}
      onClose={close}
      submitLabel={t('command.submit')}
      onSubmit={() => void submit()}
      isBusy={isBusy}
      isSubmitDisabled={type === 'custom' && text.trim() === ''}
    >
      <DialogContentText>{t('command.device', { imei: device?.imei ?? '' })}</DialogContentText>
      <TextField
        select
        fullWidth
        margin="normal"
        label={t('command.type')}
        value={type}
        onChange={(e) => setType(e.target.value as CommandType)}
        error={fieldErrors.type !== undefined}
        helperText={fieldErrors.type}
      >
        {types.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`command.types.${c}`)}
          </MenuItem>
        ))}
      </TextField>
      {IMMOBILISER_TYPES.has(type) && <DialogContentText>{t('command.immobiliserHint')}</DialogContentText>}
      {type === 'custom' && (
        <TextField
          fullWidth
          required
          margin="normal"
          label={t('command.text')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={fieldErrors.text !== undefined}
          helperText={fieldErrors.text ?? t('command.textHint')}
        />
      )}
    </DialogFrame>
  );
}
