/**
 * The shared golden fleet of the report tests: three vehicles of Indore with a deterministic history, sent through
 * the real ingest pipeline and derive stage (derive-harness) into the test database, so every report reads rows the
 * gateway really writes. All times are IST; the fixes come every 10 s while driving and every 120 s while parked.
 *
 * GF1 "MP09GF0001" (Tata Ace), Friday 20 → Saturday 21 November 2026:
 *   20:00 parked at Rajwada, ignition off                                   (5 min)
 *   20:05 drives 6 km east at 30 km/h                                        (12 min)
 *   20:17 parks 15 min inside the transfer station (fence, 120 m)            → a transfer-station trip on the 20th
 *   20:32 drives 3 km north at 30 km/h                                       (6 min)
 *   20:38 GPS gap: no packet for 20 min (standing still), then               → offline (more than 15 min silent)
 *   20:58 drives 3 km east at 30 km/h                                        (6 min)
 *   21:04 drives 10 km north at 30 km/h — these 20 min of fixes are LOST and arrive late, as history, after the rest
 *         of the evening: first derived as offline, then re-derived as driving
 *   21:24 idles 10 min (ignition on, standing; the derived idle runs to the first ignition-off fix, 21:36)
 *   21:34 parks, ignition off, 9 h 36 min until 07:10 on the 21st           → one stop across IST midnight
 *   07:10 drives 5 km south at 30 km/h                                       (10 min)
 *   07:20 parks 20 min inside the dump yard (fence, 150 m)                   → a dump-yard trip on the 21st
 *   07:40 drives 5 km north at 30 km/h back                                  (10 min)
 *   07:50 parks 10 min; the last fix is at 08:00 (the stop is still open).
 *   Distance: 22 km on the 20th (6 + 3 + 3 + 10), 10 km on the 21st.
 *
 * GF2 "MP09GF0002" (Tata Ace): reports on the 20th (parked, ignition off, 08:00–09:00) but never moves.
 * GF3 "MP09GF0003" (Eicher Pro): no data at all.
 * The three are alone in the group `groupId` ("Golden fleet MP09GF").
 */
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import type { NormalisedMessage } from '@civicfleet/protocols';
import { rows } from '../../../db/client.ts';
import { groups, vehicles } from '../../../db/schema/index.ts';
import type { TestDatabase } from '../../../../test/helpers.ts';
import type { DerivePoint, Fence } from '../../../derive/index.ts';
import { ist, RAJWADA, Track } from '../../../derive/testing/track.ts';
import { staticDeriveContext } from '../../../gateway/ingest/derive-context.ts';
import { harness, live, messageOf } from '../../../gateway/testing/derive-harness.ts';
import {
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../../gateway/testing/fleet.ts';

/** The golden days (IST). */
export const GOLDEN_DAY_1 = '2026-11-20';
export const GOLDEN_DAY_2 = '2026-11-21';
/** A filter range covering both golden days. */
export const GOLDEN_RANGE = {
  from: '2026-11-20T00:00:00+05:30',
  to: '2026-11-21T23:59:59.999+05:30',
} as const;

export interface GoldenFleet {
  organisationId: bigint;
  /** A group holding exactly the three vehicles: filter by it to see only the golden fleet. */
  groupId: bigint;
  /** The vehicle that drives (above). */
  driver: TrackedVehicle & { registrationNumber: string };
  /** Reports but never moves. */
  parked: TrackedVehicle & { registrationNumber: string };
  /** No data. */
  silent: TrackedVehicle & { registrationNumber: string };
  transferStationId: bigint;
  dumpYardId: bigint;
  /** GF1's fixes as sent (history flag set on the late ones), for tests that need more. */
  points: DerivePoint[];
}

/** Anything with a database to seed: a TestApp or a TestDatabase. */
type Target = Pick<TestDatabase, 'database' | 'db'>;

async function insertFence(
  target: Target,
  organisation: bigint,
  name: string,
  kind: string,
  at: { lat: number; lon: number },
  radiusM: number,
) {
  const [row] = await rows<{ id: string }>(
    target.db,
    sql`insert into geofences (organisation_id, name, kind, geometry, radius_m)
        values (${organisation}, ${name}, ${kind},
                ${JSON.stringify({ type: 'Point', coordinates: [at.lon, at.lat] })}::jsonb, ${radiusM})
        returning id::text as id`,
  );
  const id = BigInt(row?.id ?? 0);
  const fence: Fence = { id: `g${id}`, type: 'circle', center: [at.lon, at.lat], radiusM };
  return { id, fence };
}

/**
 * Seeds the golden fleet once per database. `imeiPrefix` (13 digits) keeps IMEIs and registration numbers unique
 * when a test file seeds more than one fleet; `registrationPrefix` likewise (default 'MP09GF').
 */
export async function seedGoldenFleet(
  target: Target,
  options: { imeiPrefix?: string; registrationPrefix?: string } = {},
): Promise<GoldenFleet> {
  const imeiPrefix = options.imeiPrefix ?? '3597100490988';
  const regPrefix = options.registrationPrefix ?? 'MP09GF';
  const indore = await organisationId(target.db, INDORE);
  const [group] = await target.db
    .insert(groups)
    .values({ organisationId: indore, name: `Golden fleet ${regPrefix}` })
    .returning({ id: groups.id });
  if (!group) throw new Error('golden fleet group not created');
  const seed = async (n: number, model: string) => {
    const registrationNumber = `${regPrefix}000${n}`;
    const tracked = await seedTrackedVehicle(target.db, {
      imei: `${imeiPrefix}0${n}`,
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber,
    });
    await target.db
      .update(vehicles)
      .set({ model, groupId: group.id })
      .where(eq(vehicles.id, tracked.vehicleId));
    return { ...tracked, registrationNumber };
  };
  const driver = await seed(1, 'Tata Ace');
  const parked = await seed(2, 'Tata Ace');
  const silent = await seed(3, 'Eicher Pro');

  const PARKED = { intervalS: 120 };
  const track = new Track({ startAt: ist('2026-11-20 20:00'), start: RAJWADA, seed: 8 })
    .park(300, PARKED)
    .drive({ bearingDeg: 90, distanceM: 6000 }, 30);
  const station = track.here;
  track.park(900, PARKED).drive({ bearingDeg: 0, distanceM: 3000 }, 30);
  track.silence(1200).drive({ bearingDeg: 90, distanceM: 3000 }, 30);
  const lateFrom = track.now.getTime();
  track.drive({ bearingDeg: 0, distanceM: 10_000 }, 30);
  const lateTo = track.now.getTime();
  track.idle(600, PARKED).park(34_560, PARKED).drive({ bearingDeg: 180, distanceM: 5000 }, 30);
  const yard = track.here;
  track.park(1200, PARKED).drive({ bearingDeg: 0, distanceM: 5000 }, 30).park(600, PARKED);
  const points = track.points();

  const stationFence = await insertFence(
    target,
    indore,
    'Golden fleet transfer station',
    'transfer-station',
    station,
    120,
  );
  const yardFence = await insertFence(target, indore, 'Golden fleet dump yard', 'dump-yard', yard, 150);
  const h = harness(
    { ...target, close: async () => undefined },
    staticDeriveContext({ fences: [stationFence.fence, yardFence.fence] }),
  );

  // The late fixes are those after 21:04 up to and including 21:24 (the drive's own fixes).
  const isLate = (p: DerivePoint) => p.fixTime.getTime() > lateFrom && p.fixTime.getTime() <= lateTo;
  const onTime = points.filter((p) => !isLate(p));
  const late = points.filter(isLate);
  const lateAt = onTime.findIndex((p) => p.fixTime.getTime() > lateTo);
  // Live up to the loss and through the rest of the evening until 23:00, then the history replay, then the rest.
  const replayAt = onTime.findIndex((p) => p.fixTime.getTime() >= ist('2026-11-20 23:00').getTime());
  const batches = (list: DerivePoint[], size = 60) => {
    const out: DerivePoint[][] = [];
    for (let at = 0; at < list.length; at += size) out.push(list.slice(at, at + size));
    return out;
  };
  for (const chunk of batches(onTime.slice(0, lateAt))) await h.send(driver.imei, live(driver.imei, chunk));
  for (const chunk of batches(onTime.slice(lateAt, replayAt)))
    await h.send(driver.imei, live(driver.imei, chunk));
  const replayedAt = new Date(ist('2026-11-20 23:00').getTime() + 30_000);
  const history: { message: NormalisedMessage; serverAt: Date }[] = late.map((point) => ({
    message: messageOf(driver.imei, point, { history: true }),
    serverAt: replayedAt,
  }));
  await h.send(driver.imei, history);
  for (const chunk of batches(onTime.slice(replayAt))) await h.send(driver.imei, live(driver.imei, chunk));

  // GF2: an hour parked on the 20th.
  const parkedPoints = new Track({ startAt: ist('2026-11-20 08:00'), start: RAJWADA, seed: 9 })
    .park(3600, PARKED)
    .points();
  await h.send(parked.imei, live(parked.imei, parkedPoints));
  await h.close();

  return {
    organisationId: indore,
    groupId: group.id,
    driver,
    parked,
    silent,
    transferStationId: stationFence.id,
    dumpYardId: yardFence.id,
    points: points.map((p) => (isLate(p) ? { ...p, history: true } : p)),
  };
}
