/**
 * Playback as a file: KML (Google Earth), GPX 1.1 and CSV. Pure: a Playback in, text out. Times in XML are UTC ISO
 * 8601 (what both formats define); the CSV shows Asia/Kolkata times as the console does (dd/MM/yyyy HH:mm:ss).
 */
import { toCsv } from '@civicfleet/exporters';
import { PLAYBACK_EXPORT_CONTENT_TYPES, type Playback, type PlaybackExportFormat } from '@civicfleet/shared';

/** Asia/Kolkata is UTC+05:30 all year (docs/derivations.md "Daily stats"): plain arithmetic, no Intl per row. */
const IST_OFFSET_MS = 330 * 60_000;
const two = (n: number) => String(n).padStart(2, '0');

/** `dd/MM/yyyy HH:mm:ss` in IST. */
export function formatIst(ms: number): string {
  const d = new Date(ms + IST_OFFSET_MS);
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(
    d.getUTCMinutes(),
  )}:${two(d.getUTCSeconds())}`;
}

/** `yyyy-MM-dd` of the IST day holding `ms`. */
export function istDay(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === '"' ? '&quot;' : '&apos;',
  );
}

const iso = (ms: number) => new Date(ms).toISOString();
const coord = (n: number) => String(Math.round(n * 1e7) / 1e7);

/** `MP09AB1234_2026-11-25.gpx`; a range over several IST days: `MP09AB1234_2026-11-25_2026-11-27.gpx`. */
export function exportFileNameOf(playback: Playback, format: PlaybackExportFormat): string {
  const registration = playback.vehicle.registrationNumber.replace(/[^A-Za-z0-9-]/g, '') || 'vehicle';
  const first = istDay(Date.parse(playback.from));
  // The last instant inside the range: an end at IST midnight belongs to the day before.
  const last = istDay(Date.parse(playback.to) - 1);
  return `${registration}_${first}${last === first ? '' : `_${last}`}.${format}`;
}

function title(playback: Playback): string {
  const { from, to, vehicle } = playback;
  return `${vehicle.registrationNumber} ${formatIst(Date.parse(from))} – ${formatIst(Date.parse(to))} IST`;
}

export function toKml(playback: Playback): string {
  const { points } = playback;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">',
    '<Document>',
    `<name>${escapeXml(title(playback))}</name>`,
    '<Style id="track"><LineStyle><color>ffd47800</color><width>4</width></LineStyle></Style>',
  ];
  if (points.t.length > 0) {
    const line: string[] = [];
    for (let i = 0; i < points.t.length; i++)
      line.push(`${coord(points.lon[i] ?? 0)},${coord(points.lat[i] ?? 0)},0`);
    out.push(
      '<Placemark>',
      `<name>${escapeXml(playback.vehicle.registrationNumber)}</name>`,
      '<styleUrl>#track</styleUrl>',
      `<TimeSpan><begin>${iso(points.t[0] ?? 0)}</begin><end>${iso(points.t[points.t.length - 1] ?? 0)}</end></TimeSpan>`,
      '<MultiGeometry>',
      `<LineString><tessellate>1</tessellate><coordinates>${line.join(' ')}</coordinates></LineString>`,
      '<gx:Track>',
    );
    const track: string[] = [];
    for (let i = 0; i < points.t.length; i++) track.push(`<when>${iso(points.t[i] ?? 0)}</when>`);
    for (let i = 0; i < points.t.length; i++)
      track.push(`<gx:coord>${coord(points.lon[i] ?? 0)} ${coord(points.lat[i] ?? 0)} 0</gx:coord>`);
    out.push(track.join(''), '</gx:Track>', '</MultiGeometry>', '</Placemark>');
  }
  for (const stop of playback.stops) {
    if (stop.lat === null || stop.lon === null) continue;
    const label = `${stop.kind === 'idle' ? 'Idle' : 'Stop'} ${formatIst(Date.parse(stop.from))} – ${formatIst(
      Date.parse(stop.to),
    )} (${Math.round(stop.durationS / 60)} min)`;
    out.push(
      '<Placemark>',
      `<name>${escapeXml(label)}</name>`,
      stop.address ? `<description>${escapeXml(stop.address)}</description>` : '',
      `<TimeSpan><begin>${stop.from}</begin><end>${stop.to}</end></TimeSpan>`,
      `<Point><coordinates>${coord(stop.lon)},${coord(stop.lat)},0</coordinates></Point>`,
      '</Placemark>',
    );
  }
  for (const alert of playback.alerts) {
    if (alert.lat === null || alert.lon === null) continue;
    out.push(
      '<Placemark>',
      `<name>${escapeXml(`Alert: ${alert.type}`)}</name>`,
      `<TimeStamp><when>${alert.at}</when></TimeStamp>`,
      `<Point><coordinates>${coord(alert.lon)},${coord(alert.lat)},0</coordinates></Point>`,
      '</Placemark>',
    );
  }
  out.push('</Document>', '</kml>', '');
  return out.filter((line) => line !== '').join('\n');
}

export function toGpx(playback: Playback): string {
  const { points } = playback;
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="CivicFleet" xmlns="http://www.topografix.com/GPX/1/1">',
    `<metadata><name>${escapeXml(title(playback))}</name><time>${playback.from}</time></metadata>`,
  ];
  for (const stop of playback.stops) {
    if (stop.lat === null || stop.lon === null) continue;
    const name = `${stop.kind === 'idle' ? 'Idle' : 'Stop'} ${Math.round(stop.durationS / 60)} min`;
    out.push(
      `<wpt lat="${coord(stop.lat)}" lon="${coord(stop.lon)}"><time>${stop.from}</time><name>${escapeXml(name)}</name>` +
        (stop.address ? `<desc>${escapeXml(stop.address)}</desc>` : '') +
        `<type>${stop.kind}</type></wpt>`,
    );
  }
  out.push(`<trk><name>${escapeXml(playback.vehicle.registrationNumber)}</name><trkseg>`);
  const track: string[] = [];
  for (let i = 0; i < points.t.length; i++) {
    track.push(
      `<trkpt lat="${coord(points.lat[i] ?? 0)}" lon="${coord(points.lon[i] ?? 0)}"><time>${iso(points.t[i] ?? 0)}</time></trkpt>`,
    );
  }
  out.push(track.join('\n'), '</trkseg></trk>', '</gpx>', '');
  return out.filter((line) => line !== '').join('\n');
}

const yesNo = (value: boolean | null | undefined) => (value === true ? 'On' : value === false ? 'Off' : '');

export function toPlaybackCsv(playback: Playback): string {
  const { points } = playback;
  const rows = new Array<Record<string, string | number | null>>(points.t.length);
  for (let i = 0; i < points.t.length; i++) {
    rows[i] = {
      time: formatIst(points.t[i] ?? 0),
      lat: points.lat[i] ?? null,
      lon: points.lon[i] ?? null,
      speed: points.speedKph[i] ?? null,
      heading: points.headingDeg[i] ?? null,
      ignition: yesNo(points.ignition[i]),
    };
  }
  return toCsv({
    title: title(playback),
    filters: [],
    generatedAt: new Date(),
    columns: [
      { key: 'time', header: 'Time (IST)' },
      { key: 'lat', header: 'Latitude' },
      { key: 'lon', header: 'Longitude' },
      { key: 'speed', header: 'Speed (km/h)' },
      { key: 'heading', header: 'Heading (°)' },
      { key: 'ignition', header: 'Ignition' },
    ],
    rows,
  });
}

export interface PlaybackFile {
  fileName: string;
  contentType: string;
  body: string;
}

export function playbackFile(playback: Playback, format: PlaybackExportFormat): PlaybackFile {
  const body =
    format === 'kml' ? toKml(playback) : format === 'gpx' ? toGpx(playback) : toPlaybackCsv(playback);
  return {
    fileName: exportFileNameOf(playback, format),
    contentType: `${PLAYBACK_EXPORT_CONTENT_TYPES[format]}; charset=utf-8`,
    body,
  };
}
