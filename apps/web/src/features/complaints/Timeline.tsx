/** The complaint's timeline (complaint_events): who did what when, oldest first. */
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ComplaintTimelineEntry } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

function detailOf(
  entry: ComplaintTimelineEntry,
  t: (key: string, options?: Record<string, unknown>) => string,
) {
  const attrs = entry.attrs ?? {};
  if (entry.action === 'assign' && typeof attrs.staffName === 'string')
    return t('timeline.assignedTo', { name: attrs.staffName });
  if (entry.action === 'resolve') {
    const evidence = attrs.evidence as { anyVehiclePassed?: boolean; vehicles?: unknown[] } | undefined;
    if (evidence?.anyVehiclePassed === false) return t('timeline.noVehicle');
    if (evidence?.vehicles) return t('timeline.vehicles', { count: evidence.vehicles.length });
  }
  if (entry.action === 'edit' && Array.isArray(attrs.changed))
    return t('timeline.changed', { fields: (attrs.changed as string[]).join(', ') });
  return null;
}

export function Timeline({ entries }: { entries: readonly ComplaintTimelineEntry[] }) {
  const { t } = useTranslation('complaints');
  return (
    <List dense aria-label={t('detail.timeline')}>
      {entries.map((e) => {
        const detail = detailOf(e, t);
        return (
          <ListItem key={e.id} divider alignItems="flex-start">
            <ListItemText
              primary={
                <>
                  <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
                    {t(`timeline.${e.action}`)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' · '}
                    {formatDateTime(e.at)}
                    {e.user ? ` · ${e.user.name}` : ''}
                  </Typography>
                </>
              }
              secondary={[detail, e.note].filter(Boolean).join(' — ') || undefined}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
