/**
 * A small KML reader for imports (admin divisions, routes): Placemarks with their name, ExtendedData values and
 * Polygon / LineString / Point geometry as GeoJSON ([lon, lat]; altitude dropped). Regular expressions over the text,
 * no XML parser: no DTDs or entities are expanded (a file that declares any is refused), nothing is fetched.
 * Namespace prefixes on elements (`kml:Placemark`) are not supported.
 */
export interface KmlPlacemark {
  index: number;
  name: string | null;
  data: Record<string, string>;
  polygons: number[][][][];
  lines: number[][][];
  points: number[][];
}

export const KML_MESSAGES = {
  doctype: 'KML files with a DOCTYPE or entity declarations are not accepted',
  none: 'The KML has no Placemark',
} as const;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function text(raw: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(raw);
  if (cdata) return (cdata[1] ?? '').trim();
  return raw
    .replace(
      /&(amp|lt|gt|quot|apos);|&#(\d+);|&#x([0-9a-f]+);/gi,
      (_m, name?: string, dec?: string, hex?: string) => {
        if (name) return ENTITIES[name.toLowerCase()] ?? '';
        return String.fromCodePoint(dec ? Number(dec) : parseInt(hex ?? '0', 16));
      },
    )
    .trim();
}

const all = (source: string, tag: string): string[] =>
  [...source.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1] ?? '');

/** `lon,lat[,alt] lon,lat …` → positions; anything unparsable becomes NaN (the geometry schema refuses it). */
function positions(coordinates: string): number[][] {
  return coordinates
    .trim()
    .split(/\s+/)
    .filter((t) => t !== '')
    .map((tuple) => {
      const [lon, lat] = tuple.split(',');
      return [Number(lon), Number(lat)];
    });
}

const coordinatesOf = (source: string): number[][] => positions(all(source, 'coordinates')[0] ?? '');

export function parseKml(content: string): KmlPlacemark[] {
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) throw new Error(KML_MESSAGES.doctype);
  const placemarks = all(content, 'Placemark');
  if (placemarks.length === 0) throw new Error(KML_MESSAGES.none);
  return placemarks.map((body, index) => {
    // The Placemark's own name comes before its geometry; names inside ExtendedData are attributes, not elements.
    const nameMatch = /<name>([\s\S]*?)<\/name>/.exec(body);
    const data: Record<string, string> = {};
    for (const m of body.matchAll(
      /<Data\s+name="([^"]*)"[^>]*>[\s\S]*?<value>([\s\S]*?)<\/value>[\s\S]*?<\/Data>/g,
    ))
      data[(m[1] ?? '').toLowerCase()] = text(m[2] ?? '');
    for (const m of body.matchAll(/<SimpleData\s+name="([^"]*)"[^>]*>([\s\S]*?)<\/SimpleData>/g))
      data[(m[1] ?? '').toLowerCase()] = text(m[2] ?? '');
    return {
      index,
      name: nameMatch ? text(nameMatch[1] ?? '') || null : null,
      data,
      polygons: all(body, 'Polygon').map((polygon) => [
        ...all(polygon, 'outerBoundaryIs').map(coordinatesOf),
        ...all(polygon, 'innerBoundaryIs').map(coordinatesOf),
      ]),
      lines: all(body, 'LineString').map(coordinatesOf),
      points: all(body, 'Point').map((p) => coordinatesOf(p)[0] ?? []),
    };
  });
}
