/**
 * One loaded playback: the clock over the track's time span, the map, the controls and the panels. Keyboard on the
 * whole region: Space plays/pauses, ←/→ step to the previous/next fix (Shift: a minute).
 */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { Playback, PlaybackStop, PlaybackTrip } from '@civicfleet/shared';
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bounds } from '@/components/map';
import type { PlaybackRange } from './api/playback';
import { PlaybackClock } from './playback-clock';
import { PlaybackControls } from './PlaybackControls';
import { PlaybackMap } from './PlaybackMap';
import { indexAtTime, pointsBounds, stepTime } from './playback-math';
import { AlertsPanel, ExportPanel, StopsPanel, TotalsPanel, TripsPanel } from './PlaybackPanels';

const MINUTE_MS = 60_000;
/** Around a stop or alert: about 300 m each way. */
const NEAR_DEG = 0.003;

const isTyping = (target: EventTarget) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    (target instanceof HTMLInputElement && target.type !== 'range') ||
    target instanceof HTMLTextAreaElement);

export function PlaybackView({
  data,
  range,
  share,
}: {
  data: Playback;
  range: PlaybackRange;
  share?: ReactNode;
}) {
  const { t } = useTranslation('playback');
  const { points } = data;
  const clock = useMemo(() => {
    const first = points.t[0] ?? Date.parse(data.from);
    const last = points.t[points.t.length - 1] ?? first;
    return new PlaybackClock(first, last);
  }, [points, data.from]);
  useEffect(() => () => clock.dispose(), [clock]);
  const whole = useMemo(() => pointsBounds(points), [points]);
  const [focus, setFocus] = useState<Bounds | null>(whole);
  const [shownFor, setShownFor] = useState(whole);
  if (shownFor !== whole) {
    setShownFor(whole);
    setFocus(whole);
  }

  const near = (lat: number | null, lon: number | null): Bounds | null =>
    lat === null || lon === null
      ? null
      : [
          [lon - NEAR_DEG, lat - NEAR_DEG],
          [lon + NEAR_DEG, lat + NEAR_DEG],
        ];
  const selectTrip = (trip: PlaybackTrip) => {
    const fromMs = Date.parse(trip.startAt);
    clock.seek(fromMs);
    setFocus(
      pointsBounds(points, indexAtTime(points.t, fromMs), indexAtTime(points.t, Date.parse(trip.endAt))),
    );
  };
  const selectStop = (stop: PlaybackStop) => {
    clock.seek(Date.parse(stop.from));
    setFocus(near(stop.lat, stop.lon) ?? focus);
  };
  const selectAlert = (at: string) => clock.seek(Date.parse(at));

  const onKeyDown = (event: KeyboardEvent) => {
    if (isTyping(event.target)) return;
    if (event.key === ' ' && !(event.target instanceof HTMLButtonElement)) {
      event.preventDefault();
      clock.toggle();
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
      event.preventDefault();
      const direction = event.key === 'ArrowRight' ? 1 : -1;
      clock.seek(event.shiftKey ? clock.ms + direction * MINUTE_MS : stepTime(points.t, clock.ms, direction));
    }
  };

  return (
    <Box
      role="region"
      aria-label={t('view.label')}
      aria-keyshortcuts="Space ArrowLeft ArrowRight"
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <PlaybackMap data={data} clock={clock} focus={focus} />
          <PlaybackControls clock={clock} points={points} />
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={2}>
            <TotalsPanel data={data} />
            <ExportPanel data={data} range={range} share={share} />
            <TripsPanel trips={data.trips} onSelect={selectTrip} />
            <StopsPanel stops={data.stops} onSelect={selectStop} />
            <AlertsPanel data={data} onSelect={selectAlert} />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
