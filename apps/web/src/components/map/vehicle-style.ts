/**
 * The pure part of VehicleLayer: status colours, icon keys and the GeoJSON the layer's one source holds. Kept apart
 * from the React component so that it is unit-tested without WebGL and reused by lists that show the same colours.
 */
import type { VehicleLiveStatus } from '@civicfleet/shared';
import type { Feature, FeatureCollection, Point } from 'geojson';

/** One vehicle on the map (the live store's LiveVehicle and the benchmark's synthetic fleet both map to it). */
export interface MapVehicle {
  id: string;
  lat: number;
  lon: number;
  /** Degrees clockwise from north; null = unknown (the icon is drawn without its direction tip). */
  headingDeg: number | null;
  status: VehicleLiveStatus;
  /** Vehicle kind or body type as stored (`TRUCK`, `tipper`, `door-to-door`, `SMALL_CAR` …); see `iconKindOf`. */
  kind?: string | null;
  /** Registration number, shown at street zoom. */
  label: string;
}

/** Pictograms drawn on the icons. */
export const VEHICLE_ICON_KINDS = ['tipper', 'compactor', 'auto', 'car', 'other'] as const;
export type VehicleIconKind = (typeof VEHICLE_ICON_KINDS)[number];

/**
 * Status colours: `fill` is the icon body, `ink` the pictogram on it (white on the dark fills, near-black on amber and
 * light grey, each ≥ 3:1 against its fill). The bodies carry a white outline so that they read on the light and the
 * dark base map alike.
 */
export const VEHICLE_STATUS_COLOURS: Readonly<Record<VehicleLiveStatus, { fill: string; ink: string }>> = {
  moving: { fill: '#1e8e3e', ink: '#ffffff' },
  idle: { fill: '#f9a825', ink: '#1f1f1f' },
  stopped: { fill: '#d32f2f', ink: '#ffffff' },
  offline: { fill: '#616b73', ink: '#ffffff' },
  'never-connected': { fill: '#c9ced3', ink: '#1f1f1f' },
};

/**
 * The pictogram for a vehicle's stored kind or body type. Body types (the demo fleet's `tipper`, `compactor`,
 * `door-to-door`) are more telling than kinds (`TRUCK`, `MINI_VAN`), so callers pass the type when there is one.
 */
export function iconKindOf(kind: string | null | undefined): VehicleIconKind {
  const k = (kind ?? '').toLowerCase();
  if (k.includes('tipper') || k === 'truck') return 'tipper';
  if (k.includes('compactor') || k.includes('refuse') || k.includes('hook')) return 'compactor';
  if (k.includes('door') || k.includes('d2d') || k.includes('auto') || k === 'mini_van' || k === 'bike')
    return 'auto';
  if (['small_car', 'sedan', 'suv', 'car', 'jeep'].includes(k) || k.includes('car')) return 'car';
  return 'other';
}

export const ICON_PREFIX = 'cf-vehicle:';
export const TIP_PREFIX = 'cf-vehicle-tip:';

/**
 * Body icon `cf-vehicle:<kind>:<status>`: a round badge with the upright pictogram. The heading is a separate tip
 * icon `cf-vehicle-tip:<status>` drawn under the badge and rotated, so trucks never drive upside down.
 */
export function vehicleIconKey(kind: VehicleIconKind, status: VehicleLiveStatus): string {
  return `${ICON_PREFIX}${kind}:${status}`;
}

export function vehicleTipKey(status: VehicleLiveStatus): string {
  return `${TIP_PREFIX}${status}`;
}

const isStatus = (value: string | undefined): value is VehicleLiveStatus =>
  value !== undefined && Object.hasOwn(VEHICLE_STATUS_COLOURS, value);

/** What an image key asks for, or null when it is none of ours (MapLibre asks for every missing image). */
export function parseVehicleImageKey(
  key: string,
):
  | { type: 'body'; kind: VehicleIconKind; status: VehicleLiveStatus }
  | { type: 'tip'; status: VehicleLiveStatus }
  | null {
  if (key.startsWith(TIP_PREFIX)) {
    const status = key.slice(TIP_PREFIX.length);
    return isStatus(status) ? { type: 'tip', status } : null;
  }
  if (!key.startsWith(ICON_PREFIX)) return null;
  const [kind, status, ...rest] = key.slice(ICON_PREFIX.length).split(':');
  if (rest.length > 0 || !VEHICLE_ICON_KINDS.includes(kind as VehicleIconKind) || !isStatus(status))
    return null;
  return { type: 'body', kind: kind as VehicleIconKind, status };
}

/** Properties of a vehicle feature (what the layers' expressions read). */
export interface VehicleFeatureProperties {
  id: string;
  icon: string;
  /** Heading tip icon; '' when the heading is unknown (no tip drawn). */
  tip: string;
  /** Tip rotation in degrees clockwise from north. */
  rotation: number;
  label: string;
  status: VehicleLiveStatus;
}

/** The source data: one Point per vehicle with a finite position (others are left out). */
export function buildVehicleFeatures(
  vehicles: readonly MapVehicle[],
): FeatureCollection<Point, VehicleFeatureProperties> {
  const features = new Array<Feature<Point, VehicleFeatureProperties>>(vehicles.length);
  let n = 0;
  for (const v of vehicles) {
    if (!Number.isFinite(v.lat) || !Number.isFinite(v.lon)) continue;
    const hasHeading = v.headingDeg !== null && Number.isFinite(v.headingDeg);
    features[n++] = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [v.lon, v.lat] },
      properties: {
        id: v.id,
        icon: vehicleIconKey(iconKindOf(v.kind), v.status),
        tip: hasHeading ? vehicleTipKey(v.status) : '',
        rotation: hasHeading ? (v.headingDeg as number) : 0,
        label: v.label,
        status: v.status,
      },
    };
  }
  features.length = n;
  return { type: 'FeatureCollection', features };
}
