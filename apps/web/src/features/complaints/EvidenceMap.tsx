/**
 * The complaint's location with the evidence circle and, when there is evidence, each vehicle's closest point
 * (red = the complaint, blue = the circle, green = where a vehicle came closest), over the ward outlines.
 */
import type { ComplaintEvidence } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  circlePolygon,
  featureCollection,
  GeoJsonOverlay,
  geometryBounds,
  MapView,
  OVERLAY_COLOURS,
} from '@/components/map';
import { useSession } from '@/session';
import { wardsQuery } from './api/wards';

const COLOURS = { location: '#c62828', circle: '#1565c0', vehicle: '#2e7d32' } as const;

export interface EvidenceMapProps {
  lat: number;
  lon: number;
  radiusM: number;
  evidence?: ComplaintEvidence | null | undefined;
  height?: number;
}

export function EvidenceMap({ lat, lon, radiusM, evidence, height = 300 }: EvidenceMapProps) {
  const { t } = useTranslation('complaints');
  const { can, user } = useSession();
  // The wards as thin outlines: the offline base map has no streets, the wards say where the point is.
  const wards = useQuery({ ...wardsQuery(user?.organisation.id, true), enabled: can('admin-division') });
  const wardShapes = useMemo(
    () => featureCollection((wards.data ?? []).map((w) => ({ id: w.id, geometry: w.geometry }))),
    [wards.data],
  );
  const circle = useMemo(() => circlePolygon([lon, lat], radiusM), [lat, lon, radiusM]);
  const vehicles = useMemo(
    () =>
      featureCollection(
        (evidence?.vehicles ?? []).map((v) => ({
          id: v.vehicleId,
          geometry: { type: 'Point', coordinates: [v.closestLon, v.closestLat] },
          properties: { name: v.registrationNumber },
        })),
      ),
    [evidence],
  );
  const bounds = useMemo(
    () => geometryBounds([circle, ...vehicles.features.map((f) => f.geometry)]),
    [circle, vehicles],
  );
  return (
    <MapView
      ariaLabel={t('evidence.mapLabel', { radius: radiusM })}
      unavailableMessage={t('evidence.mapUnavailable')}
      bounds={bounds}
      height={height}
    >
      <GeoJsonOverlay
        id="complaint-wards"
        data={wardShapes}
        colour={OVERLAY_COLOURS.context}
        fillOpacity={0}
        lineWidth={1}
      />
      <GeoJsonOverlay
        id="complaint-circle"
        data={featureCollection([{ geometry: circle }])}
        colour={COLOURS.circle}
        fillOpacity={0.08}
        dashed
      />
      <GeoJsonOverlay
        id="complaint-location"
        data={featureCollection([{ geometry: { type: 'Point', coordinates: [lon, lat] } }])}
        colour={COLOURS.location}
      />
      {/* Last: a vehicle's closest point stays visible on top of the complaint's. */}
      <GeoJsonOverlay id="complaint-vehicles" data={vehicles} colour={COLOURS.vehicle} />
    </MapView>
  );
}
