/**
 * A small, made-up but Indore-shaped road graph (squares and roads named after real ones, coordinates approximate,
 * not surveyed). Enough for routes that look like a city on the map: MG Road and AB Road, the ring road, the Khandwa
 * and Nemawar roads out to the Devguradia trenching ground.
 *
 * Collection points sit on roads (a fraction `t` along an edge), so routes to them stay on the road network.
 */
export type RoadClass = 'highway' | 'arterial' | 'street';

export interface RoadNode {
  id: string;
  name: string;
  lat: number;
  lon: number;
}

export interface RoadEdge {
  from: string;
  to: string;
  road: RoadClass;
  /** Shape points between the two nodes. */
  via?: Array<[number, number]>;
}

export type PlaceKind = 'depot' | 'collection' | 'transfer' | 'dump';

export interface Place {
  id: string;
  name: string;
  kind: PlaceKind;
  /** A road node (depots, transfer stations, dump yard) … */
  node?: string;
  /** … or a point on an edge (collection points). */
  on?: { from: string; to: string; t: number };
  ward?: number;
  zone?: ZoneId;
}

export const ZONE_IDS = ['central', 'east', 'north', 'southwest'] as const;
export type ZoneId = (typeof ZONE_IDS)[number];

export interface Zone {
  id: ZoneId;
  name: string;
  depot: string;
  transferStation: string;
}

export const DUMP_YARD_ID = 'devguradia';

export const ROAD_NODES: readonly RoadNode[] = [
  { id: 'rajwada', name: 'Rajwada', lat: 22.7186, lon: 75.8553 },
  { id: 'krishnapura', name: 'Krishnapura Chhatri', lat: 22.72, lon: 75.861 },
  { id: 'malharganj', name: 'Malharganj', lat: 22.7232, lon: 75.8463 },
  { id: 'bada-ganpati', name: 'Bada Ganpati', lat: 22.7228, lon: 75.8398 },
  { id: 'kalani-nagar', name: 'Kalani Nagar (Airport Road)', lat: 22.7215, lon: 75.827 },
  { id: 'chandan-nagar', name: 'Chandan Nagar Square', lat: 22.717, lon: 75.8165 },
  { id: 'gangwal', name: 'Gangwal Bus Stand', lat: 22.7125, lon: 75.843 },
  { id: 'mhow-naka', name: 'Mhow Naka', lat: 22.704, lon: 75.847 },
  { id: 'annapurna', name: 'Annapurna Square', lat: 22.699, lon: 75.838 },
  { id: 'rajendra-nagar', name: 'Rajendra Nagar', lat: 22.6805, lon: 75.844 },
  { id: 'bhawarkuan', name: 'Bhawarkuan Square', lat: 22.6927, lon: 75.8676 },
  { id: 'tejaji-nagar', name: 'Tejaji Nagar', lat: 22.671, lon: 75.87 },
  { id: 'sarwate', name: 'Sarwate Bus Stand', lat: 22.715, lon: 75.869 },
  { id: 'regal', name: 'Regal Square', lat: 22.7193, lon: 75.8705 },
  { id: 'chhawni', name: 'Chhawni', lat: 22.7095, lon: 75.872 },
  { id: 'navlakha', name: 'Navlakha Square', lat: 22.704, lon: 75.883 },
  { id: 'geeta-bhawan', name: 'Geeta Bhawan Square', lat: 22.718, lon: 75.885 },
  { id: 'palasia', name: 'Palasia Square', lat: 22.7245, lon: 75.8845 },
  { id: 'lig', name: 'LIG Square', lat: 22.7335, lon: 75.8905 },
  { id: 'vijay-nagar', name: 'Vijay Nagar Square', lat: 22.7534, lon: 75.8937 },
  { id: 'scheme-78', name: 'Scheme 78', lat: 22.765, lon: 75.8905 },
  { id: 'radisson', name: 'Radisson Square', lat: 22.749, lon: 75.9035 },
  { id: 'khajrana', name: 'Khajrana Square', lat: 22.7337, lon: 75.9045 },
  { id: 'bengali', name: 'Bengali Square', lat: 22.716, lon: 75.905 },
  { id: 'pipliyahana', name: 'Pipliyahana Square', lat: 22.7095, lon: 75.912 },
  { id: 'musakhedi', name: 'Musakhedi Square', lat: 22.6985, lon: 75.904 },
  { id: 'nemawar-jn', name: 'Nemawar Road Junction', lat: 22.68, lon: 75.899 },
  { id: 'polo-ground', name: 'Polo Ground', lat: 22.7355, lon: 75.8575 },
  { id: 'marimata', name: 'Marimata Square', lat: 22.738, lon: 75.866 },
  { id: 'sukhliya', name: 'Sukhliya', lat: 22.755, lon: 75.87 },
  { id: 'depot-polo-ground', name: 'IMC Workshop, Polo Ground', lat: 22.7372, lon: 75.8552 },
  { id: 'depot-navlakha', name: 'IMC Vehicle Depot, Navlakha', lat: 22.7022, lon: 75.8812 },
  { id: 'gts-chandan-nagar', name: 'Garbage Transfer Station, Chandan Nagar', lat: 22.7142, lon: 75.8118 },
  { id: 'gts-scheme-78', name: 'Garbage Transfer Station, Scheme 78', lat: 22.7695, lon: 75.8951 },
  { id: DUMP_YARD_ID, name: 'Devguradia Trenching Ground', lat: 22.66, lon: 75.89 },
];

export const ROAD_EDGES: readonly RoadEdge[] = [
  // MG Road and the old city
  { from: 'rajwada', to: 'krishnapura', road: 'street' },
  { from: 'krishnapura', to: 'regal', road: 'arterial', via: [[22.7205, 75.8655]] },
  { from: 'regal', to: 'palasia', road: 'arterial', via: [[22.7222, 75.8775]] },
  { from: 'rajwada', to: 'malharganj', road: 'street' },
  { from: 'malharganj', to: 'bada-ganpati', road: 'street' },
  { from: 'bada-ganpati', to: 'kalani-nagar', road: 'arterial' },
  { from: 'kalani-nagar', to: 'chandan-nagar', road: 'arterial' },
  { from: 'chandan-nagar', to: 'gts-chandan-nagar', road: 'street' },
  { from: 'rajwada', to: 'gangwal', road: 'street', via: [[22.7158, 75.8498]] },
  { from: 'gangwal', to: 'mhow-naka', road: 'arterial' },
  { from: 'mhow-naka', to: 'annapurna', road: 'arterial' },
  { from: 'annapurna', to: 'rajendra-nagar', road: 'arterial', via: [[22.6895, 75.8405]] },
  { from: 'rajwada', to: 'polo-ground', road: 'street', via: [[22.7262, 75.8561]] },
  { from: 'polo-ground', to: 'depot-polo-ground', road: 'street' },
  { from: 'polo-ground', to: 'marimata', road: 'arterial' },
  { from: 'marimata', to: 'sukhliya', road: 'arterial', via: [[22.7465, 75.8672]] },
  { from: 'marimata', to: 'lig', road: 'street', via: [[22.7352, 75.8785]] },
  { from: 'sukhliya', to: 'vijay-nagar', road: 'arterial', via: [[22.7548, 75.882]] },
  // AB Road
  { from: 'palasia', to: 'lig', road: 'arterial' },
  { from: 'lig', to: 'vijay-nagar', road: 'arterial', via: [[22.7432, 75.8925]] },
  { from: 'vijay-nagar', to: 'scheme-78', road: 'arterial' },
  { from: 'scheme-78', to: 'gts-scheme-78', road: 'street' },
  { from: 'palasia', to: 'geeta-bhawan', road: 'arterial' },
  { from: 'geeta-bhawan', to: 'navlakha', road: 'arterial', via: [[22.7112, 75.8842]] },
  { from: 'navlakha', to: 'depot-navlakha', road: 'street' },
  { from: 'navlakha', to: 'bhawarkuan', road: 'arterial', via: [[22.6985, 75.876]] },
  { from: 'regal', to: 'sarwate', road: 'street' },
  { from: 'sarwate', to: 'chhawni', road: 'street' },
  { from: 'chhawni', to: 'navlakha', road: 'street' },
  { from: 'chhawni', to: 'bhawarkuan', road: 'arterial', via: [[22.7005, 75.8702]] },
  { from: 'mhow-naka', to: 'chhawni', road: 'street', via: [[22.7075, 75.859]] },
  // Ring road
  { from: 'vijay-nagar', to: 'radisson', road: 'arterial' },
  { from: 'radisson', to: 'khajrana', road: 'arterial' },
  { from: 'khajrana', to: 'bengali', road: 'arterial' },
  { from: 'bengali', to: 'pipliyahana', road: 'arterial' },
  { from: 'pipliyahana', to: 'musakhedi', road: 'arterial', via: [[22.7035, 75.909]] },
  { from: 'musakhedi', to: 'bhawarkuan', road: 'arterial', via: [[22.6955, 75.886]] },
  { from: 'bhawarkuan', to: 'rajendra-nagar', road: 'arterial', via: [[22.6855, 75.856]] },
  { from: 'khajrana', to: 'lig', road: 'street' },
  { from: 'bengali', to: 'geeta-bhawan', road: 'street', via: [[22.7172, 75.8952]] },
  { from: 'pipliyahana', to: 'navlakha', road: 'street', via: [[22.7065, 75.8975]] },
  // Out to the trenching ground
  { from: 'bhawarkuan', to: 'tejaji-nagar', road: 'arterial' },
  { from: 'tejaji-nagar', to: DUMP_YARD_ID, road: 'highway', via: [[22.6655, 75.879]] },
  { from: 'musakhedi', to: 'nemawar-jn', road: 'arterial' },
  { from: 'nemawar-jn', to: DUMP_YARD_ID, road: 'highway', via: [[22.6702, 75.8962]] },
];

export const ZONES: readonly Zone[] = [
  {
    id: 'central',
    name: 'Zone 3 (Rajwada)',
    depot: 'depot-polo-ground',
    transferStation: 'gts-chandan-nagar',
  },
  {
    id: 'east',
    name: 'Zone 11 (Palasia–Khajrana)',
    depot: 'depot-navlakha',
    transferStation: 'gts-scheme-78',
  },
  { id: 'north', name: 'Zone 8 (Vijay Nagar)', depot: 'depot-polo-ground', transferStation: 'gts-scheme-78' },
  {
    id: 'southwest',
    name: 'Zone 17 (Annapurna–Bhawarkuan)',
    depot: 'depot-navlakha',
    transferStation: 'gts-chandan-nagar',
  },
];

const cp = (
  id: string,
  name: string,
  zone: ZoneId,
  ward: number,
  from: string,
  to: string,
  t: number,
): Place => ({ id, name, kind: 'collection', zone, ward, on: { from, to, t } });

export const PLACES: readonly Place[] = [
  { id: 'depot-polo-ground', name: 'IMC Workshop, Polo Ground', kind: 'depot', node: 'depot-polo-ground' },
  { id: 'depot-navlakha', name: 'IMC Vehicle Depot, Navlakha', kind: 'depot', node: 'depot-navlakha' },
  {
    id: 'gts-chandan-nagar',
    name: 'Garbage Transfer Station, Chandan Nagar',
    kind: 'transfer',
    node: 'gts-chandan-nagar',
  },
  {
    id: 'gts-scheme-78',
    name: 'Garbage Transfer Station, Scheme 78',
    kind: 'transfer',
    node: 'gts-scheme-78',
  },
  { id: DUMP_YARD_ID, name: 'Devguradia Trenching Ground', kind: 'dump', node: DUMP_YARD_ID },
  cp('cp-sarafa', 'Sarafa Bazaar', 'central', 61, 'rajwada', 'krishnapura', 0.5),
  cp('cp-cloth-market', 'Cloth Market', 'central', 62, 'rajwada', 'malharganj', 0.45),
  cp('cp-malharganj-mandi', 'Malharganj Sabzi Mandi', 'central', 63, 'malharganj', 'bada-ganpati', 0.5),
  cp('cp-jawahar-marg', 'Jawahar Marg', 'central', 64, 'rajwada', 'gangwal', 0.6),
  cp('cp-siyaganj', 'Siyaganj', 'central', 65, 'krishnapura', 'regal', 0.7),
  cp('cp-chhawni-mandi', 'Chhawni Anaj Mandi', 'central', 66, 'sarwate', 'chhawni', 0.5),
  cp('cp-jinsi', 'Jinsi Haat', 'central', 58, 'rajwada', 'polo-ground', 0.55),
  cp('cp-saket', 'Saket Nagar', 'east', 44, 'palasia', 'geeta-bhawan', 0.5),
  cp('cp-manishpuri', 'Manishpuri', 'east', 45, 'bengali', 'geeta-bhawan', 0.4),
  cp('cp-tilak-nagar', 'Tilak Nagar', 'east', 46, 'khajrana', 'bengali', 0.5),
  cp('cp-khajrana-mandir', 'Khajrana Ganesh Mandir', 'east', 40, 'radisson', 'khajrana', 0.7),
  cp('cp-pipliyahana-tank', 'Pipliyahana Talab', 'east', 47, 'bengali', 'pipliyahana', 0.6),
  cp('cp-musakhedi', 'Musakhedi Chouraha', 'east', 48, 'pipliyahana', 'musakhedi', 0.7),
  cp('cp-navlakha-bus', 'Navlakha Bus Stand', 'east', 49, 'pipliyahana', 'navlakha', 0.6),
  cp('cp-vijay-nagar-a', 'Vijay Nagar Sector A', 'north', 36, 'lig', 'vijay-nagar', 0.7),
  cp('cp-scheme-54', 'Scheme 54', 'north', 37, 'vijay-nagar', 'scheme-78', 0.4),
  cp('cp-mangal-nagar', 'Mangal Nagar', 'north', 35, 'sukhliya', 'vijay-nagar', 0.5),
  cp('cp-sukhliya-gaon', 'Sukhliya Gaon', 'north', 34, 'marimata', 'sukhliya', 0.6),
  cp('cp-lig-colony', 'LIG Colony', 'north', 38, 'palasia', 'lig', 0.6),
  cp('cp-radisson', 'Scheme 74 (Radisson)', 'north', 39, 'vijay-nagar', 'radisson', 0.6),
  cp('cp-patnipura', 'Patnipura', 'north', 33, 'marimata', 'lig', 0.5),
  cp('cp-annapurna', 'Annapurna Mandir', 'southwest', 74, 'mhow-naka', 'annapurna', 0.6),
  cp('cp-sudama-nagar', 'Sudama Nagar', 'southwest', 75, 'annapurna', 'rajendra-nagar', 0.5),
  cp('cp-rajendra-nagar', 'Rajendra Nagar Sector B', 'southwest', 78, 'bhawarkuan', 'rajendra-nagar', 0.7),
  cp('cp-bhawarkuan', 'Bhawarkuan Hostel Area', 'southwest', 80, 'chhawni', 'bhawarkuan', 0.6),
  cp('cp-mhow-naka', 'Mhow Naka Market', 'southwest', 70, 'gangwal', 'mhow-naka', 0.6),
  cp('cp-chandan-nagar', 'Chandan Nagar', 'southwest', 8, 'kalani-nagar', 'chandan-nagar', 0.5),
  cp('cp-bada-ganpati', 'Bada Ganpati', 'southwest', 10, 'bada-ganpati', 'kalani-nagar', 0.3),
];

/** Upper speed per road class, km/h (a heavy municipal vehicle, not the legal limit). */
export const ROAD_SPEED_KPH: Record<RoadClass, number> = { highway: 55, arterial: 45, street: 30 };
