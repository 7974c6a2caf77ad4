/** The status chip and the SLA countdown ("due in 3 h" / "overdue by 2 h" in red) of a complaint. */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ComplaintStatus } from '@civicfleet/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { slaState } from './sla';

export const STATUS_COLOURS: Record<ComplaintStatus, 'info' | 'primary' | 'success' | 'warning'> = {
  open: 'info',
  assigned: 'primary',
  resolved: 'success',
  reopened: 'warning',
};

export function ComplaintStatusChip({ status }: { status: ComplaintStatus }) {
  const { t } = useTranslation('complaints');
  return <Chip size="small" color={STATUS_COLOURS[status]} label={t(`statuses.${status}`)} />;
}

/** The clock the countdowns read, advanced every minute. */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function SlaCountdown({
  complaint,
  now,
}: {
  complaint: { status: ComplaintStatus; dueAt: string; resolvedLate: boolean | null };
  now: number;
}) {
  const { t } = useTranslation('complaints');
  const state = slaState(complaint, now);
  if (state.kind === 'resolved')
    return (
      <Typography variant="body2" color={complaint.resolvedLate ? 'error' : 'success.main'}>
        {complaint.resolvedLate ? t('sla.resolvedLate') : t('sla.resolvedInTime')}
      </Typography>
    );
  const text = t(`sla.${state.kind}_${state.unit}`, { count: state.count });
  return (
    <Typography
      variant="body2"
      title={formatDateTime(complaint.dueAt)}
      sx={{
        color: state.kind === 'overdue' ? 'error.main' : 'text.primary',
        fontWeight: state.kind === 'overdue' ? 600 : 400,
      }}
    >
      {text}
    </Typography>
  );
}
