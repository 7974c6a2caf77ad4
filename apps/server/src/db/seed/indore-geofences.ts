/**
 * Demo geofences of the Indore Municipal Corporation, placed where the simulated fleet really goes (tools/simulator
 * indore-map.ts: its depots, transfer stations, dump yard and collection points). GeoJSON [lon, lat]; circles are a
 * Point with `radiusM`. A fence without `dwellS` uses the organisation's visitDwellS (120 s: a collection halt).
 * geofence-alignment.test.ts drives the simulator's demo fleet through them.
 */
import type { GeofenceKind } from '../schema/index.ts';

export interface GeofenceSeed {
  name: string;
  kind: GeofenceKind;
  geometry: { type: 'Polygon'; coordinates: number[][][] } | { type: 'Point'; coordinates: number[] };
  radiusM?: number;
  dwellS?: number;
}

const circle = (
  name: string,
  kind: GeofenceKind,
  [lat, lon]: [number, number],
  radiusM: number,
  dwellS?: number,
): GeofenceSeed => ({
  name,
  kind,
  geometry: { type: 'Point', coordinates: [lon, lat] },
  radiusM,
  ...(dwellS === undefined ? {} : { dwellS }),
});

export const INDORE_GEOFENCES: readonly GeofenceSeed[] = [
  {
    // The trenching ground off the Nemawar road: both approach roads end at its weighbridge (75.89, 22.66).
    name: 'Devguradia Trenching Ground',
    kind: 'dump-yard',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [75.8862, 22.6628],
          [75.8868, 22.6574],
          [75.8921, 22.6566],
          [75.8946, 22.6597],
          [75.8928, 22.6631],
          [75.8893, 22.6639],
          [75.8862, 22.6628],
        ],
      ],
    },
    // Unloading takes 10–20 minutes; a truck passing the gate is not a disposal trip.
    dwellS: 300,
  },
  circle('Chandan Nagar Garbage Transfer Station', 'transfer-station', [22.7142, 75.8118], 120, 180),
  circle('Scheme 78 Garbage Transfer Station', 'transfer-station', [22.7695, 75.8951], 120, 180),
  circle('IMC Workshop, Polo Ground', 'garage', [22.7372, 75.8552], 150),
  circle('IMC Vehicle Depot, Navlakha', 'garage', [22.7022, 75.8812], 150),
  circle('Sarafa Bazaar', 'collection-point', [22.7193, 75.85815], 60),
  circle('Malharganj Sabzi Mandi', 'collection-point', [22.723, 75.84305], 60),
  circle('Khajrana Ganesh Mandir', 'collection-point', [22.73829, 75.9042], 60),
  circle('Vijay Nagar Sector A', 'collection-point', [22.747395, 75.892994], 60),
  circle('Annapurna Mandir', 'collection-point', [22.701, 75.8416], 60),
  circle('Pipliyahana Talab', 'collection-point', [22.7121, 75.9092], 60),
];
