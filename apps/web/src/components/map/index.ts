/**
 * Maps (MapLibre GL through react-map-gl, drawing with Terra Draw). MapLibre loads only with the first map shown:
 * MapView and GeometryField load it lazily. See README.md.
 */
export { MapView, hasWebGl, type MapViewProps } from './MapView';
export { GeoJsonOverlay, type GeoJsonOverlayProps } from './GeoJsonOverlay';
export { GeometryField, type GeometryFieldProps } from './GeometryField';
export {
  circlePolygon,
  featureCollection,
  geometryBounds,
  parseGeometryText,
  GEOMETRY_TEXT_MESSAGES,
  INDIA_VIEW,
  type Bounds,
  type EditableGeometry,
  type GeometryKind,
  type LngLat,
  type PointGeometry,
} from './geometry';
export { OVERLAY_COLOURS } from './map-style';
export {
  MAP_OVERLAYS,
  OverlayToggles,
  toggleOverlay,
  type MapOverlay,
  type OverlayTogglesProps,
} from './OverlayToggles';
export { VehicleLayer, CLUSTER_MAX_ZOOM, LABEL_ZOOM, type VehicleLayerProps } from './VehicleLayer';
export {
  buildVehicleFeatures,
  iconKindOf,
  VEHICLE_ICON_KINDS,
  VEHICLE_STATUS_COLOURS,
  type MapVehicle,
  type VehicleIconKind,
} from './vehicle-style';
