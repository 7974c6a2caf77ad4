/**
 * The map part of GeometryField, loaded lazily with MapLibre and Terra Draw: the shape being edited, a preview of a
 * circle fence, MultiPolygons (shown, not editable corner by corner) and faint context shapes around it.
 */
import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { GeoJsonOverlay } from './GeoJsonOverlay';
import { GeometryEditor } from './GeometryEditor';
import MapCanvas, { type FitPadding } from './MapCanvas';
import {
  circlePolygon,
  featureCollection,
  geometryBounds,
  type EditableGeometry,
  type GeometryKind,
  type LngLat,
} from './geometry';
import { OVERLAY_COLOURS } from './map-style';

/** Fitted shapes stay clear of the editor's buttons (top left) and hint (bottom right). */
const EDITOR_FIT_PADDING: FitPadding = { top: 64, bottom: 72, left: 32, right: 48 };

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

  // Fit the shape when the field opens or a shape comes from outside (typed, imported: fitKey), else the context
  // when it arrives, else India. Never because of the map itself: finishing a drawing, dragging a corner or clearing
  // must not move the view under the user's pointer (the value is read, not a dependency).
  const bounds = useMemo(
    () =>
      geometryBounds(preview ? preview.features.map((f) => f.geometry) : [value]) ??
      geometryBounds(context?.features.map((f) => f.geometry) ?? []),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fitKey, context],
  );

  return (
    <MapCanvas bounds={bounds} height={height} ariaLabel={ariaLabel} fitPadding={EDITOR_FIT_PADDING}>
      {context && context.features.length > 0 && (
        <GeoJsonOverlay
          id="context"
          data={context}
          colour={OVERLAY_COLOURS.context}
          fillOpacity={0.08}
          lineWidth={1.5}
        />
      )}
      {preview && (
        <GeoJsonOverlay id="preview" data={preview} colour={OVERLAY_COLOURS.edit} fillOpacity={0.15} />
      )}
      <GeometryEditor kind={kind} value={value} onChange={onChange} disabled={disabled} />
    </MapCanvas>
  );
}
