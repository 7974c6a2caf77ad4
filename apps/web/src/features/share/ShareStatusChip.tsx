import Chip from '@mui/material/Chip';
import type { ShareStatus } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

const COLOURS = { active: 'success', expired: 'default', revoked: 'error' } as const;

export function ShareStatusChip({ status }: { status: ShareStatus }) {
  const { t } = useTranslation('share');
  return <Chip size="small" variant="outlined" color={COLOURS[status]} label={t(`status.${status}`)} />;
}
