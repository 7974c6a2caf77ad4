/** Small-distance geometry on the WGS-84 sphere; distances in metres, bearings in degrees clockwise from north. */
export interface LatLon {
  lat: number;
  lon: number;
}

const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLon = (b.lon - a.lon) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function bearingDeg(a: LatLon, b: LatLon): number {
  const y = Math.sin((b.lon - a.lon) * RAD) * Math.cos(b.lat * RAD);
  const x =
    Math.cos(a.lat * RAD) * Math.sin(b.lat * RAD) -
    Math.sin(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.cos((b.lon - a.lon) * RAD);
  return (Math.atan2(y, x) / RAD + 360) % 360;
}

/** Linear interpolation; fine for the sub-kilometre segments of the road graph. */
export function interpolate(a: LatLon, b: LatLon, fraction: number): LatLon {
  return { lat: a.lat + (b.lat - a.lat) * fraction, lon: a.lon + (b.lon - a.lon) * fraction };
}

/** Moves `point` by north/east offsets in metres. */
export function offsetM(point: LatLon, northM: number, eastM: number): LatLon {
  return {
    lat: point.lat + northM / (EARTH_RADIUS_M * RAD),
    lon: point.lon + eastM / (EARTH_RADIUS_M * RAD * Math.cos(point.lat * RAD)),
  };
}
