/**
 * Beside the map: the totals (distance, run / idle / stop / offline time, speeds), exports (KML, GPX, CSV), and the
 * stops, trips and alerts as lists. Clicking a stop or trip moves the clock there and fits the map to it.
 */
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  PLAYBACK_EXPORT_FORMATS,
  type Playback,
  type PlaybackExportFormat,
  type PlaybackStop,
  type PlaybackTrip,
} from '@civicfleet/shared';
import { useSnackbar } from 'notistack';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { fetchPlaybackExport, type PlaybackRange } from './api/playback';
import { splitDuration } from './playback-range';

export function useDuration() {
  const { t } = useTranslation('playback');
  return (seconds: number) => {
    const { h, min, s } = splitDuration(seconds);
    if (h > 0) return t('duration.hm', { h, min: String(min).padStart(2, '0') });
    if (min > 0) return t('duration.m', { min });
    return t('duration.s', { s });
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

export function TotalsPanel({ data }: { data: Playback }) {
  const { t } = useTranslation('playback');
  const duration = useDuration();
  const { totals } = data;
  const rows: Array<[string, string]> = [
    [t('totals.distance'), t('totals.km', { value: (totals.distanceM / 1000).toFixed(2) })],
    [t('totals.run'), duration(totals.runS)],
    [t('totals.idle'), duration(totals.idleS)],
    [t('totals.stop'), duration(totals.stopS)],
    [t('totals.offline'), duration(totals.offlineS)],
    [
      t('totals.maxSpeed'),
      totals.maxSpeedKph === null ? '-' : t('totals.kph', { value: Math.round(totals.maxSpeedKph) }),
    ],
    [
      t('totals.avgSpeed'),
      totals.avgMovingSpeedKph === null
        ? '-'
        : t('totals.kph', { value: totals.avgMovingSpeedKph.toFixed(1) }),
    ],
  ];
  return (
    <Section title={t('totals.title')}>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Section>
  );
}

const FILE_EXTENSION: Record<PlaybackExportFormat, string> = { kml: 'kml', gpx: 'gpx', csv: 'csv' };

/** `MP09AB1234_2026-11-25.gpx` (or `…_2026-11-24_2026-11-25.gpx`), the server's own naming, by IST days. */
function exportFileName(registration: string, range: PlaybackRange, extension: string): string {
  const first = range.from.slice(0, 10);
  const last = range.to.slice(0, 10);
  const safe = registration.replace(/[^A-Za-z0-9-]/g, '') || 'vehicle';
  return `${safe}_${first}${last === first ? '' : `_${last}`}.${extension}`;
}

export function ExportPanel({
  data,
  range,
  share,
}: {
  data: Playback;
  range: PlaybackRange;
  share?: ReactNode;
}) {
  const { t } = useTranslation('playback');
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState<PlaybackExportFormat | null>(null);
  const download = async (format: PlaybackExportFormat) => {
    setBusy(format);
    try {
      const url = await fetchPlaybackExport(range, format);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(data.vehicle.registrationNumber, range, FILE_EXTENSION[format]);
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      enqueueSnackbar(t('export.failed'), { variant: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Section title={t('export.title')}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {PLAYBACK_EXPORT_FORMATS.map((format) => (
          <Button
            key={format}
            size="small"
            variant="outlined"
            startIcon={<DownloadIcon />}
            disabled={busy !== null}
            onClick={() => void download(format)}
          >
            {t(`export.${format}`)}
          </Button>
        ))}
        {share}
      </Stack>
    </Section>
  );
}

export function StopsPanel({
  stops,
  onSelect,
}: {
  stops: PlaybackStop[];
  onSelect: (stop: PlaybackStop) => void;
}) {
  const { t } = useTranslation('playback');
  const duration = useDuration();
  return (
    <Section title={t('stops.title', { count: stops.length })}>
      {stops.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('stops.none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 260, overflow: 'auto' }}>
          {stops.map((s) => (
            <ListItemButton key={`${s.kind}-${s.from}`} onClick={() => onSelect(s)}>
              <ListItemText
                primary={`${t(`stops.kind.${s.kind}`)} · ${duration(s.durationS)}`}
                secondary={`${formatDateTime(s.from)} · ${s.address ?? t('stops.noAddress')}`}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Section>
  );
}

export function TripsPanel({
  trips,
  onSelect,
}: {
  trips: PlaybackTrip[];
  onSelect: (trip: PlaybackTrip) => void;
}) {
  const { t } = useTranslation('playback');
  const duration = useDuration();
  return (
    <Section title={t('trips.title', { count: trips.length })}>
      {trips.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('trips.none')}
        </Typography>
      ) : (
        <List dense disablePadding sx={{ maxHeight: 260, overflow: 'auto' }}>
          {trips.map((trip) => (
            <ListItemButton key={trip.startAt} onClick={() => onSelect(trip)}>
              <ListItemText
                primary={t('trips.item', {
                  from: formatDateTime(trip.startAt),
                  to: formatDateTime(trip.endAt).slice(11),
                  km: (trip.distanceM / 1000).toFixed(2),
                  duration: duration(trip.durationS),
                })}
                secondary={
                  trip.startAddress || trip.endAddress
                    ? `${trip.startAddress ?? '-'} → ${trip.endAddress ?? '-'}`
                    : undefined
                }
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Section>
  );
}

export function AlertsPanel({ data, onSelect }: { data: Playback; onSelect: (at: string) => void }) {
  const { t } = useTranslation('playback');
  if (data.alerts.length === 0) return null;
  return (
    <Section title={t('alerts.title', { count: data.alerts.length })}>
      <List dense disablePadding sx={{ maxHeight: 200, overflow: 'auto' }}>
        {data.alerts.map((a) => (
          <ListItemButton key={a.id} onClick={() => onSelect(a.at)}>
            <ListItemText
              primary={t(`alerts.type.${a.type}`, { defaultValue: a.type })}
              secondary={formatDateTime(a.at)}
            />
          </ListItemButton>
        ))}
      </List>
    </Section>
  );
}
