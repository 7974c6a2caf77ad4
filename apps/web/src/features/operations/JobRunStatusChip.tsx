/** A job run's status (the spec's sample names them Started and Finished; Scheduled and Missed complete the set). */
import Chip from '@mui/material/Chip';
import type { JobRunStatusValue } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export const JOB_RUN_STATUS_COLOURS: Record<JobRunStatusValue, 'default' | 'info' | 'success' | 'error'> = {
  scheduled: 'default',
  started: 'info',
  finished: 'success',
  missed: 'error',
};

export function JobRunStatusChip({ status }: { status: JobRunStatusValue }) {
  const { t } = useTranslation('operations');
  return <Chip size="small" color={JOB_RUN_STATUS_COLOURS[status]} label={t(`jobRuns.statuses.${status}`)} />;
}
