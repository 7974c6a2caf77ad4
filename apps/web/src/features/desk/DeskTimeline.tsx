/** The alert's history: raised, then every operator (or system) step, oldest first, times in Asia/Kolkata. */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { AlertDeskDetail } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { actionKey } from './labels';

export function DeskTimeline({ alert }: { alert: AlertDeskDetail }) {
  const { t } = useTranslation('desk');
  return (
    <Box component="section" aria-labelledby={`timeline-${alert.id}`}>
      <Typography
        id={`timeline-${alert.id}`}
        variant="subtitle1"
        component="h3"
        sx={{ fontWeight: 700, mb: 1 }}
      >
        {t('timeline.title')}
      </Typography>
      <Box
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: 0, borderLeft: 2, borderColor: 'divider', pl: 2 }}
      >
        <Step at={alert.startedAt} title={t('timeline.raised')} />
        {alert.timeline.map((entry) => (
          <Step
            key={entry.id}
            at={entry.at}
            title={t(actionKey(entry.action))}
            by={entry.user?.name ?? t('timeline.system')}
            detail={[entry.assignee ? t('timeline.to', { name: entry.assignee.name }) : null, entry.note]
              .filter((x): x is string => Boolean(x))
              .join(' — ')}
          />
        ))}
      </Box>
    </Box>
  );
}

function Step({ at, title, by, detail }: { at: string; title: string; by?: string; detail?: string }) {
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
        {by && (
          <Typography component="span" variant="body2" color="text.secondary">
            {' · '}
            {by}
          </Typography>
        )}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <time dateTime={at}>{formatDateTime(at)}</time>
      </Typography>
      {detail && <Typography variant="body2">{detail}</Typography>}
    </Box>
  );
}
