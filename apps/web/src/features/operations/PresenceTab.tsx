/**
 * "Presence now": every dump yard and transfer station in scope with the vehicles inside it and for how long
 * (docs/swm.md: visits with no exit yet). The server measures at `asOf`; the screen adds the time since the answer
 * arrived, so the durations tick between refreshes (every minute).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { getPresence, operationsKeys } from './api/operations';
import { useDurationFormat } from './format';
import { useTicker } from './use-ticker';

const REFRESH_MS = 60_000;
const TICK_MS = 5_000;
/** Longer than this inside a yard is worth a look (unloading takes 10–20 minutes). */
const LONG_STAY_S = 60 * 60;

export function PresenceTab() {
  const { t } = useTranslation('operations');
  const duration = useDurationFormat();
  const now = useTicker(TICK_MS);
  const presence = useQuery({
    queryKey: operationsKeys.presence(),
    queryFn: ({ signal }) => getPresence(signal),
    refetchInterval: REFRESH_MS,
  });

  if (presence.isPending)
    return (
      <Grid container spacing={2} aria-busy="true" aria-label={t('common.loading')}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, md: 6, lg: 4 }}>
            <Skeleton variant="rounded" height={160} />
          </Grid>
        ))}
      </Grid>
    );
  if (presence.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void presence.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('common.loadFailed')}
      </Alert>
    );
  const { yards } = presence.data;
  if (yards.length === 0) return <Alert severity="info">{t('presence.noYards')}</Alert>;
  const sinceAnswerS = Math.max(0, (now - presence.dataUpdatedAt) / 1000);
  const inside = yards.reduce((n, y) => n + y.vehicles.length, 0);

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} aria-live="polite">
        {t('presence.summary', { count: inside, yards: yards.length })}
      </Typography>
      <Grid container spacing={2}>
        {yards.map((yard) => (
          <Grid key={yard.geofenceId} size={{ xs: 12, md: 6, lg: 4 }}>
            <Card variant="outlined" component="section" aria-label={yard.name} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {yard.name}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, mb: 1 }}>
                  <Chip size="small" variant="outlined" label={t(`kinds.${yard.kind}`)} />
                  <Chip
                    size="small"
                    color={yard.vehicles.length > 0 ? 'primary' : 'default'}
                    label={t('presence.inside', { count: yard.vehicles.length })}
                  />
                </Box>
                {yard.vehicles.length === 0 ? (
                  <Typography variant="body2" color="text.secondary">
                    {t('presence.empty')}
                  </Typography>
                ) : (
                  <List dense disablePadding>
                    {yard.vehicles.map((v) => {
                      const stayS = v.durationS + sinceAnswerS;
                      const isLong = stayS > LONG_STAY_S;
                      return (
                        <ListItem key={v.vehicleId} disableGutters divider>
                          <ListItemText
                            primary={v.registrationNumber}
                            secondary={t('presence.since', { time: formatDateTime(v.enteredAt) })}
                            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                          />
                          <Typography
                            variant="body2"
                            sx={{
                              fontWeight: 600,
                              fontVariantNumeric: 'tabular-nums',
                              color: isLong ? 'warning.main' : 'text.primary',
                            }}
                          >
                            {duration(stayS)}
                          </Typography>
                        </ListItem>
                      );
                    })}
                  </List>
                )}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
