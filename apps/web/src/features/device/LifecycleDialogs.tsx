/**
 * Allocate (one device or a selection), roll back (one or a selection) and change status. Bulk calls answer per
 * device; the dialog then shows those results instead of closing.
 */
import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  DEVICE_STATUS_TRANSITIONS,
  type BulkResult,
  type Device,
  type DeviceStatus,
} from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkResultList } from './BulkResultList';
import { DialogFrame } from './DialogFrame';
import { OrganisationSelect, type OrganisationOption } from '@/components/OrganisationPicker';
import { SearchSelect } from '@/components/SearchPicker';
import { useSession } from '@/session';
import {
  allocateDevice,
  allocateDevices,
  changeDeviceStatus,
  rollbackDevice,
  rollbackDevices,
  vendorOptionsQuery,
} from './api/devices';
import { useDialogCall } from './use-dialog-call';

interface SelectionDialogProps {
  /** The devices acted on; null = closed. */
  devices: Device[] | null;
  /** Bulk route (per-device results) rather than the single one. */
  isBulk: boolean;
  onClose: () => void;
}

export function AllocateDialog({ devices, isBulk, onClose }: SelectionDialogProps) {
  const { t } = useTranslation('device');
  const { can } = useSession();
  const [target, setTarget] = useState<OrganisationOption | null>(null);
  // Either picker sets the target organisation: a vendor stands for its RFC administrator's organisation.
  const [vendor, setVendor] = useState<OrganisationOption | null>(null);
  const pick = (via: 'vendor' | 'organisation') => (option: OrganisationOption | null) => {
    setTarget(option);
    setVendor(via === 'vendor' ? option : null);
  };
  const [result, setResult] = useState<BulkResult | null>(null);
  const { run, isBusy, fieldErrors } = useDialogCall();
  const close = () => {
    setTarget(null);
    setVendor(null);
    setResult(null);
    onClose();
  };
  const submit = async () => {
    if (!devices || !target) return;
    const [first] = devices;
    if (isBulk) {
      const done = await run(() =>
        allocateDevices(
          devices.map((d) => d.id),
          target.id,
        ),
      );
      if (done) setResult(done);
    } else if (first && (await run(() => allocateDevice(first.id, target.id), t('allocate.done')))) close();
  };
  return (
    <DialogFrame
      open={devices !== null}
      title={t('allocate.title')}
      onClose={close}
      submitLabel={result ? undefined : t('allocate.submit')}
      onSubmit={() => void submit()}
      isBusy={isBusy}
      isSubmitDisabled={target === null}
    >
      {result ? (
        <BulkResultList result={result} />
      ) : (
        <>
          <DialogContentText>
            {devices?.length === 1
              ? t('allocate.one', { imei: devices[0]?.imei ?? '' })
              : t('allocate.many', { n: devices?.length ?? 0 })}
          </DialogContentText>
          {can('user') && (
            <SearchSelect
              query={vendorOptionsQuery}
              value={vendor}
              onChange={pick('vendor')}
              label={t('allocate.vendor')}
              helperText={t('allocate.vendorHint')}
              isRequired={false}
              excludeId={devices?.length === 1 ? devices[0]?.organisation.id : undefined}
            />
          )}
          <OrganisationSelect
            value={target}
            onChange={pick('organisation')}
            label={t('allocate.organisation')}
            error={fieldErrors.organisationId}
            excludeId={devices?.length === 1 ? devices[0]?.organisation.id : undefined}
          />
        </>
      )}
    </DialogFrame>
  );
}

export function RollbackDialog({ devices, isBulk, onClose }: SelectionDialogProps) {
  const { t } = useTranslation('device');
  const [result, setResult] = useState<BulkResult | null>(null);
  const { run, isBusy } = useDialogCall();
  const close = () => {
    setResult(null);
    onClose();
  };
  const submit = async () => {
    if (!devices) return;
    const [first] = devices;
    if (isBulk) {
      const done = await run(() => rollbackDevices(devices.map((d) => d.id)));
      if (done) setResult(done);
    } else if (first && (await run(() => rollbackDevice(first.id), t('rollback.done')))) close();
  };
  return (
    <DialogFrame
      open={devices !== null}
      title={t('rollback.title')}
      onClose={close}
      submitLabel={result ? undefined : t('rollback.submit')}
      onSubmit={() => void submit()}
      isBusy={isBusy}
    >
      {result ? (
        <BulkResultList result={result} />
      ) : (
        <DialogContentText>
          {devices?.length === 1
            ? t('rollback.one', { imei: devices[0]?.imei ?? '' })
            : t('rollback.many', { n: devices?.length ?? 0 })}
        </DialogContentText>
      )}
    </DialogFrame>
  );
}

export function StatusDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const { t } = useTranslation('device');
  const [status, setStatus] = useState<DeviceStatus | ''>('');
  const { run, isBusy, fieldErrors } = useDialogCall();
  const allowed = device ? DEVICE_STATUS_TRANSITIONS[device.status] : [];
  const close = () => {
    setStatus('');
    onClose();
  };
  const submit = async () => {
    if (!device || status === '') return;
    if (await run(() => changeDeviceStatus(device.id, status), t('status.done'))) close();
  };
  return (
    <DialogFrame
      open={device !== null}
      title={t('status.title')}
      onClose={close}
      submitLabel={t('status.submit')}
      onSubmit={() => void submit()}
      isBusy={isBusy}
      isSubmitDisabled={status === ''}
    >
      <DialogContentText>
        {t('status.current', {
          imei: device?.imei ?? '',
          status: device ? t(`statuses.${device.status}`) : '',
        })}
      </DialogContentText>
      <TextField
        select
        fullWidth
        margin="normal"
        required
        label={t('status.next')}
        value={status}
        onChange={(e) => setStatus(e.target.value as DeviceStatus)}
        error={fieldErrors.status !== undefined}
        helperText={fieldErrors.status ?? (allowed.length === 0 ? t('status.none') : undefined)}
      >
        {allowed.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
    </DialogFrame>
  );
}
