/**
 * Turns the map data into a routable graph: vertices are road nodes and collection points; every graph edge keeps
 * its shape as a polyline. Shortest routes (by length) are cached, so a fleet of thousands costs one Dijkstra per
 * origin–destination pair.
 */
import { distanceM, interpolate, type LatLon } from './geo.ts';
import { PLACES, ROAD_EDGES, ROAD_NODES, ROAD_SPEED_KPH, type Place, type RoadClass } from './indore-map.ts';

const ROAD_NODE_IDS: ReadonlySet<string> = new Set(ROAD_NODES.map((node) => node.id));

interface GraphEdge {
  to: string;
  lengthM: number;
  /** From this vertex to `to`, both included. */
  points: LatLon[];
  road: RoadClass;
}

export interface Route {
  /** Polyline from origin to destination. */
  points: LatLon[];
  /** Distance from the origin to each point, metres. */
  cumulativeM: number[];
  /** Speed cap of the road each segment lies on (index = segment starting at that point), km/h. */
  segmentMaxKph: number[];
  /** Distances of the junctions passed on the way (candidates for traffic-signal stops), metres. */
  junctionsM: number[];
  lengthM: number;
}

export interface RoadGraph {
  vertices: Map<string, LatLon>;
  places: Map<string, Place & LatLon>;
  route(fromVertex: string, toVertex: string): Route;
}

export function buildRoadGraph(): RoadGraph {
  const vertices = new Map<string, LatLon>(
    ROAD_NODES.map((node) => [node.id, { lat: node.lat, lon: node.lon }]),
  );
  const adjacency = new Map<string, GraphEdge[]>();
  const places = new Map<string, Place & LatLon>();

  const addEdge = (from: string, to: string, points: LatLon[], road: RoadClass): void => {
    const lengthM = polylineLengthM(points);
    pushTo(adjacency, from, { to, lengthM, points, road });
    pushTo(adjacency, to, { to: from, lengthM, points: [...points].reverse(), road });
  };

  for (const edge of ROAD_EDGES) {
    const shape = [vertexAt(vertices, edge.from), ...(edge.via ?? []).map(([lat, lon]) => ({ lat, lon }))];
    shape.push(vertexAt(vertices, edge.to));
    const onThisEdge = PLACES.flatMap((place) => {
      const on = place.on;
      if (on === undefined) return [];
      if (on.from === edge.from && on.to === edge.to) return [{ place, t: on.t }];
      if (on.from === edge.to && on.to === edge.from) return [{ place, t: 1 - on.t }];
      return [];
    }).sort((a, b) => a.t - b.t);

    // Split the shape at each collection point so it becomes a vertex of the graph.
    const totalM = polylineLengthM(shape);
    let start = edge.from;
    let pending: LatLon[] = [];
    let walkedM = 0;
    let splitIndex = 0;
    for (let i = 0; i < shape.length - 1; i++) {
      const a = shape[i] ?? vertexAt(vertices, edge.from);
      const b = shape[i + 1] ?? vertexAt(vertices, edge.to);
      const segmentM = distanceM(a, b);
      pending.push(a);
      for (let split = onThisEdge[splitIndex]; split !== undefined; split = onThisEdge[splitIndex]) {
        const atM = split.t * totalM;
        if (atM > walkedM + segmentM) break;
        const point = interpolate(a, b, segmentM === 0 ? 0 : (atM - walkedM) / segmentM);
        vertices.set(split.place.id, point);
        places.set(split.place.id, { ...split.place, ...point });
        addEdge(start, split.place.id, [...pending, point], edge.road);
        start = split.place.id;
        pending = [point];
        splitIndex++;
      }
      walkedM += segmentM;
    }
    pending.push(vertexAt(vertices, edge.to));
    addEdge(start, edge.to, pending, edge.road);
  }

  for (const place of PLACES) {
    if (place.node !== undefined) places.set(place.id, { ...place, ...vertexAt(vertices, place.node) });
    if (!places.has(place.id)) throw new Error(`place ${place.id} is not on the road graph`);
  }

  const cache = new Map<string, Route>();
  return {
    vertices,
    places,
    route(fromVertex, toVertex) {
      const key = `${fromVertex}>${toVertex}`;
      let route = cache.get(key);
      if (route === undefined) {
        route = shortestRoute(adjacency, vertices, fromVertex, toVertex);
        cache.set(key, route);
      }
      return route;
    },
  };
}

function shortestRoute(
  adjacency: Map<string, GraphEdge[]>,
  vertices: Map<string, LatLon>,
  from: string,
  to: string,
): Route {
  const distance = new Map<string, number>([[from, 0]]);
  const previous = new Map<string, { vertex: string; edge: GraphEdge }>();
  const done = new Set<string>();
  for (;;) {
    let current: string | null = null;
    let best = Number.POSITIVE_INFINITY;
    for (const [vertex, d] of distance) {
      if (!done.has(vertex) && d < best) {
        best = d;
        current = vertex;
      }
    }
    if (current === null) throw new Error(`no route from ${from} to ${to}`);
    if (current === to) break;
    done.add(current);
    for (const edge of adjacency.get(current) ?? []) {
      const candidate = best + edge.lengthM;
      if (candidate < (distance.get(edge.to) ?? Number.POSITIVE_INFINITY)) {
        distance.set(edge.to, candidate);
        previous.set(edge.to, { vertex: current, edge });
      }
    }
  }

  const edges: GraphEdge[] = [];
  for (let vertex = to; vertex !== from;) {
    const step = previous.get(vertex);
    if (step === undefined) throw new Error(`broken route from ${from} to ${to}`);
    edges.unshift(step.edge);
    vertex = step.vertex;
  }

  const points: LatLon[] = [vertexAt(vertices, from)];
  const cumulativeM = [0];
  const segmentMaxKph: number[] = [];
  const junctionsM: number[] = [];
  for (const [index, edge] of edges.entries()) {
    for (const point of edge.points.slice(1)) {
      const last = points[points.length - 1] ?? point;
      cumulativeM.push((cumulativeM[cumulativeM.length - 1] ?? 0) + distanceM(last, point));
      points.push(point);
      segmentMaxKph.push(ROAD_SPEED_KPH[edge.road]);
    }
    // Signals stand at road junctions, not at collection points along a road.
    if (index < edges.length - 1 && ROAD_NODE_IDS.has(edge.to))
      junctionsM.push(cumulativeM[cumulativeM.length - 1] ?? 0);
  }
  return {
    points,
    cumulativeM,
    segmentMaxKph,
    junctionsM,
    lengthM: cumulativeM[cumulativeM.length - 1] ?? 0,
  };
}

/** Point, heading and road speed cap at `alongM` metres into the route. */
export function pointAlong(route: Route, alongM: number): { point: LatLon; segment: number } {
  const { points, cumulativeM } = route;
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const mid = (low + high) >> 1;
    if ((cumulativeM[mid] ?? 0) <= alongM) low = mid;
    else high = mid;
  }
  const a = points[low] ?? points[0] ?? { lat: 0, lon: 0 };
  const b = points[high] ?? a;
  const startM = cumulativeM[low] ?? 0;
  const segmentM = (cumulativeM[high] ?? startM) - startM;
  const fraction = segmentM > 0 ? Math.min(1, Math.max(0, (alongM - startM) / segmentM)) : 0;
  return { point: interpolate(a, b, fraction), segment: low };
}

function polylineLengthM(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    if (a !== undefined && b !== undefined) total += distanceM(a, b);
  }
  return total;
}

function vertexAt(vertices: Map<string, LatLon>, id: string): LatLon {
  const vertex = vertices.get(id);
  if (vertex === undefined) throw new Error(`unknown road node ${id}`);
  return vertex;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
