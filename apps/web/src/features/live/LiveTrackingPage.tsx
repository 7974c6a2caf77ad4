/**
 * /view-operations/live-tracking (spec 01 §2.3): the live map and a searchable vehicle list. Selecting a vehicle (map
 * or list) opens its card; `?vehicleId=` preselects and follows one (the status board's "see live tracking").
 * Filter and selection live in the URL (`status`, `q`, `vehicleId`); overlays are kept in localStorage.
 */
import { Alert, Box, Chip, Typography } from '@mui/material';
import type { LiveAlert } from '@civicfleet/shared';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MAP_OVERLAYS, type Bounds, type MapOverlay } from '@/components/map';
import { PageHeader } from '@/components/PageHeader';
import { FeatureSlot } from '@/components/slots/feature-slots';
import { readPreference, writePreference } from '@/lib/storage';
import { LiveAlertPopup } from './LiveAlertPopup';
import { LiveAlertStream } from './LiveAlertStream';
import { LiveMap } from './LiveMap';
import {
  countByStatus,
  filterVehicles,
  fleetBounds,
  STATUS_FILTERS,
  toMapVehicles,
  type StatusFilter,
} from './live-vehicles';
import { LIVE_ERRORS, useLiveFleet } from './use-live-fleet';
import { VehicleCard } from './VehicleCard';
import { VehicleList } from './VehicleList';

const OVERLAYS_KEY = 'live.overlays';

/** The feed's own errors (LIVE_ERRORS) are shown translated; anything else the server said, as it said it. */
const liveErrorKey = (error: string) =>
  (Object.keys(LIVE_ERRORS) as (keyof typeof LIVE_ERRORS)[]).find((key) => LIVE_ERRORS[key] === error);
/** Span in degrees around a preselected vehicle (~1 km). */
const VEHICLE_VIEW_DEG = 0.01;

function readOverlays(): MapOverlay[] {
  const raw = readPreference(OVERLAYS_KEY);
  if (raw === null) return ['wards', 'alerts'];
  return raw.split(',').filter((o): o is MapOverlay => (MAP_OVERLAYS as readonly string[]).includes(o));
}

const toStatus = (value: string | null): StatusFilter =>
  STATUS_FILTERS.includes(value as StatusFilter) ? (value as StatusFilter) : 'all';

export function LiveTrackingPage() {
  const { t } = useTranslation('live');
  const [params, setParams] = useSearchParams();
  const { vehicles, alerts, connection, error } = useLiveFleet();
  const selectedId = params.get('vehicleId');
  const status = toStatus(params.get('status'));
  const search = params.get('q') ?? '';
  const [isFollowing, setFollowing] = useState(selectedId !== null);
  const [trailMinutes, setTrailMinutes] = useState(0);
  const [overlays, setOverlays] = useState(readOverlays);

  const setParam = useCallback(
    (key: string, value: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // A new Map arrives with every update (the store's `version`).
  const all = useMemo(() => [...vehicles.values()], [vehicles]);
  const mapVehicles = useMemo(() => toMapVehicles(all), [all]);
  const counts = useMemo(() => countByStatus(all), [all]);
  const listed = useMemo(() => filterVehicles(all, status, search), [all, status, search]);
  const selected = selectedId ? (vehicles.get(selectedId) ?? null) : null;

  // LiveMap fits only the first non-null value: the preselected vehicle, else the whole fleet.
  const initialBounds: Bounds | null =
    selected?.lat != null && selected.lon != null
      ? [
          [selected.lon - VEHICLE_VIEW_DEG / 2, selected.lat - VEHICLE_VIEW_DEG / 2],
          [selected.lon + VEHICLE_VIEW_DEG / 2, selected.lat + VEHICLE_VIEW_DEG / 2],
        ]
      : fleetBounds(mapVehicles);

  const select = (id: string) => {
    setParam('vehicleId', id);
    setTrailMinutes(0);
  };
  const showAlert = (alert: LiveAlert) => {
    const id = alert.vehicleId ?? `device:${alert.deviceId}`;
    if (vehicles.has(id)) {
      select(id);
      setFollowing(true);
    }
  };
  const changeOverlays = (next: MapOverlay[]) => {
    setOverlays(next);
    writePreference(OVERLAYS_KEY, next.join(','));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 140px)', minHeight: 520 }}>
      <PageHeader
        title={t('title')}
        actions={
          <>
            <FeatureSlot name="SharesButton" buttonProps={{ size: 'small' }} />
            <Chip
              size="small"
              role="status"
              color={connection === 'open' ? 'success' : connection === 'closed' ? 'default' : 'warning'}
              label={t(`connection.${connection}`)}
            />
          </>
        }
      />
      {error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {liveErrorKey(error) ? t(`errors.${liveErrorKey(error)}`) : error}
        </Alert>
      )}
      <Box
        sx={{
          flex: 1,
          minHeight: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '320px 1fr' },
          gridTemplateRows: { xs: '360px 480px', md: '1fr' },
        }}
      >
        <Box
          component="aside"
          aria-label={t('list.region')}
          sx={{ minHeight: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <VehicleList
              vehicles={listed}
              counts={counts}
              status={status}
              onStatusChange={(s) => setParam('status', s === 'all' ? null : s)}
              search={search}
              onSearchChange={(q) => setParam('q', q)}
              selectedId={selectedId}
              onSelect={select}
              isLoading={connection === 'connecting' && all.length === 0}
            />
          </Box>
          <FeatureSlot name="DeskPanel" maxRows={3} />
          <LiveAlertStream maxRows={4} onOpen={showAlert} />
        </Box>
        <Box sx={{ position: 'relative', minHeight: 0 }}>
          <LiveMap
            vehicles={mapVehicles}
            selected={selected}
            onSelect={select}
            isFollowing={isFollowing}
            trailMinutes={trailMinutes}
            alerts={alerts}
            overlays={overlays}
            onOverlaysChange={changeOverlays}
            initialBounds={initialBounds}
          />
          {selected ? (
            <Box
              sx={{
                position: 'absolute',
                top: 8,
                left: 8,
                bottom: 40,
                zIndex: 3,
                pointerEvents: 'none',
                '& > *': { pointerEvents: 'auto' },
              }}
            >
              <VehicleCard
                vehicle={selected}
                isFollowing={isFollowing}
                onFollowChange={setFollowing}
                trailMinutes={trailMinutes}
                onTrailMinutesChange={setTrailMinutes}
                onClose={() => {
                  setParam('vehicleId', null);
                  setFollowing(false);
                }}
              />
            </Box>
          ) : (
            selectedId &&
            connection === 'open' && (
              <Typography
                role="status"
                sx={{
                  position: 'absolute',
                  top: 8,
                  left: 8,
                  zIndex: 3,
                  bgcolor: 'background.paper',
                  p: 1,
                  borderRadius: 1,
                }}
              >
                {t('card.notFound')}
              </Typography>
            )
          )}
        </Box>
      </Box>
      <LiveAlertPopup onOpen={showAlert} />
    </Box>
  );
}
