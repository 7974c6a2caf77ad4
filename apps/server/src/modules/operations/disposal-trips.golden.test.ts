/**
 * Golden: disposal trips from a deterministic track, through the real ingest pipeline and derive stage into the
 * database, then `disposalTrips` (docs/swm.md "Disposal trips and dump-yard presence"). A compactor collects, unloads
 * at the transfer station, drives past the dump yard without stopping (not a trip), unloads at the dump yard and
 * parks; a garage visit on the way is not a disposal trip either.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/helpers.ts';
import type { Fence } from '../../derive/index.ts';
import { ist, Track } from '../../derive/testing/track.ts';
import { staticDeriveContext } from '../../gateway/ingest/derive-context.ts';
import { harness, live } from '../../gateway/testing/derive-harness.ts';
import { INDORE, organisationId, seedTrackedVehicle } from '../../gateway/testing/fleet.ts';
import { disposalTrips, dumpYardPresence } from './disposal-trips.ts';

describe('disposal trips (golden, deterministic track)', () => {
  let test: TestDatabase;
  let indore: bigint;

  beforeAll(async () => {
    test = await openTestDatabase();
    indore = await organisationId(test.db, INDORE);
  });
  afterAll(async () => test?.close());

  async function fence(name: string, kind: string, at: { lat: number; lon: number }, radiusM: number) {
    const [row] = await rows<{ id: string }>(
      test.db,
      sql`insert into geofences (organisation_id, name, kind, geometry, radius_m)
          values (${indore}, ${name}, ${kind},
                  ${JSON.stringify({ type: 'Point', coordinates: [at.lon, at.lat] })}::jsonb, ${radiusM})
          returning id::text as id`,
    );
    const id = BigInt(row?.id ?? 0);
    const derived: Fence = { id: `g${id}`, type: 'circle', center: [at.lon, at.lat], radiusM };
    return { id, derived };
  }

  it('counts the transfer-station and dump-yard unloads, not the drive-by or the garage', async () => {
    const track = new Track({ startAt: ist('2026-11-24 06:00'), seed: 11 })
      .park(300)
      .drive({ bearingDeg: 90, distanceM: 2500 }, 25)
      .park(240); // a collection point: no fence
    track.drive({ bearingDeg: 0, distanceM: 1800 }, 25);
    const station = track.here;
    track.park(900).drive({ bearingDeg: 90, distanceM: 3000 }, 30);
    const yardApproach = track.here;
    // Through the dump yard's 150 m fence at 30 km/h without stopping: about 40 s inside.
    track.drive({ bearingDeg: 180, distanceM: 1500 }, 30).drive({ bearingDeg: 0, distanceM: 1500 }, 30);
    track.park(1200); // the unload at the same yard: 20 minutes
    track.drive({ bearingDeg: 270, distanceM: 2000 }, 30);
    const garage = track.here;
    const points = track.park(600).points();

    const stationFence = await fence('Golden transfer station', 'transfer-station', station, 120);
    // The yard's centre is where the drive-by turns back north and where the vehicle later stops to unload.
    const yardFence = await fence('Golden dump yard', 'dump-yard', yardApproach, 150);
    const garageFence = await fence('Golden garage', 'garage', garage, 100);
    const h = harness(
      test,
      staticDeriveContext({ fences: [stationFence.derived, yardFence.derived, garageFence.derived] }),
    );
    const truck = await seedTrackedVehicle(test.db, {
      imei: '359710049096901',
      protocol: 'ais140',
      organisationId: indore,
      registrationNumber: 'MP09GD0901',
    });
    await h.send(truck.imei, live(truck.imei, points));
    await h.close();

    const trips = await disposalTrips(test.db, {
      organisationIds: [indore],
      from: ist('2026-11-24 00:00'),
      to: ist('2026-11-25 00:00'),
      vehicleIds: [truck.vehicleId],
    });
    const golden = trips.map((t) => ({
      fence: t.geofenceName,
      kind: t.kind,
      enteredIst: new Date(new Date(t.enteredAt).getTime() + 5.5 * 3_600_000).toISOString().slice(11, 19),
      dwellMin: Math.round((t.dwellS ?? 0) / 60),
    }));
    expect(golden).toMatchInlineSnapshot(`
      [
        {
          "dwellMin": 15,
          "enteredIst": "06:19:10",
          "fence": "Golden transfer station",
          "kind": "transfer-station",
        },
        {
          "dwellMin": 21,
          "enteredIst": "06:46:09",
          "fence": "Golden dump yard",
          "kind": "dump-yard",
        },
      ]
    `);
    // Other days and other vehicles see nothing; nobody is inside a yard at the end (parked at the garage).
    expect(
      await disposalTrips(test.db, {
        organisationIds: [indore],
        from: ist('2026-11-25 00:00'),
        to: ist('2026-11-26 00:00'),
        vehicleIds: [truck.vehicleId],
      }),
    ).toEqual([]);
    const presence = await dumpYardPresence(test.db, {
      organisationIds: [indore],
      now: ist('2026-11-24 09:00'),
    });
    expect(presence.yards.flatMap((y) => y.vehicles)).toEqual([]);
  });
});
