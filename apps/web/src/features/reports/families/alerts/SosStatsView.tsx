/** sosalert: the desk's response times over the whole result (median and 90th percentile, from `run.meta`). */
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatReportDuration } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import type { ReportViewProps } from '../../types';

const seconds = (value: unknown) => (typeof value === 'number' ? formatReportDuration(value) : '-');

export function SosStatsView({ run }: ReportViewProps) {
  const { t } = useTranslation('reportsAlerts');
  const meta = run.meta ?? {};
  const stats = [
    ['medianAcknowledgeS', meta.medianAcknowledgeS],
    ['p90AcknowledgeS', meta.p90AcknowledgeS],
    ['medianCloseS', meta.medianCloseS],
    ['p90CloseS', meta.p90CloseS],
  ] as const;
  if (run.rows.length === 0) return null;
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
      {stats.map(([key, value]) => (
        <Paper key={key} variant="outlined" sx={{ px: 2, py: 1, minWidth: 180 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t(`sosalert.stats.${key}`)}
          </Typography>
          <Typography variant="h6" component="p">
            {seconds(value)}
          </Typography>
        </Paper>
      ))}
    </Stack>
  );
}
