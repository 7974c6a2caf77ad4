/** A group's counts as GET /group/:id/summary gives them: vehicles, linked / unlinked to a device, online now. */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GroupSummary } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';

export function GroupSummaryCounts({ summary }: { summary: GroupSummary }) {
  const { t } = useTranslation('catalogue');
  const counts = [
    { id: 'vehicles', label: t('groups.summary.vehicles'), value: summary.vehicleCount },
    { id: 'linked', label: t('groups.summary.linked'), value: summary.linked },
    { id: 'unlinked', label: t('groups.summary.unlinked'), value: summary.unlinked },
    { id: 'online', label: t('groups.summary.onlineNow'), value: summary.onlineNow },
  ];
  return (
    <Box
      component="dl"
      aria-label={t('groups.summary.title')}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))',
        gap: 1.5,
        m: 0,
        mb: 2,
      }}
    >
      {counts.map((c) => (
        <Paper key={c.id} variant="outlined" sx={{ p: 1.5 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {c.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>
            {c.value}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}
