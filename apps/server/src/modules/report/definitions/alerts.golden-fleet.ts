/**
 * The alert family's golden fleet (docs/reports.md "## alert" …): four Indore vehicles in zone "AL Zone" / ward
 * "AL Ward 1", sent through the real ingest pipeline and derive stage (derive-harness). Times are IST.
 *
 * ALA1 "MP09AL0001" (Tata Ace, speed limit 40 km/h), Friday 20 → Saturday 21 November 2026:
 *   22:30 parked (ignition off) inside the "AL Depot" fence; SOS pressed at 22:33 and 22:33:30 (one alert)
 *   22:35 drives 4 km east at 60 km/h                                  → overspeed
 *   22:39 parks until 23:50; a tamper alarm at 22:45
 *   23:50 GPS gap: nothing for 30 minutes, across IST midnight          → offline 23:50 → 00:20
 *   00:20 drives 2 km north at 30 km/h — these fixes arrive LATE, as history at 00:40, one with harsh braking
 *   00:24 parks; main power cut from 00:30 (powerCut alarm), the last fix at 00:34 says main power off.
 * ALA2 "MP09AL0002" (Tata Ace): parked 21:00–21:30 on the 20th, weak GSM signal (5/31); SOS at 21:10 (the desk
 *   acknowledges at 21:12, assigns, notes twice, closes at 21:40).
 * ALA3 "MP09AL0003" (Eicher Pro): parked 20:00–20:20 on the 20th, nothing odd.
 * ALA4 "MP09AL0004" (Eicher Pro): a device that never sent anything.
 */
import type { Alarm, NormalisedMessage } from '@civicfleet/protocols';
import { eq, sql } from 'drizzle-orm';
import { rows } from '../../../db/client.ts';
import { rawLogs, vehicles } from '../../../db/schema/index.ts';
import { DEFAULT_DERIVE_SETTINGS, type DerivePoint } from '../../../derive/index.ts';
import { ist, RAJWADA, Track } from '../../../derive/testing/track.ts';
import { staticDeriveContext } from '../../../gateway/ingest/derive-context.ts';
import { harness, live, messageOf } from '../../../gateway/testing/derive-harness.ts';
import {
  BHOPAL,
  INDORE,
  organisationId,
  seedTrackedVehicle,
  type TrackedVehicle,
} from '../../../gateway/testing/fleet.ts';
import type { TestDatabase } from '../../../../test/helpers.ts';

export const ALERT_RANGE = {
  from: '2026-11-20T00:00:00+05:30',
  to: '2026-11-21T23:59:59.999+05:30',
} as const;

type Target = Pick<TestDatabase, 'database' | 'db'>;
type Vehicle = TrackedVehicle & { registrationNumber: string };

export interface AlertFleet {
  organisationId: bigint;
  zoneId: bigint;
  wardId: bigint;
  a: Vehicle;
  b: Vehicle;
  c: Vehicle;
  d: Vehicle;
}

async function insertDivision(
  target: Target,
  org: bigint,
  type: string,
  name: string,
  parent: bigint | null,
) {
  const [row] = await rows<{ id: string }>(
    target.db,
    sql`insert into admin_divisions (organisation_id, type, name, parent_id)
        values (${org}, ${type}, ${name}, ${parent}) returning id::text as id`,
  );
  return BigInt(row?.id ?? 0);
}

/** 'yyyy-MM-dd HH:mm:ss' IST → instant. */
const istAt = (wall: string) => new Date(`${wall.replace(' ', 'T')}+05:30`);

/** Live messages of `points`, with `alarms` on the fixes at the given IST wall times and extra fields on all. */
function messages(
  imei: string,
  points: readonly DerivePoint[],
  alarms: Record<string, Alarm[]>,
  extra: Partial<NormalisedMessage> = {},
  options: { history?: boolean; serverAt?: Date } = {},
) {
  const byMs = new Map(Object.entries(alarms).map(([wall, list]) => [istAt(wall).getTime(), list]));
  return points.map((point) => {
    const list = byMs.get(point.fixTime.getTime()) ?? [];
    const base = messageOf(imei, point, { alarms: list, history: options.history ?? false });
    return {
      message: { ...base, ...extra },
      serverAt: options.serverAt ?? new Date(point.fixTime.getTime() + 2000),
    };
  });
}

export async function seedAlertFleet(target: Target): Promise<AlertFleet> {
  const indore = await organisationId(target.db, INDORE);
  const zoneId = await insertDivision(target, indore, 'ZONE', 'AL Zone', null);
  const wardId = await insertDivision(target, indore, 'WARD', 'AL Ward 1', zoneId);
  const seed = async (n: number, model: string): Promise<Vehicle> => {
    const registrationNumber = `MP09AL000${n}`;
    const tracked = await seedTrackedVehicle(target.db, {
      imei: `35971004909880${n}`,
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber,
    });
    await target.db
      .update(vehicles)
      .set({ model, zoneId, wardId, ...(n === 1 ? { speedLimitKph: 40 } : {}) })
      .where(eq(vehicles.id, tracked.vehicleId));
    return { ...tracked, registrationNumber };
  };
  const a = await seed(1, 'Tata Ace');
  const b = await seed(2, 'Tata Ace');
  const c = await seed(3, 'Eicher Pro');
  const d = await seed(4, 'Eicher Pro');

  const [fence] = await rows<{ id: string }>(
    target.db,
    sql`insert into geofences (organisation_id, name, kind, geometry, radius_m)
        values (${indore}, 'AL Depot', 'garage',
                ${JSON.stringify({ type: 'Point', coordinates: [RAJWADA.lon, RAJWADA.lat] })}::jsonb, 150)
        returning id::text as id`,
  );
  const h = harness(
    { ...target, close: async () => undefined },
    staticDeriveContext({
      settings: { ...DEFAULT_DERIVE_SETTINGS, speedLimitKph: 40 },
      fences: [
        { id: `g${fence?.id ?? 0}`, type: 'circle', center: [RAJWADA.lon, RAJWADA.lat], radiusM: 150 },
      ],
    }),
  );

  const PARKED = { intervalS: 30 };
  const track = new Track({ startAt: ist('2026-11-20 22:30'), start: RAJWADA, seed: 21 })
    .park(300, PARKED)
    .drive({ bearingDeg: 90, distanceM: 4000 }, 60)
    .park(4260, { intervalS: 60 })
    .silence(1800)
    .drive({ bearingDeg: 0, distanceM: 2000 }, 30);
  const lateFrom = ist('2026-11-21 00:20').getTime();
  const lateTo = track.now.getTime();
  track.park(360, PARKED).park(240, { ...PARKED, mainPower: false });
  const points = track.points();
  const isLate = (p: DerivePoint) => p.fixTime.getTime() >= lateFrom && p.fixTime.getTime() <= lateTo;
  const alarms: Record<string, Alarm[]> = {
    '2026-11-20 22:33:00': ['sos'],
    '2026-11-20 22:33:30': ['sos'],
    '2026-11-20 22:45:00': ['tamper'],
    '2026-11-21 00:30:00': ['powerCut'],
  };
  const onTime = messages(
    a.imei,
    points.filter((p) => !isLate(p)),
    alarms,
  );
  const cut = onTime.findIndex((m) => Date.parse(m.message.fixTime ?? '') > lateTo);
  for (let at = 0; at < cut; at += 60) await h.send(a.imei, onTime.slice(at, Math.min(cut, at + 60)));
  await h.send(a.imei, onTime.slice(cut));
  const late = messages(
    a.imei,
    points.filter(isLate),
    { '2026-11-21 00:22:00': ['harshBraking'] },
    {},
    { history: true, serverAt: ist('2026-11-21 00:40') },
  );
  await h.send(a.imei, late);

  const bPoints = new Track({ startAt: ist('2026-11-20 21:00'), start: RAJWADA, seed: 22 })
    .park(1800, { intervalS: 60 })
    .points();
  await h.send(b.imei, messages(b.imei, bPoints, { '2026-11-20 21:10:00': ['sos'] }, { gsmSignal: 5 }));
  const cPoints = new Track({ startAt: ist('2026-11-20 20:00'), start: RAJWADA, seed: 23 })
    .park(1200, { intervalS: 60 })
    .points();
  await h.send(
    c.imei,
    live(c.imei, cPoints).map((m) => ({ ...m, message: { ...m.message, gsmSignal: 24 } })),
  );
  await h.close();
  return { organisationId: indore, zoneId, wardId, a, b, c, d };
}

/**
 * The desk's history of the two SOS alerts, as the desk writes it (event_actions + the state on events), at fixed
 * times: B's is acknowledged at 21:12 by `operator`, assigned to `assignee` at 21:15, noted twice, closed at 21:40;
 * A's is acknowledged at 22:40 (5 min after its last press) and still open.
 */
export async function recordDeskHistory(
  target: Target,
  fleet: AlertFleet,
  operator: bigint,
  assignee: bigint,
) {
  const sosOf = async (vehicleId: bigint) => {
    const [row] = await rows<{ id: string }>(
      target.db,
      sql`select id::text as id from events where vehicle_id = ${vehicleId} and type = 'sos'`,
    );
    return BigInt(row?.id ?? 0);
  };
  const b = await sosOf(fleet.b.vehicleId);
  const a = await sosOf(fleet.a.vehicleId);
  const step = (
    event: bigint,
    action: string,
    at: string,
    extra: { assignee?: bigint; note?: string } = {},
  ) =>
    sql`(${event}, ${fleet.organisationId}, ${action}, ${operator}, ${extra.assignee ?? null}, ${extra.note ?? null},
         ${istAt(at).toISOString()}::timestamptz)`;
  await target.db.execute(
    sql`insert into event_actions (event_id, organisation_id, action, user_id, assignee_id, note, created_at) values
        ${sql.join(
          [
            step(b, 'acknowledge', '2026-11-20 21:12:00'),
            step(b, 'assign', '2026-11-20 21:15:00', { assignee }),
            step(b, 'note', '2026-11-20 21:20:00', { note: 'Driver called: pressed by mistake?' }),
            step(b, 'note', '2026-11-20 21:30:00', { note: 'Supervisor reached the vehicle' }),
            step(b, 'close', '2026-11-20 21:40:00', { note: 'False alarm' }),
            step(a, 'acknowledge', '2026-11-20 22:38:30'),
          ],
          sql`, `,
        )}`,
  );
  await target.db.execute(
    sql`update events set desk_status = 'closed', acknowledged_by = ${operator},
               acknowledged_at = ${istAt('2026-11-20 21:12:00').toISOString()}::timestamptz,
               assigned_to = ${assignee}, assigned_at = ${istAt('2026-11-20 21:15:00').toISOString()}::timestamptz,
               closed_by = ${operator}, closed_at = ${istAt('2026-11-20 21:40:00').toISOString()}::timestamptz,
               resolution = 'False alarm'
         where id = ${b}`,
  );
  await target.db.execute(
    sql`update events set desk_status = 'acknowledged', acknowledged_by = ${operator},
               acknowledged_at = ${istAt('2026-11-20 22:38:30').toISOString()}::timestamptz
         where id = ${a}`,
  );
}

/** Frames of the raw-logs device (IMEI 869867036345389: the real AIS-140 packet's own), around IST midnight. */
export const RAW_IMEI = '869867036345389';

/** Real AIS-140 packets (Traccar ItsProtocolDecoderTest, as in packages/protocols ais140/test-packets.ts). */
const ROADRPA =
  '$NRM,ROADRPA,1.7AIS,NR,01,L,869867036345389,,1,25022019,051716,25.12891000,N,75.85587833,E,7.6,350.00,14,' +
  '284.8,1.00,1.00,AIRTEL,1,1,28.0,4.2,0,C,13,404,70,4E3B,3C84,11,4E3B,39B8,08,4E3B,3965,07,4E3B,48B5,07,4E3B,' +
  '3C85,0000,00,000551,71978C6B*';
const EPB_AIH =
  '$EPB,EMR,869867036066035,NM,03042019,192008,V,000.00000000,N,000.00000000,E,0000000000.0,0000.0,00.000,G,,0,' +
  '404,22,ECFB,36EF*226F7BD1';

/**
 * ALR1 "MP09AL0005" with the device RAW_IMEI, and its frames: an emergency packet at 10:00 on the 20th, an undecodable
 * GT06-looking frame at 12:00, a position at 23:59:50, and another just after IST midnight (00:00:10 on the 21st,
 * outside a one-day range of the 20th). A Bhopal device's frame at 11:00 must never show.
 */
export async function seedRawFrames(target: Target) {
  const indore = await organisationId(target.db, INDORE);
  const bhopal = await organisationId(target.db, BHOPAL);
  const mine = await seedTrackedVehicle(target.db, {
    imei: RAW_IMEI,
    protocol: 'ais140',
    organisationId: indore,
    registrationNumber: 'MP09AL0005',
  });
  const theirs = await seedTrackedVehicle(target.db, {
    imei: '869867036066035',
    protocol: 'ais140',
    organisationId: bhopal,
    registrationNumber: 'MP04AL0006',
  });
  const frame = (
    imei: string,
    at: string,
    bytes: Buffer,
    extra: Partial<typeof rawLogs.$inferInsert> = {},
  ) => ({
    receivedAt: istAt(at),
    deviceId: imei === RAW_IMEI ? mine.deviceId : theirs.deviceId,
    imei,
    protocol: 'ais140',
    remoteAddr: '10.1.1.1:5000',
    bytes,
    ...extra,
  });
  await target.db.insert(rawLogs).values([
    frame(RAW_IMEI, '2026-11-20 10:00:00', Buffer.from(`${EPB_AIH}\r\n`)),
    frame(RAW_IMEI, '2026-11-20 12:00:00', Buffer.from([0x78, 0x78, 0x41, 0x00]), {
      decodeError: 'not an AIS-140 frame',
      checksumOk: false,
    }),
    frame(RAW_IMEI, '2026-11-20 23:59:50', Buffer.from(`${ROADRPA}\r\n`), { checksumOk: true }),
    frame(RAW_IMEI, '2026-11-21 00:00:10', Buffer.from(`${ROADRPA}\r\n`), { checksumOk: true }),
    frame('869867036066035', '2026-11-20 11:00:00', Buffer.from(`${EPB_AIH}\r\n`)),
  ]);
  return { vehicleId: mine.vehicleId, bhopalVehicleId: theirs.vehicleId, bhopalImei: theirs.imei };
}
