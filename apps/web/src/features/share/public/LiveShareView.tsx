/**
 * A live or collection link: the shared vehicles on the map, moving as the live feed reports them, and a card per
 * vehicle (registration, status, speed, last update). A collection link also draws its route or ward.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PublicCollectionShare, PublicLiveShare, VehicleLiveStatus } from '@civicfleet/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GeoJsonOverlay,
  MapView,
  OVERLAY_COLOURS,
  VEHICLE_STATUS_COLOURS,
  VehicleLayer,
  featureCollection,
  geometryBounds,
  type Bounds,
  type MapVehicle,
} from '@/components/map';
import { formatDateTime } from '@/lib/format';
import { useLiveFleet, type LiveVehicle } from '@/realtime';

interface LiveShareViewProps {
  token: string;
  share: PublicLiveShare | PublicCollectionShare;
  /** The feed closed because the link expired or was revoked. */
  onGone: () => void;
}

/** Bounds around points, padded a little so a single vehicle is not a zero-size box. */
function pointsBounds(points: ReadonlyArray<{ lat: number; lon: number }>): Bounds | null {
  if (points.length === 0) return null;
  const lons = points.map((p) => p.lon);
  const lats = points.map((p) => p.lat);
  const pad = 0.005;
  return [
    [Math.min(...lons) - pad, Math.min(...lats) - pad],
    [Math.max(...lons) + pad, Math.max(...lats) + pad],
  ];
}

export function LiveShareView({ token, share, onGone }: LiveShareViewProps) {
  const { t } = useTranslation('share');
  // /v1/live?share=<token>: the shared vehicles' positions as they arrive.
  const feed = useLiveFleet({ share: token });
  const isClosed = feed.connection === 'closed' && feed.error !== undefined;
  useEffect(() => {
    if (isClosed) onGone();
  }, [isClosed, onGone]);

  /** The link's positions, each replaced by the feed's when the feed's fix is newer. */
  const vehicles = useMemo(() => {
    return share.vehicles.map((v) => {
      const initial = share.positions.find((p) => p.vehicleId === v.id);
      const live: LiveVehicle | undefined = feed.vehicles.get(v.id);
      const useLive =
        live?.fixTime != null && (!initial || Date.parse(live.fixTime) >= Date.parse(initial.fixTime));
      const position = useLive ? live : initial;
      return {
        vehicle: v,
        lat: position?.lat ?? null,
        lon: position?.lon ?? null,
        speedKph: position?.speedKph ?? null,
        headingDeg: position?.headingDeg ?? null,
        status: (position?.status ?? 'never-connected') as VehicleLiveStatus,
        fixTime: position?.fixTime ?? null,
      };
    });
  }, [share, feed]);

  const onMap: MapVehicle[] = useMemo(
    () =>
      vehicles.flatMap((v) =>
        v.lat === null || v.lon === null
          ? []
          : [
              {
                id: v.vehicle.id,
                lat: v.lat,
                lon: v.lon,
                headingDeg: v.headingDeg,
                status: v.status,
                kind: v.vehicle.kind,
                label: v.vehicle.registrationNumber,
              },
            ],
      ),
    [vehicles],
  );
  const collection = share.kind === 'collection' ? share.collection : null;
  const overlay = useMemo(
    () =>
      collection
        ? featureCollection([
            { geometry: collection.geometry },
            ...collection.checkpoints.map((c) => ({
              geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
              properties: { name: c.name },
            })),
          ])
        : null,
    [collection],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Fitted once, to what is known when the page opens; then the viewer pans and zooms freely.
  const [bounds] = useState<Bounds | null>(() => {
    const shape = collection?.geometry ? geometryBounds([collection.geometry as { type: string }]) : null;
    return shape ?? pointsBounds(share.positions);
  });
  const selected = onMap.find((v) => v.id === selectedId);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 320px' } }}>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        <MapView
          ariaLabel={t('public.mapLabel')}
          height="min(70vh, 640px)"
          bounds={selected ? pointsBounds([selected]) : bounds}
        >
          {overlay && (
            <GeoJsonOverlay id="shared-collection" data={overlay} colour={OVERLAY_COLOURS.context} />
          )}
          <VehicleLayer vehicles={onMap} selectedId={selectedId} onSelect={setSelectedId} id="shared" />
        </MapView>
      </Paper>
      <Paper variant="outlined" component="section" aria-label={t('public.vehicles')}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, px: 2, pt: 1.5 }}>
          {t('public.vehicles')}
        </Typography>
        {vehicles.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('public.noVehicles')}
          </Typography>
        ) : (
          <List>
            {vehicles.map((v) => (
              <ListItemButton
                key={v.vehicle.id}
                selected={v.vehicle.id === selectedId}
                onClick={() => setSelectedId(v.vehicle.id)}
                disabled={v.lat === null}
                sx={{ display: 'block' }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
                  <Typography sx={{ fontWeight: 700 }}>{v.vehicle.registrationNumber}</Typography>
                  <StatusChip status={v.status} />
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {t('public.speed', { speed: Math.round(v.speedKph ?? 0) })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {v.fixTime ? t('public.lastUpdate', { at: formatDateTime(v.fixTime) }) : t('public.noFix')}
                </Typography>
              </ListItemButton>
            ))}
          </List>
        )}
        <Typography
          variant="caption"
          color="text.secondary"
          sx={{ display: 'block', px: 2, pb: 1.5 }}
          role="status"
        >
          {t(`public.connection.${feed.connection}`)}
        </Typography>
      </Paper>
    </Box>
  );
}

function StatusChip({ status }: { status: VehicleLiveStatus }) {
  const { t } = useTranslation('share');
  const colours = VEHICLE_STATUS_COLOURS[status];
  return (
    <Chip
      size="small"
      label={t(`vehicleStatus.${status}`)}
      sx={{ bgcolor: colours.fill, color: colours.ink, fontWeight: 600 }}
    />
  );
}
