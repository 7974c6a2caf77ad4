/**
 * The live map: vehicles (VehicleLayer), the selected vehicle's trail, the organisation's overlays switched by
 * OverlayToggles (wards, geofences, routes, POIs, alerts of this session), and follow mode (the camera keeps the
 * selected vehicle in the centre as it moves). The first view fits the fleet (or the preselected vehicle).
 */
import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import type { LiveAlert } from '@civicfleet/shared';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-map-gl/maplibre';
import {
  GeoJsonOverlay,
  MapView,
  OVERLAY_COLOURS,
  OverlayToggles,
  VehicleLayer,
  type Bounds,
  type MapOverlay,
  type MapVehicle,
} from '@/components/map';
import { useSession } from '@/session';
import {
  geofencesOverlayQuery,
  poisOverlayQuery,
  routesOverlayQuery,
  trackQuery,
  wardsOverlayQuery,
} from './api/live-api';
import type { LiveVehicle } from './use-live-fleet';

/** Overlays and the module whose permission each needs. */
const OVERLAY_MODULES: Readonly<Record<MapOverlay, string | null>> = {
  wards: 'admin-division',
  geofences: 'geofence',
  routes: 'route',
  pois: 'poi',
  alerts: null,
};
const TRAIL_COLOUR = '#1565c0';
const ALERT_COLOUR = '#b71c1c';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export interface LiveMapProps {
  vehicles: readonly MapVehicle[];
  selected: LiveVehicle | null;
  onSelect: (id: string) => void;
  isFollowing: boolean;
  trailMinutes: number;
  alerts: readonly LiveAlert[];
  overlays: readonly MapOverlay[];
  onOverlaysChange: (next: MapOverlay[]) => void;
  /** Fitted once, when first known. */
  initialBounds: Bounds | null;
}

/** Room kept on the left of the followed vehicle for the card drawn over the map, px. */
const CARD_ROOM_PX = 360;

/** Keeps the followed vehicle in the centre of the part of the map the card leaves free (child of the map). */
function FollowCamera({ lat, lon }: { lat: number; lon: number }) {
  const map = useMap().current;
  useEffect(() => {
    if (!map) return;
    const isWide = map.getContainer().clientWidth > CARD_ROOM_PX * 2;
    map.easeTo({
      center: [lon, lat],
      zoom: Math.max(map.getZoom(), 15),
      duration: 600,
      padding: { left: isWide ? CARD_ROOM_PX : 0, top: 0, right: 0, bottom: 0 },
    });
  }, [map, lat, lon]);
  return null;
}

export function LiveMap({
  vehicles,
  selected,
  onSelect,
  isFollowing,
  trailMinutes,
  alerts,
  overlays,
  onOverlaysChange,
  initialBounds,
}: LiveMapProps) {
  const { t } = useTranslation('live');
  const { can } = useSession();
  const options = (Object.keys(OVERLAY_MODULES) as MapOverlay[]).filter((o) => {
    const moduleId = OVERLAY_MODULES[o];
    return moduleId === null || can(moduleId);
  });
  const isOn = (o: MapOverlay) => overlays.includes(o) && options.includes(o);
  const wards = useQuery(wardsOverlayQuery(isOn('wards')));
  const fences = useQuery(geofencesOverlayQuery(isOn('geofences')));
  const routes = useQuery(routesOverlayQuery(isOn('routes')));
  const pois = useQuery(poisOverlayQuery(isOn('pois')));
  const trailVehicleId = selected?.vehicleId ?? null;
  const track = useQuery(
    trackQuery(trailVehicleId ?? '', trailMinutes || 1, trailMinutes > 0 && !!trailVehicleId),
  );

  // The first bounds known stay: a moving fleet must not pull the camera around.
  const [bounds, setBounds] = useState<Bounds | null>(initialBounds);
  if (bounds === null && initialBounds !== null) setBounds(initialBounds);

  const lat = selected?.lat ?? null;
  const lon = selected?.lon ?? null;

  const trail = useMemo<FeatureCollection>(() => {
    const points = track.data?.trail ?? [];
    if (trailMinutes === 0 || points.length < 2) return EMPTY;
    const coordinates = points.map((p) => [p.lon, p.lat]);
    if (lat !== null && lon !== null) coordinates.push([lon, lat]);
    return {
      type: 'FeatureCollection',
      features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates }, properties: {} }],
    };
  }, [track.data, trailMinutes, lat, lon]);

  const alertPoints = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: alerts
        .filter((a) => a.lat !== null && a.lon !== null)
        .map((a) => ({
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [a.lon ?? 0, a.lat ?? 0] },
          properties: { type: a.type },
        })),
    }),
    [alerts],
  );

  return (
    <MapView
      ariaLabel={t('map.label')}
      height="100%"
      bounds={bounds}
      fitPadding={48}
      unavailableMessage={t('map.unavailable')}
    >
      {isOn('wards') && (
        <GeoJsonOverlay
          id="live-wards"
          data={wards.data ?? EMPTY}
          colour={OVERLAY_COLOURS.ward}
          fillOpacity={0.05}
          lineWidth={1}
        />
      )}
      {isOn('geofences') && (
        <GeoJsonOverlay
          id="live-fences"
          data={fences.data ?? EMPTY}
          colour={OVERLAY_COLOURS.fence}
          fillOpacity={0.08}
          lineWidth={1.5}
        />
      )}
      {isOn('routes') && (
        <GeoJsonOverlay
          id="live-routes"
          data={routes.data ?? EMPTY}
          colour={OVERLAY_COLOURS.route}
          fillOpacity={0}
          lineWidth={3}
        />
      )}
      {isOn('pois') && (
        <GeoJsonOverlay id="live-pois" data={pois.data ?? EMPTY} colour={OVERLAY_COLOURS.poi} />
      )}
      {isOn('alerts') && <GeoJsonOverlay id="live-alerts" data={alertPoints} colour={ALERT_COLOUR} />}
      <GeoJsonOverlay id="live-trail" data={trail} colour={TRAIL_COLOUR} fillOpacity={0} lineWidth={4} />
      <VehicleLayer vehicles={vehicles} selectedId={selected?.id ?? null} onSelect={onSelect} />
      {isFollowing && selected?.lat != null && selected.lon != null && (
        <FollowCamera lat={selected.lat} lon={selected.lon} />
      )}
      <OverlayToggles value={overlays} onChange={onOverlaysChange} options={options} />
    </MapView>
  );
}
