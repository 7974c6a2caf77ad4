/**
 * The SWM demo seed on an empty database: contractors operating the demo fleet, crews with the simulator's cards,
 * ward staff, one beat route and daily job per vehicle, complaints in every status, dump-yard operator entries.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crewTags,
  DISPOSAL_TRIPS_PER_SHIFT,
  istShiftOf,
  vehicleBeat,
  vehicleCrew,
} from '@civicfleet/simulator';
import { openEmptyDatabase, type TestDatabase } from '../../../test/helpers.ts';
import { INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import {
  adminDivisions,
  complaintEvents,
  complaints,
  dumpYardEntries,
  jobs,
  organisations,
  routes,
  routeVehicles,
  staff,
  vehicles,
} from '../schema/index.ts';
import { demoFleetVehicles } from './demo-fleet.ts';
import { alignDemoJobsToShifts, DEMO_CONTRACTORS, DEMO_ROUTE_CORRIDOR_M } from './demo-swm.ts';
import { prepareDatabase } from './index.ts';

describe('SWM demo seed', () => {
  let t: TestDatabase;
  let indore: bigint;
  const fleet = demoFleetVehicles();

  beforeAll(async () => {
    t = await openEmptyDatabase();
    expect(await prepareDatabase(t.database, { demo: true })).toEqual({ seededDemo: true });
    indore = await organisationId(t.db, INDORE);
  }, 120_000);
  afterAll(async () => t?.close());

  const demoVehicles = () =>
    t.db
      .select({
        id: vehicles.id,
        registrationNumber: vehicles.registrationNumber,
        contractor: vehicles.contractorOrganisationId,
        wardId: vehicles.wardId,
      })
      .from(vehicles)
      .where(eq(vehicles.organisationId, indore));

  it('splits the demo fleet between two contractors of the corporation', async () => {
    const contractors = await t.db
      .select({ id: organisations.id, parentId: organisations.parentId, tradeName: organisations.tradeName })
      .from(organisations)
      .where(eq(organisations.kind, 'CONTRACTOR'));
    expect(contractors.map((c) => c.tradeName).sort()).toEqual(
      DEMO_CONTRACTORS.map((c) => c.tradeName).sort(),
    );
    expect(contractors.every((c) => c.parentId === indore)).toBe(true);
    const rows = await demoVehicles();
    expect(rows).toHaveLength(fleet.length);
    for (const contractor of contractors) {
      const operated = rows.filter((r) => r.contractor === contractor.id).length;
      expect(operated).toBeGreaterThan(15);
    }
    expect(rows.every((r) => r.contractor !== null)).toBe(true);
  });

  it('registers every crew card the simulator swipes, in the vehicle’s contractor and ward, with licences', async () => {
    const rows = await demoVehicles();
    const byRegistration = new Map(rows.map((r) => [r.registrationNumber, r]));
    const people = await t.db.select().from(staff).where(eq(staff.deleted, false));
    const byTag = new Map(people.filter((p) => p.tagId !== null).map((p) => [p.tagId, p]));
    fleet.forEach((spec, index) => {
      const crew = vehicleCrew(index, spec.imei, spec.kind);
      const vehicle = byRegistration.get(spec.registrationNumber);
      for (const tag of crewTags(crew)) {
        const person = byTag.get(tag);
        expect(person?.organisationId).toBe(vehicle?.contractor);
        expect(person?.wardId).toBe(vehicle?.wardId);
      }
      const driver = byTag.get(crew.driver.tag);
      expect(driver).toMatchObject({
        role: 'driver',
        name: crew.driver.name,
        licenceNo: crew.driver.licenceNo,
      });
      expect(driver?.licenceValidUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (crew.helper) expect(byTag.get(crew.helper.tag)?.role).toBe('helper');
    });
    const wards = await t.db
      .select({ id: adminDivisions.id })
      .from(adminDivisions)
      .where(and(eq(adminDivisions.organisationId, indore), eq(adminDivisions.type, 'WARD')));
    for (const ward of wards) {
      const inWard = people.filter((p) => p.wardId === ward.id && p.organisationId === indore);
      expect(inWard.filter((p) => p.role === 'sweeper')).toHaveLength(3);
      expect(inWard.filter((p) => p.role === 'supervisor')).toHaveLength(1);
    }
  });

  it('gives each vehicle its beat as a route and a daily job in its IST shift', async () => {
    const rows = await demoVehicles();
    const byRegistration = new Map(rows.map((r) => [r.registrationNumber, r]));
    const seeded = await t.db
      .select({ route: routes, job: jobs, vehicleId: routeVehicles.vehicleId })
      .from(jobs)
      .innerJoin(routes, eq(routes.id, jobs.routeId))
      .innerJoin(
        routeVehicles,
        and(eq(routeVehicles.routeId, routes.id), eq(routeVehicles.vehicleId, jobs.vehicleId)),
      )
      .where(eq(jobs.organisationId, indore));
    expect(seeded).toHaveLength(fleet.length);
    fleet.forEach((spec, index) => {
      const vehicleId = byRegistration.get(spec.registrationNumber)?.id;
      const row = seeded.find((s) => s.vehicleId === vehicleId);
      const beat = vehicleBeat(index, spec.kind);
      expect(row?.route.corridorM).toBe(DEMO_ROUTE_CORRIDOR_M);
      expect(row?.route.checkpoints.map((c) => c.name)).toEqual(beat.points.map((p) => p.name));
      const coordinates = (row?.route.path as { coordinates?: number[][] } | undefined)?.coordinates ?? [];
      expect(coordinates.length).toBeGreaterThan(beat.points.length);
      const shift = istShiftOf(index, spec.kind);
      const start = `${String(Math.floor(shift.startMinuteIst / 60)).padStart(2, '0')}:${String(shift.startMinuteIst % 60).padStart(2, '0')}`;
      expect(row?.job).toMatchObject({
        scheduleType: 'Recurring',
        recurrence: 'daily',
        startTime: start,
        expectedTrips: DISPOSAL_TRIPS_PER_SHIFT[spec.kind],
      });
    });
    expect(seeded.find((s) => s.job.startTime === '06:00')?.job.endTime).toMatch(/^1[34]:00$/);
  });

  it('raises complaints in wards in every status, one overdue, each with its timeline', async () => {
    const rows = await t.db.select().from(complaints).where(eq(complaints.organisationId, indore));
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['open', 'assigned', 'resolved', 'reopened']));
    expect(rows.every((r) => r.wardId !== null)).toBe(true);
    const now = Date.now();
    expect(rows.some((r) => r.status !== 'resolved' && r.dueAt.getTime() < now)).toBe(true);
    expect(rows.filter((r) => r.status === 'assigned').every((r) => r.assignedStaffId !== null)).toBe(true);
    for (const row of rows) {
      const events = await t.db.select().from(complaintEvents).where(eq(complaintEvents.complaintId, row.id));
      expect(events[0]?.action).toBe('raise');
    }
  });

  it('records dump-yard operator entries, one from the paper register', async () => {
    const rows = await t.db
      .select()
      .from(dumpYardEntries)
      .where(and(eq(dumpYardEntries.organisationId, indore), eq(dumpYardEntries.deleted, false)));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.enteredAt.getTime() < Date.now() && (r.grossKg ?? 0) > (r.tareKg ?? 0))).toBe(
      true,
    );
    const noted = await t.db
      .select({ id: dumpYardEntries.id })
      .from(dumpYardEntries)
      .where(
        and(
          eq(dumpYardEntries.organisationId, indore),
          ne(dumpYardEntries.note, ''),
          isNull(dumpYardEntries.recordedBy),
        ),
      );
    expect(noted.length).toBeGreaterThanOrEqual(1);
  });

  it('moves the demo jobs to the shifts the on-duty simulator runs, and only those', async () => {
    const [first, second] = fleet;
    if (!first || !second) throw new Error('demo fleet too small');
    const shifts = [
      { imei: first.imei, startMinuteIst: 19 * 60 + 35, durationMin: 8 * 60 },
      { imei: second.imei, startMinuteIst: 23 * 60, durationMin: 7 * 60 },
    ];
    expect(await alignDemoJobsToShifts(t.db, shifts)).toBe(2);
    expect(await alignDemoJobsToShifts(t.db, shifts)).toBe(0);
    const windows = await t.db
      .select({ registrationNumber: vehicles.registrationNumber, start: jobs.startTime, end: jobs.endTime })
      .from(jobs)
      .innerJoin(vehicles, eq(vehicles.id, jobs.vehicleId))
      .where(and(eq(vehicles.organisationId, indore), eq(jobs.deleted, false)));
    const byRegistration = new Map(windows.map((w) => [w.registrationNumber, `${w.start}-${w.end}`]));
    expect(byRegistration.get(first.registrationNumber)).toBe('19:35-03:35');
    expect(byRegistration.get(second.registrationNumber)).toBe('23:00-06:00');
  });
});
