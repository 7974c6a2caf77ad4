import { describe, expect, it } from 'vitest';
import {
  bboxContains,
  bboxOfPositions,
  destinationPoint,
  distanceToPolylineM,
  expandBbox,
  haversineM,
  nearestOnPolyline,
  pointInMultiPolygon,
  pointInPolygon,
  ringPosition,
  type LonLat,
  type PolygonCoords,
} from './geo.ts';
import { DEVGURADIA, RAJWADA, VIJAY_NAGAR } from './testing/track.ts';

// Reference distances: Vincenty on the WGS-84 ellipsoid (computed independently); the sphere is within 0.5 %.
describe('haversineM', () => {
  it('Rajwada ↔ Vijay Nagar, Indore: 5.52 km', () => {
    expect(haversineM(RAJWADA, VIJAY_NAGAR)).toBeCloseTo(5527.97, 1);
    expect(Math.abs(haversineM(RAJWADA, VIJAY_NAGAR) / 5521.57 - 1)).toBeLessThan(0.005);
  });

  it('Rajwada ↔ Devguradia dump yard: 8.2 km', () => {
    expect(Math.abs(haversineM(RAJWADA, DEVGURADIA) / 8184.18 - 1)).toBeLessThan(0.005);
  });

  it('New Delhi ↔ Mumbai: 1,145 km', () => {
    const delhi = { lat: 28.6139, lon: 77.209 };
    const mumbai = { lat: 19.076, lon: 72.8777 };
    expect(Math.abs(haversineM(delhi, mumbai) / 1_144_526.44 - 1)).toBeLessThan(0.005);
  });

  it('one degree of latitude is 111.195 km on the mean sphere; symmetric; zero for the same point', () => {
    expect(haversineM({ lat: 0, lon: 75 }, { lat: 1, lon: 75 })).toBeCloseTo(111_195.08, 1);
    expect(haversineM(VIJAY_NAGAR, RAJWADA)).toBe(haversineM(RAJWADA, VIJAY_NAGAR));
    expect(haversineM(RAJWADA, RAJWADA)).toBe(0);
  });

  it('a degree of longitude shrinks with cos(latitude)', () => {
    const atIndore = haversineM({ lat: 22.7, lon: 75 }, { lat: 22.7, lon: 76 });
    expect(atIndore / 111_195.08).toBeCloseTo(Math.cos((22.7 * Math.PI) / 180), 3);
  });
});

describe('destinationPoint', () => {
  it('lands at the requested distance and is the inverse of haversine', () => {
    for (const bearing of [0, 45, 90, 180, 270, 333]) {
      const to = destinationPoint(RAJWADA, bearing, 1234.5);
      expect(haversineM(RAJWADA, to)).toBeCloseTo(1234.5, 6);
    }
    expect(destinationPoint(RAJWADA, 0, 1000).lon).toBeCloseTo(RAJWADA.lon, 12);
  });
});

// A 0.01° square near Rajwada with a 0.004° square hole in the middle.
const square: LonLat[] = [
  [75.85, 22.71],
  [75.86, 22.71],
  [75.86, 22.72],
  [75.85, 22.72],
  [75.85, 22.71],
];
const hole: LonLat[] = [
  [75.853, 22.713],
  [75.857, 22.713],
  [75.857, 22.717],
  [75.853, 22.717],
];
const withHole: PolygonCoords = [square, hole];

describe('point in polygon', () => {
  it('inside, outside, in the hole', () => {
    expect(pointInPolygon({ lon: 75.851, lat: 22.711 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 75.861, lat: 22.711 }, withHole)).toBe(false);
    expect(pointInPolygon({ lon: 75.855, lat: 22.715 }, withHole)).toBe(false);
    expect(pointInPolygon({ lon: 75.855, lat: 22.715 }, [square])).toBe(true);
  });

  it('edges and vertices count as inside, for the outer ring and the hole alike', () => {
    expect(ringPosition({ lon: 75.855, lat: 22.71 }, square)).toBe('boundary');
    expect(ringPosition({ lon: 75.86, lat: 22.72 }, square)).toBe('boundary');
    expect(pointInPolygon({ lon: 75.855, lat: 22.71 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 75.85, lat: 22.71 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 75.853, lat: 22.715 }, withHole)).toBe(true);
    expect(pointInPolygon({ lon: 75.857, lat: 22.717 }, withHole)).toBe(true);
  });

  it('a ray through a vertex is counted once (concave ring, point level with vertices)', () => {
    // A "W"-shaped ring: the horizontal ray from the test points passes exactly through vertices.
    const w: LonLat[] = [
      [0, 0],
      [4, 0],
      [4, 2],
      [3, 1],
      [2, 2],
      [1, 1],
      [0, 2],
    ];
    expect(pointInPolygon({ lon: 0.5, lat: 1 }, [w])).toBe(true);
    expect(pointInPolygon({ lon: 2, lat: 1 }, [w])).toBe(true);
    expect(pointInPolygon({ lon: -1, lat: 1 }, [w])).toBe(false);
    expect(pointInPolygon({ lon: 2, lat: 1.5 }, [w])).toBe(true);
    expect(pointInPolygon({ lon: 1, lat: 1.5 }, [w])).toBe(false);
    expect(pointInPolygon({ lon: 5, lat: 2 }, [w])).toBe(false);
  });

  it('open rings behave like closed ones; clockwise like counter-clockwise', () => {
    const open = square.slice(0, 4);
    const clockwise = [...square].reverse();
    for (const ring of [open, clockwise]) {
      expect(pointInPolygon({ lon: 75.851, lat: 22.711 }, [ring])).toBe(true);
      expect(pointInPolygon({ lon: 75.849, lat: 22.711 }, [ring])).toBe(false);
    }
  });

  it('degenerate input: no rings, multipolygons', () => {
    expect(pointInPolygon({ lon: 0, lat: 0 }, [])).toBe(false);
    const far: PolygonCoords = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    ];
    expect(pointInMultiPolygon({ lon: 75.851, lat: 22.711 }, [far, withHole])).toBe(true);
    expect(pointInMultiPolygon({ lon: 75.855, lat: 22.715 }, [far, withHole])).toBe(false);
  });
});

describe('polyline distance (route deviation)', () => {
  // A road due east from Rajwada for about 1 km.
  const road: LonLat[] = [
    [75.8551, 22.7186],
    [75.8648, 22.7186],
  ];

  it('perpendicular distance to the middle of a segment', () => {
    const north = destinationPoint({ lat: 22.7186, lon: 75.86 }, 0, 120);
    const nearest = nearestOnPolyline(north, road);
    expect(nearest?.distanceM).toBeCloseTo(120, 0);
    expect(nearest?.segmentIndex).toBe(0);
    expect(nearest?.fraction).toBeGreaterThan(0.4);
  });

  it('beyond the end: distance to the end vertex', () => {
    const end = { lat: 22.7186, lon: 75.8648 };
    const beyond = destinationPoint(end, 90, 300);
    expect(distanceToPolylineM(beyond, road)).toBeCloseTo(300, 0);
    expect(nearestOnPolyline(beyond, road)?.fraction).toBe(1);
  });

  it('picks the nearest of several segments; degenerate lines', () => {
    const lShape: LonLat[] = [...road, [75.8648, 22.73]];
    const eastOfCorner = destinationPoint({ lat: 22.725, lon: 75.8648 }, 90, 40);
    expect(nearestOnPolyline(eastOfCorner, lShape)?.segmentIndex).toBe(1);
    expect(distanceToPolylineM(eastOfCorner, lShape)).toBeCloseTo(40, 0);
    expect(distanceToPolylineM(RAJWADA, [])).toBe(Infinity);
    expect(distanceToPolylineM(RAJWADA, [[VIJAY_NAGAR.lon, VIJAY_NAGAR.lat]])).toBeCloseTo(
      haversineM(RAJWADA, VIJAY_NAGAR),
      6,
    );
    const zeroLength: LonLat[] = [
      [75.86, 22.72],
      [75.86, 22.72],
    ];
    expect(distanceToPolylineM({ lat: 22.72, lon: 75.86 }, zeroLength)).toBe(0);
  });
});

describe('bbox prefilter', () => {
  it('contains its own edges; expansion by metres', () => {
    const bbox = bboxOfPositions(square);
    expect(bbox).toEqual([75.85, 22.71, 75.86, 22.72]);
    expect(bboxContains(bbox, { lon: 75.85, lat: 22.72 })).toBe(true);
    const outside = destinationPoint({ lat: 22.715, lon: 75.86 }, 90, 80);
    expect(bboxContains(bbox, outside)).toBe(false);
    expect(bboxContains(expandBbox(bbox, 100), outside)).toBe(true);
    expect(bboxContains(expandBbox(bbox, 60), outside)).toBe(false);
  });
});
