/**
 * A device's identity marks (docs/security.md "Device identity"): "Identity conflict" while a takeover from another
 * address is open (when and how many, on hover/focus), "Clone suspected" once it flapped between addresses. The
 * marks are cleared by closing the identityConflict alert on the SOS desk.
 */
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { Device } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

type Marks = Pick<Device, 'identityConflictAt' | 'identityConflicts' | 'cloneSuspectedAt'>;

export function IdentityMarks({ device }: { device: Marks }) {
  const { t } = useTranslation('device');
  return (
    <>
      {device.identityConflictAt !== null && (
        <Tooltip
          describeChild
          title={t('identity.conflictHint', {
            count: device.identityConflicts,
            at: formatDateTime(device.identityConflictAt),
          })}
        >
          <Chip size="small" color="warning" label={t('identity.conflict')} tabIndex={0} />
        </Tooltip>
      )}
      {device.cloneSuspectedAt !== null && (
        <Tooltip
          describeChild
          title={t('identity.cloneHint', { at: formatDateTime(device.cloneSuspectedAt) })}
        >
          <Chip size="small" color="error" label={t('identity.cloneSuspected')} tabIndex={0} />
        </Tooltip>
      )}
    </>
  );
}
