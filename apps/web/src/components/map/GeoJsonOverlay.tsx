/**
 * Shapes drawn on a MapCanvas from GeoJSON: areas filled and outlined, lines, and points as circles. Used for
 * context (the organisation's wards and other fences around the one being edited) and for previews (a circle fence).
 * Must be rendered inside MapCanvas.
 */
import { Layer, Source } from 'react-map-gl/maplibre';
import type { FeatureCollection } from 'geojson';

// MapLibre reports Multi* geometries by their own names in `geometry-type`; list both forms.
const AREA_TYPES = ['Polygon', 'MultiPolygon'];
const LINE_TYPES = ['LineString', 'MultiLineString'];
const POINT_TYPES = ['Point', 'MultiPoint'];

export interface GeoJsonOverlayProps {
  /** Unique per map: prefixes the source and layer ids. */
  id: string;
  data: FeatureCollection;
  colour: string;
  /** Fill opacity of areas (0 = outline only). */
  fillOpacity?: number;
  dashed?: boolean;
  lineWidth?: number;
}

export function GeoJsonOverlay({
  id,
  data,
  colour,
  fillOpacity = 0.12,
  dashed = false,
  lineWidth = 2,
}: GeoJsonOverlayProps) {
  const dash = dashed ? { 'line-dasharray': [2, 2] } : {};
  return (
    <Source id={`${id}-source`} type="geojson" data={data}>
      <Layer
        id={`${id}-fill`}
        type="fill"
        filter={['in', ['geometry-type'], ['literal', AREA_TYPES]]}
        paint={{ 'fill-color': colour, 'fill-opacity': fillOpacity }}
      />
      <Layer
        id={`${id}-line`}
        type="line"
        filter={['in', ['geometry-type'], ['literal', [...AREA_TYPES, ...LINE_TYPES]]]}
        paint={{ 'line-color': colour, 'line-width': lineWidth, ...dash }}
      />
      <Layer
        id={`${id}-point`}
        type="circle"
        filter={['in', ['geometry-type'], ['literal', POINT_TYPES]]}
        paint={{
          'circle-color': colour,
          'circle-radius': 5,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
        }}
      />
    </Source>
  );
}
