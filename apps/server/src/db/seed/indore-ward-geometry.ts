/**
 * Demo boundaries of the 18 Indore wards of indore-divisions.ts: GeoJSON Polygons ([lon, lat]) that tile the part of
 * the city the simulator drives in (tools/simulator indore-map.ts), without gaps or overlaps.
 *
 * Not surveyed: each ward is the area closer to its locality's centre than to any other ward's (a Voronoi cell in a
 * local metric plane), clipped to a city outline, with the shared boundaries bent a little so they look drawn rather
 * than ruled. Both sides of a shared boundary use the very same vertices, so the tiling is exact. The Devguradia
 * trenching ground lies outside the outline (as the real one lies on the city's edge).
 */

/** A locality centre per ward code, [lon, lat]. */
const WARD_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  W12: [75.833, 22.7235], // Bada Ganpati (west, out to Chandan Nagar)
  W13: [75.8475, 22.727], // Malharganj
  W14: [75.858, 22.7075], // Juni Indore
  W15: [75.8575, 22.718], // Sarafa (Rajwada)
  W16: [75.872, 22.718], // Sanyogitaganj (Regal, Sarwate)
  W17: [75.844, 22.711], // Chhatripura (Gangwal)
  W36: [75.893, 22.751], // Vijay Nagar
  W37: [75.896, 22.765], // Scheme 54
  W38: [75.868, 22.752], // Sukhliya
  W39: [75.885, 22.729], // Palasia
  W40: [75.8735, 22.704], // Sapna Sangeeta
  W41: [75.893, 22.715], // Geeta Bhawan
  W71: [75.84, 22.674], // Rau side (south-west, out along the AB road)
  W72: [75.853, 22.684], // Rajendra Nagar
  W73: [75.872, 22.688], // Bhanwarkuan
  W74: [75.833, 22.701], // Annapurna
  W75: [75.837, 22.69], // Sudama Nagar
  W76: [75.852, 22.699], // Usha Nagar
};

/** The demo city outline (convex, counter-clockwise), [lon, lat]. */
export const INDORE_DEMO_OUTLINE: ReadonlyArray<readonly [number, number]> = [
  [75.803, 22.708],
  [75.808, 22.69],
  [75.82, 22.672],
  [75.845, 22.668],
  [75.87, 22.6655],
  [75.89, 22.669],
  [75.908, 22.677],
  [75.918, 22.7],
  [75.92, 22.725],
  [75.915, 22.75],
  [75.905, 22.772],
  [75.89, 22.779],
  [75.87, 22.772],
  [75.855, 22.7575],
  [75.835, 22.749],
  [75.812, 22.742],
  [75.805, 22.725],
];

type Point = readonly [number, number];

// A local plane: x = east in degrees of latitude-equivalent (lon scaled by cos(lat)), y = north in degrees.
const LAT0 = 22.72;
const COS0 = Math.cos((LAT0 * Math.PI) / 180);
const toPlane = ([lon, lat]: Point): Point => [lon * COS0, lat];
const fromPlane = ([x, y]: Point): Point => [x / COS0, y];

/** Sutherland–Hodgman against the half-plane of points at least as close to `p` as to `q`. */
function clipCloserTo(polygon: Point[], p: Point, q: Point): Point[] {
  const nx = q[0] - p[0];
  const ny = q[1] - p[1];
  const limit = (q[0] ** 2 + q[1] ** 2 - p[0] ** 2 - p[1] ** 2) / 2;
  const side = (z: Point) => z[0] * nx + z[1] * ny - limit; // ≤ 0: inside
  const out: Point[] = [];
  polygon.forEach((current, i) => {
    const previous = polygon[(i + polygon.length - 1) % polygon.length] ?? current;
    const sc = side(current);
    const sp = side(previous);
    if (sc <= 0 !== sp <= 0) {
      const t = sp / (sp - sc);
      out.push([previous[0] + t * (current[0] - previous[0]), previous[1] + t * (current[1] - previous[1])]);
    }
    if (sc <= 0) out.push(current);
  });
  return out;
}

/** Deterministic value in [-1, 1] from a string (FNV-1a). */
function wobble(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return ((hash >>> 0) / 0xffffffff) * 2 - 1;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;
const keyOf = (point: Point): string => `${point[0]},${point[1]}`;

/**
 * Ward code → GeoJSON Polygon. Pure and deterministic (the seed stores the result; tests recompute it).
 */
export function indoreWardGeometry(): Map<string, { type: 'Polygon'; coordinates: number[][][] }> {
  const codes = Object.keys(WARD_CENTRES);
  const centres = codes.map((code) => toPlane(WARD_CENTRES[code] ?? [0, 0]));
  const outline = INDORE_DEMO_OUTLINE.map(toPlane);

  // Voronoi cells, vertices snapped to 1e-6° and shared between cells (one registry), so neighbours agree exactly.
  const registry: Point[] = [];
  const snap = (planePoint: Point): Point => {
    const [lon, lat] = fromPlane(planePoint);
    const point: Point = [round6(lon), round6(lat)];
    const known = registry.find((r) => Math.abs(r[0] - point[0]) < 2e-6 && Math.abs(r[1] - point[1]) < 2e-6);
    if (known) return known;
    registry.push(point);
    return point;
  };
  const cells = centres.map((centre, i) => {
    let cell = [...outline];
    centres.forEach((other, j) => {
      if (j !== i) cell = clipCloserTo(cell, centre, other);
    });
    const ring: Point[] = [];
    for (const point of cell.map(snap)) if (ring.at(-1) !== point) ring.push(point);
    if (ring.length > 1 && ring[0] === ring.at(-1)) ring.pop();
    return ring;
  });

  // Edges used by two cells are ward-to-ward boundaries: bend them (the city outline stays as drawn).
  const edgeKey = (a: Point, b: Point) => [keyOf(a), keyOf(b)].sort().join('|');
  const uses = new Map<string, number>();
  for (const ring of cells) {
    ring.forEach((a, i) => {
      const b = ring[(i + 1) % ring.length] ?? a;
      uses.set(edgeKey(a, b), (uses.get(edgeKey(a, b)) ?? 0) + 1);
    });
  }
  const bend = (a: Point, b: Point): Point[] => {
    const key = edgeKey(a, b);
    if ((uses.get(key) ?? 0) < 2) return [];
    const [first, second] = keyOf(a) < keyOf(b) ? [a, b] : [b, a];
    const [x1, y1] = toPlane(first);
    const [x2, y2] = toPlane(second);
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length < 0.002) return []; // under ~200 m: leave straight
    const points = [1 / 3, 2 / 3].map((t, k) => {
      const offset = wobble(`${key}#${k}`) * 0.07 * length;
      const px = x1 + t * (x2 - x1) - ((y2 - y1) / length) * offset;
      const py = y1 + t * (y2 - y1) + ((x2 - x1) / length) * offset;
      const [lon, lat] = fromPlane([px, py]);
      return [round6(lon), round6(lat)] as Point;
    });
    return first === a ? points : points.reverse();
  };

  const result = new Map<string, { type: 'Polygon'; coordinates: number[][][] }>();
  cells.forEach((ring, i) => {
    const code = codes[i];
    const first = ring[0];
    if (code === undefined || first === undefined) return;
    const positions: number[][] = [];
    ring.forEach((a, j) => {
      const b = ring[(j + 1) % ring.length] ?? a;
      positions.push([a[0], a[1]], ...bend(a, b).map((p) => [p[0], p[1]]));
    });
    positions.push([first[0], first[1]]); // GeoJSON rings are closed
    result.set(code, { type: 'Polygon', coordinates: [positions] });
  });
  return result;
}
