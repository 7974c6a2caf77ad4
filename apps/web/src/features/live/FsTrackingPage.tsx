/**
 * /view-operations/fs-tracking and /management/fs-tracking: the control-room wallboard. The map fills the window over
 * the console's chrome (a fixed layer on top of header and sidebar, so the route keeps the app's session and
 * permission gate), with status counters, a clock (Asia/Kolkata) and the view fitted to the whole fleet every minute;
 * nothing needs a click. SOS and critical alerts pop up with sound.
 *
 * Benchmark: `?bench=<n>` (up to 20,000; `&cluster=0` to draw every vehicle) replaces the live feed by `n` synthetic
 * vehicles moving every 2 s and publishes frame-time figures on `window.__cfMapBench` for bench/map-fps.ts.
 */
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import { Box, IconButton, Paper, Tooltip, Typography } from '@mui/material';
import { VEHICLE_LIVE_STATUSES } from '@civicfleet/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  MapView,
  VEHICLE_STATUS_COLOURS,
  VehicleLayer,
  type Bounds,
  type MapVehicle,
} from '@/components/map';
import { toAppTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { createBenchFleet } from './bench-fleet';
import { LiveAlertPopup } from './LiveAlertPopup';
import { countByStatus, fleetBounds, toMapVehicles } from './live-vehicles';
import { useLiveFleet } from './use-live-fleet';

const REFIT_EVERY_MS = 60_000;
const BENCH_STEP_MS = 2_000;

declare global {
  interface Window {
    /** Figures of the map benchmark (fs-tracking `?bench=`). */
    __cfMapBench?: { vehicles: number; updates: number; setDataMs: number[] };
  }
}

function useClock(): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return toAppTime(now)?.format('DD/MM/YYYY HH:mm:ss') ?? '';
}

/** Rounded outwards to ~100 m so that small moves do not re-fit the view. */
const roundBounds = (b: Bounds | null): Bounds | null =>
  b && [
    [Math.floor(b[0][0] * 1000) / 1000, Math.floor(b[0][1] * 1000) / 1000],
    [Math.ceil(b[1][0] * 1000) / 1000, Math.ceil(b[1][1] * 1000) / 1000],
  ];

/** The synthetic fleet of `?bench=`, stepped every 2 s; null when not benchmarking. */
function useBenchFleet(count: number): MapVehicle[] | null {
  const fleet = useMemo(() => (count > 0 ? createBenchFleet(count) : null), [count]);
  const [vehicles, setVehicles] = useState<MapVehicle[] | null>(() => fleet?.vehicles ?? null);
  useEffect(() => {
    if (!fleet) return undefined;
    window.__cfMapBench = { vehicles: fleet.vehicles.length, updates: 0, setDataMs: [] };
    const timer = setInterval(() => setVehicles(fleet.step(BENCH_STEP_MS / 1000)), BENCH_STEP_MS);
    return () => clearInterval(timer);
  }, [fleet]);
  return vehicles;
}

function recordSetData(ms: number): void {
  const bench = window.__cfMapBench;
  if (!bench) return;
  bench.updates += 1;
  bench.setDataMs.push(ms);
}

export function FsTrackingPage() {
  const { t } = useTranslation('live');
  const [params] = useSearchParams();
  const benchCount = Number(params.get('bench') ?? 0) || 0;
  const isClustered = params.get('cluster') !== '0';
  const live = useLiveFleet();
  const bench = useBenchFleet(benchCount);
  const clock = useClock();

  const all = useMemo(() => [...live.vehicles.values()], [live.vehicles]);
  const mapVehicles = useMemo(() => bench ?? toMapVehicles(all), [bench, all]);
  const counts = useMemo(() => countByStatus(bench ?? all), [bench, all]);

  // Fitted to the fleet when it first shows, then every minute (rounded, so a still fleet does not re-fit).
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const boundsKey = JSON.stringify(roundBounds(fleetBounds(mapVehicles)));
  const latestKey = useRef(boundsKey);
  if (bounds === null && boundsKey !== 'null') setBounds(JSON.parse(boundsKey) as Bounds);
  useEffect(() => {
    latestKey.current = boundsKey;
  }, [boundsKey]);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = JSON.parse(latestKey.current) as Bounds | null;
      if (next) setBounds(next);
    }, REFIT_EVERY_MS);
    return () => clearInterval(timer);
  }, []);

  return createPortal(
    <Box
      component="section"
      aria-label={t('fs.title')}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: (theme) => theme.zIndex.drawer + 1,
        bgcolor: 'background.default',
        '& [role="region"]': { borderRadius: 0, border: 0 },
      }}
    >
      <MapView
        ariaLabel={t('fs.map')}
        height="100vh"
        bounds={bounds}
        fitPadding={64}
        unavailableMessage={t('map.unavailable')}
      >
        <VehicleLayer
          vehicles={mapVehicles}
          cluster={isClustered}
          onDataTime={bench ? recordSetData : undefined}
        />
      </MapView>
      <Paper
        elevation={3}
        role="status"
        aria-label={t('fs.counters')}
        sx={{
          position: 'absolute',
          top: 12,
          left: 12,
          p: 1.5,
          display: 'flex',
          gap: 2,
          flexWrap: 'wrap',
          maxWidth: 'calc(100vw - 24px)',
        }}
      >
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t('status.all')}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {counts.all}
          </Typography>
        </Box>
        {VEHICLE_LIVE_STATUSES.map((s) => (
          <Box key={s} sx={{ borderLeft: 4, borderColor: VEHICLE_STATUS_COLOURS[s].fill, pl: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {t(`status.${s}`)}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
              {counts[s]}
            </Typography>
          </Box>
        ))}
      </Paper>
      <Paper
        elevation={3}
        sx={{
          position: 'absolute',
          bottom: 12,
          right: 12,
          px: 1.5,
          py: 0.5,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
        }}
      >
        <Typography
          variant="h6"
          component="p"
          sx={{ fontVariantNumeric: 'tabular-nums' }}
          aria-label={t('fs.clock')}
        >
          {clock}
        </Typography>
        <Tooltip title={t('fs.exit')}>
          <IconButton component={RouterLink} to={paths.liveTracking} aria-label={t('fs.exit')} size="small">
            <FullscreenExitIcon />
          </IconButton>
        </Tooltip>
      </Paper>
      {!bench && <LiveAlertPopup />}
    </Box>,
    document.body,
  );
}
