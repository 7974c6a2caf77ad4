/**
 * A playback link: the window's track on the map, the vehicle at the slider's time, play / pause at 1× … 64×, and
 * the window's distance and top speed. The track comes with the link (the server's GET /playback answer for it).
 */
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PlaybackSchema, type PublicPlaybackShare } from '@civicfleet/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GeoJsonOverlay,
  MapView,
  OVERLAY_COLOURS,
  VehicleLayer,
  featureCollection,
  geometryBounds,
  type MapVehicle,
} from '@/components/map';
import { formatDateTime } from '@/lib/format';
import { PLAYBACK_SPEEDS, pointIndexAt, usePlaybackClock } from './use-playback-clock';

export function PlaybackShareView({ share }: { share: PublicPlaybackShare }) {
  const { t } = useTranslation('share');
  const parsed = useMemo(() => PlaybackSchema.safeParse(share.playback), [share.playback]);
  if (!parsed.success) return <Alert severity="error">{t('public.loadFailed')}</Alert>;
  if (parsed.data.points.t.length === 0)
    return (
      <Alert severity="info">
        {t('public.noTrack', { from: formatDateTime(share.from), to: formatDateTime(share.to) })}
      </Alert>
    );
  return <Player share={share} playback={parsed.data} />;
}

type Playback = ReturnType<typeof PlaybackSchema.parse>;

function Player({ share, playback }: { share: PublicPlaybackShare; playback: Playback }) {
  const { t } = useTranslation('share');
  const { points, totals } = playback;
  const startMs = points.t[0] ?? Date.parse(share.from);
  const endMs = points.t[points.t.length - 1] ?? Date.parse(share.to);
  const clock = usePlaybackClock(startMs, endMs);
  const track = useMemo(() => {
    const line = { type: 'LineString', coordinates: points.lon.map((lon, i) => [lon, points.lat[i] ?? 0]) };
    return { data: featureCollection([{ geometry: line }]), bounds: geometryBounds([line]) };
  }, [points]);
  const i = pointIndexAt(points.t, clock.timeMs);
  const speedKph = points.speedKph[i] ?? null;
  const vehicle: MapVehicle = {
    id: share.vehicle.id,
    lat: points.lat[i] ?? 0,
    lon: points.lon[i] ?? 0,
    headingDeg: points.headingDeg[i] ?? null,
    status: (speedKph ?? 0) > 0 ? 'moving' : points.ignition[i] ? 'idle' : 'stopped',
    kind: share.vehicle.kind,
    label: share.vehicle.registrationNumber,
  };
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <MapView ariaLabel={t('public.mapLabel')} height="min(65vh, 600px)" bounds={track.bounds}>
          <GeoJsonOverlay id="shared-track" data={track.data} colour={OVERLAY_COLOURS.edit} lineWidth={3} />
          <VehicleLayer vehicles={[vehicle]} cluster={false} id="shared-playback" />
        </MapView>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <IconButton
            onClick={clock.isPlaying ? clock.pause : clock.play}
            aria-label={clock.isPlaying ? t('playback.pause') : t('playback.play')}
            color="primary"
          >
            {clock.isPlaying ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <Slider
            aria-label={t('playback.position')}
            min={startMs}
            max={endMs}
            step={1000}
            value={clock.timeMs}
            valueLabelDisplay="auto"
            valueLabelFormat={(v) => formatDateTime(v)}
            getAriaValueText={(v) => formatDateTime(v)}
            onChange={(_, v) => clock.setTimeMs(Array.isArray(v) ? (v[0] ?? startMs) : v)}
            sx={{ flexGrow: 1 }}
          />
          <TextField
            select
            size="small"
            label={t('playback.speed')}
            value={clock.speed}
            onChange={(e) => clock.setSpeed(Number(e.target.value))}
            sx={{ width: 100 }}
          >
            {PLAYBACK_SPEEDS.map((s) => (
              <MenuItem key={s} value={s}>
                {s}×
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mt: 1 }} role="status">
          <Typography variant="body2">
            {t('playback.at', { at: formatDateTime(points.t[i] ?? clock.timeMs) })}
          </Typography>
          <Typography variant="body2">{t('public.speed', { speed: Math.round(speedKph ?? 0) })}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('playback.distance', { km: (totals.distanceM / 1000).toFixed(1) })}
          </Typography>
          {totals.maxSpeedKph !== null && (
            <Typography variant="body2" color="text.secondary">
              {t('playback.maxSpeed', { speed: Math.round(totals.maxSpeedKph) })}
            </Typography>
          )}
        </Box>
      </Paper>
    </Stack>
  );
}
