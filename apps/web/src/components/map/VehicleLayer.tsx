/**
 * Vehicles on a MapView, drawn by MapLibre from ONE GeoJSON source (never a DOM node per vehicle):
 *
 * - a status-coloured badge per vehicle with an upright pictogram by kind (tipper, compactor, auto, car, other) and a
 *   heading tip rotated with the map (`icon-rotation-alignment: map`); icons are drawn at run time on a canvas when
 *   MapLibre first needs one (vehicle-icons.ts), so nothing is fetched;
 * - the registration number under the badge from zoom 14 (its own layer; colliding labels are left out);
 * - clusters with counts below zoom 13 (`cluster`, default true); clicking a cluster zooms in to where it splits;
 * - the selected vehicle ringed.
 *
 * A new `vehicles` array is pushed with `setData` on the existing source (layers are never re-created), so 10,000
 * vehicles every 2 s stay smooth (bench/map-fps.ts, figure in bench/README.md). After a base-map switch the source
 * and layers are added again from the latest data. Child of MapView; see README.md.
 */
import { useTheme } from '@mui/material';
import type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSource,
  Map as MapLibreMap,
  MapLayerMouseEvent,
} from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-map-gl/maplibre';
import { drawVehicleImage, ICON_PIXEL_RATIO } from './vehicle-icons';
import { buildVehicleFeatures, type MapVehicle } from './vehicle-style';

export interface VehicleLayerProps {
  vehicles: readonly MapVehicle[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** Group nearby vehicles into counted circles below zoom 13. Default true. Read when the layer mounts. */
  cluster?: boolean;
  /** Prefix of the source and layer ids (unique per map). Default `vehicles`. */
  id?: string;
  /** Called after each `setData` with its main-thread time in ms (the benchmark records it). */
  onDataTime?: (ms: number) => void;
}

/** Clusters break up above this zoom; labels show from LABEL_ZOOM. */
export const CLUSTER_MAX_ZOOM = 12;
export const LABEL_ZOOM = 14;
const SELECTED_COLOUR = '#1565c0';
/** Icons shrink when zoomed out: a city of vehicles stays readable (and a tenth of the pixels to fill). */
const ICON_SIZE: ExpressionSpecification = ['interpolate', ['linear'], ['zoom'], 9, 0.4, 13, 0.75, 15, 1];

const NOT_CLUSTER: ExpressionSpecification = ['!', ['has', 'point_count']];
const selectedFilter = (selectedId: string | null): FilterSpecification => [
  'all',
  NOT_CLUSTER,
  ['==', ['get', 'id'], selectedId ?? ''],
];

const isStyleReady = (map: MapLibreMap) =>
  (map as unknown as { style?: { _loaded?: boolean } }).style?._loaded === true;

function layerIds(prefix: string) {
  return {
    source: `${prefix}-source`,
    clusters: `${prefix}-clusters`,
    clusterCount: `${prefix}-cluster-count`,
    selected: `${prefix}-selected`,
    tips: `${prefix}-tips`,
    bodies: `${prefix}-bodies`,
    labels: `${prefix}-labels`,
  };
}
type LayerIds = ReturnType<typeof layerIds>;

function labelPaint(mode: 'light' | 'dark'): {
  'text-color': string;
  'text-halo-color': string;
  'text-halo-width': number;
} {
  return mode === 'dark'
    ? { 'text-color': '#f1f3f4', 'text-halo-color': '#1d2327', 'text-halo-width': 1.5 }
    : { 'text-color': '#1f1f1f', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 };
}

function addLayers(
  map: MapLibreMap,
  ids: LayerIds,
  data: GeoJSON.FeatureCollection,
  cluster: boolean,
  selectedId: string | null,
  mode: 'light' | 'dark',
): void {
  map.addSource(ids.source, {
    type: 'geojson',
    data,
    cluster,
    clusterMaxZoom: CLUSTER_MAX_ZOOM,
    clusterRadius: 48,
  });
  map.addLayer({
    id: ids.clusters,
    type: 'circle',
    source: ids.source,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': ['step', ['get', 'point_count'], '#1976d2', 50, '#1565c0', 500, '#0d47a1'],
      'circle-radius': ['step', ['get', 'point_count'], 15, 50, 19, 500, 24],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
      'circle-opacity': 0.9,
    },
  });
  map.addLayer({
    id: ids.clusterCount,
    type: 'symbol',
    source: ids.source,
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-size': 12,
      'text-font': ['sans-serif'],
      'text-allow-overlap': true,
      'text-ignore-placement': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: ids.selected,
    type: 'circle',
    source: ids.source,
    filter: selectedFilter(selectedId),
    paint: {
      'circle-radius': 19,
      'circle-color': SELECTED_COLOUR,
      'circle-opacity': 0.2,
      'circle-stroke-color': SELECTED_COLOUR,
      'circle-stroke-width': 3,
    },
  });
  // The heading tip from zoom 11: at city-wide zoom it is a speck that doubles the symbols to draw.
  map.addLayer({
    id: ids.tips,
    type: 'symbol',
    source: ids.source,
    minzoom: 11,
    filter: ['all', NOT_CLUSTER, ['!=', ['get', 'tip'], '']],
    layout: {
      'icon-image': ['get', 'tip'],
      'icon-size': ICON_SIZE,
      'icon-rotate': ['get', 'rotation'],
      'icon-rotation-alignment': 'map',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  map.addLayer({
    id: ids.bodies,
    type: 'symbol',
    source: ids.source,
    filter: NOT_CLUSTER,
    layout: {
      'icon-image': ['get', 'icon'],
      'icon-size': ICON_SIZE,
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  // Registration numbers in a layer of their own that only exists from LABEL_ZOOM (no text work below it); labels
  // that would collide are left out, the icons never are.
  map.addLayer({
    id: ids.labels,
    type: 'symbol',
    source: ids.source,
    minzoom: LABEL_ZOOM,
    filter: NOT_CLUSTER,
    layout: {
      'text-field': ['get', 'label'],
      'text-font': ['sans-serif'],
      'text-size': 11,
      'text-anchor': 'top',
      'text-offset': [0, 1.3],
    },
    paint: labelPaint(mode),
  });
}

function removeLayers(map: MapLibreMap, ids: LayerIds): void {
  if (!isStyleReady(map)) return;
  for (const layer of [ids.labels, ids.bodies, ids.tips, ids.selected, ids.clusterCount, ids.clusters])
    if (map.getLayer(layer)) map.removeLayer(layer);
  if (map.getSource(ids.source)) map.removeSource(ids.source);
}

export function VehicleLayer({
  vehicles,
  selectedId = null,
  onSelect,
  cluster = true,
  id = 'vehicles',
  onDataTime,
}: VehicleLayerProps) {
  const map = useMap().current?.getMap();
  const mode = useTheme().palette.mode;
  const ids = useMemo(() => layerIds(id), [id]);
  const data = useMemo(() => buildVehicleFeatures(vehicles), [vehicles]);
  // What the install effect reads when it (re)adds the layers, without re-running on every update.
  const latest = useRef({ data, selectedId, mode, onSelect, onDataTime });
  useEffect(() => {
    latest.current = { data, selectedId, mode, onSelect, onDataTime };
  });

  useEffect(() => {
    if (!map) return undefined;
    const ours = [ids.clusters, ids.clusterCount, ids.selected, ids.tips, ids.bodies, ids.labels];
    const install = () => {
      if (!isStyleReady(map)) return;
      if (!map.getSource(ids.source)) {
        const now = latest.current;
        addLayers(map, ids, now.data, cluster, now.selectedId, now.mode);
        return;
      }
      // Overlays added later (a trail, wards switched on) go under the vehicles: move ours back on top.
      if (map.getLayersOrder().at(-1) !== ids.labels)
        for (const layer of ours) if (map.getLayer(layer)) map.moveLayer(layer);
    };
    const onMissingImage = (e: { id: string }) => {
      if (map.hasImage(e.id)) return;
      const image = drawVehicleImage(e.id);
      if (image) map.addImage(e.id, image, { pixelRatio: ICON_PIXEL_RATIO });
    };
    const onVehicleClick = (e: MapLayerMouseEvent) => {
      const picked = e.features?.[0]?.properties?.id;
      if (typeof picked === 'string') latest.current.onSelect?.(picked);
    };
    const onClusterClick = (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const clusterId = feature?.properties?.cluster_id;
      const source = map.getSource<GeoJSONSource>(ids.source);
      if (typeof clusterId !== 'number' || !source || feature?.geometry.type !== 'Point') return;
      const [lng = 0, lat = 0] = feature.geometry.coordinates;
      void source.getClusterExpansionZoom(clusterId).then((zoom) => {
        map.easeTo({ center: [lng, lat], zoom: zoom + 0.5 });
      });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('styleimagemissing', onMissingImage);
    map.on('styledata', install);
    map.on('click', ids.bodies, onVehicleClick);
    map.on('click', ids.clusters, onClusterClick);
    for (const layer of [ids.bodies, ids.clusters]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    install();
    return () => {
      map.off('styleimagemissing', onMissingImage);
      map.off('styledata', install);
      map.off('click', ids.bodies, onVehicleClick);
      map.off('click', ids.clusters, onClusterClick);
      for (const layer of [ids.bodies, ids.clusters]) {
        map.off('mouseenter', layer, pointer);
        map.off('mouseleave', layer, plain);
      }
      removeLayers(map, ids);
    };
  }, [map, ids, cluster]);

  useEffect(() => {
    const source = map?.getSource<GeoJSONSource>(ids.source);
    if (!source) return;
    const startMs = performance.now();
    source.setData(data);
    latest.current.onDataTime?.(performance.now() - startMs);
  }, [map, ids, data]);

  useEffect(() => {
    if (map?.getLayer(ids.selected)) map.setFilter(ids.selected, selectedFilter(selectedId));
  }, [map, ids, selectedId]);

  useEffect(() => {
    if (!map?.getLayer(ids.labels)) return;
    const paint = labelPaint(mode);
    for (const name of ['text-color', 'text-halo-color', 'text-halo-width'] as const)
      map.setPaintProperty(ids.labels, name, paint[name]);
  }, [map, ids, mode]);

  return null;
}
