/** Fences as map features: areas as stored, a circle fence (centre Point + radius) as the polygon it covers. */
import type { Geofence } from '@civicfleet/shared';
import type { FeatureCollection } from 'geojson';
import { circlePolygon, featureCollection, type LngLat } from '@/components/map';
import { fenceGeometry } from './geofence-form';

export function fenceFeatures(fences: readonly Geofence[]): FeatureCollection {
  return featureCollection(
    fences.map((f) => {
      const geometry = fenceGeometry(f);
      const shape =
        geometry?.type === 'Point'
          ? f.radiusM
            ? circlePolygon(geometry.coordinates as LngLat, f.radiusM)
            : geometry
          : geometry;
      return { id: f.id, geometry: shape, properties: { name: f.name, kind: f.kind } };
    }),
  );
}
