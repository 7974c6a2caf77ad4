/**
 * The fixes the GPS evidence looks at: valid fixes of the organisation's vehicles inside a bounding box during a
 * window. Positions are attributed to the vehicle through vehicle_device_links (the link active at the fix time, as
 * playback does); per link one range scan of the positions primary key (device_id, fixed_at), clipped to the link's
 * part of the window, filtered on lat/lon by the box. The exact distance test is the pure complaint-evidence.ts.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client.ts';
import type { Bbox } from '../../derive/geo.ts';
import type { EvidenceFix } from './complaint-evidence.ts';

export interface EvidenceFixQuery {
  organisationId: bigint;
  from: Date;
  to: Date;
  bbox: Bbox;
}

export async function readEvidenceFixes(db: Db, q: EvidenceFixQuery): Promise<EvidenceFix[]> {
  const from = q.from.toISOString();
  const to = q.to.toISOString();
  const [minLon, minLat, maxLon, maxLat] = q.bbox;
  const found = await rows<{
    vehicleId: string;
    registrationNumber: string;
    t: number | string;
    lat: number;
    lon: number;
    speedKph: number | null;
  }>(
    db,
    sql`with l as (
          select l.device_id, v.id as vehicle_id, v.registration_number,
                 greatest(l.linked_at, ${from}::timestamptz) as lf,
                 least(coalesce(l.unlinked_at, 'infinity'::timestamptz), ${to}::timestamptz) as lt,
                 l.unlinked_at
            from vehicle_device_links l
            join vehicles v on v.id = l.vehicle_id
           where v.organisation_id = ${q.organisationId} and not v.deleted
             and l.linked_at <= ${to}::timestamptz
             and (l.unlinked_at is null or l.unlinked_at > ${from}::timestamptz)
        )
        select l.vehicle_id::text as "vehicleId", l.registration_number as "registrationNumber",
               (extract(epoch from p.fixed_at) * 1000)::float8 as t, p.lat, p.lon, p.speed_kph as "speedKph"
          from l cross join lateral (
            select fixed_at, lat, lon, speed_kph
              from positions
             where device_id = l.device_id and fixed_at >= l.lf and fixed_at <= l.lt
               and fixed_at >= ${from}::timestamptz and fixed_at <= ${to}::timestamptz
               and (l.unlinked_at is null or fixed_at < l.unlinked_at)
               and lat between ${minLat} and ${maxLat} and lon between ${minLon} and ${maxLon}
               and gps_valid is not false and attrs -> 'jump' is null
          ) p
         order by p.fixed_at`,
  );
  return found.map((r) => ({
    vehicleId: r.vehicleId,
    registrationNumber: r.registrationNumber,
    fixedAtMs: Number(r.t),
    lat: Number(r.lat),
    lon: Number(r.lon),
    speedKph: r.speedKph === null ? null : Number(r.speedKph),
  }));
}
