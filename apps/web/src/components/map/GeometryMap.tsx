/**
 * The map part of GeometryField, loaded lazily with MapLibre and Terra Draw: the shape being edited, a preview of a
 * circle fence, MultiPolygons (shown, not editable corner by corner) and faint context shapes around it.
 */
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { GeoJsonOverlay } from './GeoJsonOverlay';
import { GeometryEditor } from './GeometryEditor';
import MapCanvas from './MapCanvas';
import {
  circlePolygon,
  featureCollection,
  geometryBounds,
  type EditableGeometry,
  type GeometryKind,
  type LngLat,
} from './geometry';
import { OVERLAY_COLOURS } from './map-style';

export interface GeometryMapProps {
  kind: GeometryKind;
  value: EditableGeometry | null;
  onChange: (geometry: EditableGeometry | null) => void;
  radiusM?: number | null;
  context?: FeatureCollection;
  height?: number;
  /** Bumped by the field when a shape comes from outside the map (typed, imported): the map refits to it. */
  fitKey?: number;
  ariaLabel: string;
  disabled?: boolean;
}

export default function GeometryMap({
  kind,
  value,
  onChange,
  radiusM,
  context,
  height,
  fitKey = 0,
  ariaLabel,
  disabled,
}: GeometryMapProps) {
  const preview = useMemo(() => {
    if (kind === 'circle' && value?.type === 'Point' && radiusM && radiusM > 0)
      return featureCollection([{ geometry: circlePolygon(value.coordinates as LngLat, radiusM) }]);
    if (value?.type === 'MultiPolygon') return featureCollection([{ geometry: value }]);
    return null;
  }, [kind, value, radiusM]);

  // Fit the shape when the field opens or a shape comes from outside, else the context, else India — not on every
  // corner dragged.
  const hasValue = value !== null;
  const bounds = useMemo(
    () =>
      geometryBounds(preview ? preview.features.map((f) => f.geometry) : [value]) ??
      geometryBounds(context?.features.map((f) => f.geometry) ?? []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fitKey, hasValue, context],
  );

  return (
    <MapCanvas bounds={bounds} height={height} ariaLabel={ariaLabel}>
      {context && context.features.length > 0 && (
        <GeoJsonOverlay
          id="context"
          data={context}
          colour={OVERLAY_COLOURS.context}
          fillOpacity={0.05}
          dashed
        />
      )}
      {preview && (
        <GeoJsonOverlay id="preview" data={preview} colour={OVERLAY_COLOURS.edit} fillOpacity={0.15} />
      )}
      <GeometryEditor kind={kind} value={value} onChange={onChange} disabled={disabled} />
    </MapCanvas>
  );
}
