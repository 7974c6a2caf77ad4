/**
 * SWM demo data (issue 7, docs/swm.md), seeded with the demo fleet inside seedDemo's transaction:
 * - two CONTRACTOR organisations under Indore Municipal Corporation operating the demo vehicles (split by the
 *   simulator's zone: Rajwada and Annapurna vehicles → Swachh Malwa, Palasia and Vijay Nagar → Narmada Enviro);
 * - staff: each vehicle's crew with the RFID cards the simulator swipes (tools/simulator fleet/crew.ts: a driver,
 *   a helper on tippers and compactors, a relief driver on two vehicles) in its contractor, on the vehicle's ward;
 *   per ward three sweepers and a supervisor of the corporation;
 * - one route per vehicle = its beat (fleet/beat.ts: road path, ordered collection points as checkpoints, 60 m
 *   corridor) and a daily recurring job on it in the vehicle's IST shift, expecting the disposal trips the shift makes;
 * - a few complaints at real Indore places (open, assigned, resolved, reopened, one overdue) with their timelines;
 * - dump-yard operator entries at the Devguradia trenching ground for yesterday and today.
 * The only seed module besides demo-fleet.ts that imports @civicfleet/simulator (eslint.config.js boundary).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  DISPOSAL_TRIPS_PER_SHIFT,
  istShiftOf,
  vehicleBeat,
  vehicleCrew,
  type CrewMember,
} from '@civicfleet/simulator';
import { complaintSlaHours, type ComplaintCategory } from '@civicfleet/shared';
import { addDays, istToday } from '../../modules/fitment/fitment-dates.ts';
import { rows, type Db } from '../client.ts';
import {
  adminDivisions,
  complaintEvents,
  complaints,
  dumpYardEntries,
  geofences,
  jobs,
  organisations,
  routes,
  routeVehicles,
  staff,
  vehicles,
  type OrganisationAddress,
} from '../schema/index.ts';
import { demoFleetVehicles } from './demo-fleet.ts';
import { indoreWardGeometry } from './indore-ward-geometry.ts';

const HOUR_MS = 3_600_000;
/** Corridor either side of a beat's path (m): a lane's width plus GNSS scatter. */
export const DEMO_ROUTE_CORRIDOR_M = 60;
const SWEEPERS_PER_WARD = 3;

const address = (pin: string, landmark: string): OrganisationAddress => ({
  country: 'India',
  state: 'Madhya Pradesh',
  city: 'Indore',
  pin,
  landmark,
});

/** The contractors; `zones` are the simulator zones whose vehicles each one operates. */
export const DEMO_CONTRACTORS = [
  {
    tradeName: 'Swachh Malwa Services Pvt Ltd',
    brandName: 'Swachh Malwa',
    email: 'ops@swachhmalwa.in',
    contact: '+917314001100',
    address: address('452002', 'Jawahar Marg'),
    gst: '23AAKCS4321M1Z3',
    zones: ['central', 'southwest'],
  },
  {
    tradeName: 'Narmada Enviro Solutions LLP',
    brandName: 'Narmada Enviro',
    email: 'fleet@narmadaenviro.in',
    contact: '+917314002200',
    address: address('452010', 'Scheme 54, Vijay Nagar'),
    gst: '23AAQFN7788P1Z6',
    zones: ['east', 'north'],
  },
] as const;

/** Complaints at real Indore places; `hoursAgo` = when raised; the status steps taken after. */
const COMPLAINTS: ReadonlyArray<{
  category: ComplaintCategory;
  lat: number;
  lon: number;
  address: string;
  description: string;
  citizen: [string, string];
  hoursAgo: number;
  steps: ReadonlyArray<'assign' | 'resolve' | 'reopen'>;
}> = [
  {
    category: 'garbage-not-collected',
    lat: 22.7193,
    lon: 75.8582,
    address: 'Sarafa Bazaar, near Rajwada',
    description: 'Night market waste lying on the road since morning.',
    citizen: ['Anjali Joshi', '+919826012345'],
    hoursAgo: 3,
    steps: [],
  },
  {
    category: 'overflowing-bin',
    lat: 22.7238,
    lon: 75.8462,
    address: 'Malharganj Sabzi Mandi gate',
    description: 'Community bin overflowing, cattle feeding on it.',
    citizen: ['Farhan Qureshi', '+919893023456'],
    hoursAgo: 5,
    steps: ['assign'],
  },
  {
    category: 'vehicle-not-arrived',
    lat: 22.7519,
    lon: 75.8951,
    address: 'Vijay Nagar Sector A, behind C21 Mall',
    description: 'Door-to-door vehicle did not come to our lane today.',
    citizen: ['Pooja Agrawal', '+919425034567'],
    hoursAgo: 9,
    steps: [],
  },
  {
    category: 'sweeping-not-done',
    lat: 22.7249,
    lon: 75.8841,
    address: 'Palasia Square, AB Road service lane',
    description: 'Service lane not swept for two days.',
    citizen: ['Harish Tiwari', '+919300045678'],
    hoursAgo: 20,
    steps: ['assign', 'resolve'],
  },
  {
    category: 'drain-blocked',
    lat: 22.6885,
    lon: 75.8672,
    address: 'Bhanwarkuan Square, near the hostels',
    description: 'Roadside drain blocked with plastic.',
    citizen: ['Nikhil Patidar', '+919755056789'],
    hoursAgo: 30,
    steps: ['assign'],
  },
  {
    category: 'garbage-vulnerable-point',
    lat: 22.701,
    lon: 75.8416,
    address: 'Annapurna Mandir road corner',
    description: 'Garbage dumped again at the corner after cleaning.',
    citizen: ['Seema Vyas', '+919827067890'],
    hoursAgo: 26,
    steps: ['assign', 'resolve', 'reopen'],
  },
  {
    category: 'dead-animal',
    lat: 22.7142,
    lon: 75.8478,
    address: 'Gangwal Bus Stand, Jawahar Marg side',
    description: 'Dead dog near the bus stand entrance.',
    citizen: ['Rahul Choudhary', '+918871078901'],
    hoursAgo: 40,
    steps: ['resolve'],
  },
];

interface DemoVehicleRow {
  index: number;
  vehicleId: bigint;
  label: string;
  registrationNumber: string;
  zoneId: bigint | null;
  circleId: bigint | null;
  wardId: bigint | null;
}

interface WardRow {
  id: bigint;
  code: string | null;
  name: string;
  circleId: bigint | null;
  zoneId: bigint | null;
}

export interface DemoSwmSummary {
  contractors: number;
  staff: number;
  routes: number;
  jobs: number;
  complaints: number;
  dumpYardEntries: number;
}

/** Seeds the SWM demo data for the Indore organisation (its demo fleet must be registered already). */
export async function seedDemoSwm(
  db: Db,
  args: { organisationId: bigint; now: Date },
): Promise<DemoSwmSummary> {
  const { organisationId, now } = args;
  const fleet = await demoVehicles(db, organisationId);
  const wards = await wardsOf(db, organisationId);

  const contractorIds: bigint[] = [];
  for (const contractor of DEMO_CONTRACTORS) {
    const { zones: _zones, ...values } = contractor;
    const [row] = await db
      .insert(organisations)
      .values({ ...values, kind: 'CONTRACTOR', parentId: organisationId, isOnboarded: true })
      .returning({ id: organisations.id });
    if (!row) throw new Error('contractor insert returned no row');
    contractorIds.push(row.id);
  }

  let staffCount = 0;
  const today = istToday(now);
  const demo = demoFleetVehicles();
  for (const vehicle of fleet) {
    const spec = demo[vehicle.index];
    if (!spec) continue;
    const beat = vehicleBeat(vehicle.index, spec.kind);
    const contractorIndex = DEMO_CONTRACTORS.findIndex((c) =>
      (c.zones as readonly string[]).includes(beat.zone),
    );
    const contractorId = contractorIds[Math.max(0, contractorIndex)] ?? organisationId;
    await db
      .update(vehicles)
      .set({ contractorOrganisationId: contractorId })
      .where(eq(vehicles.id, vehicle.vehicleId));

    const crew = vehicleCrew(vehicle.index, spec.imei, spec.kind);
    const members = [crew.driver, crew.helper, crew.relief].filter((m): m is CrewMember => m !== null);
    await db.insert(staff).values(
      members.map((m, i) => ({
        organisationId: contractorId,
        name: m.name,
        phone: m.phone,
        role: m.role,
        zoneId: vehicle.zoneId,
        circleId: vehicle.circleId,
        wardId: vehicle.wardId,
        tagId: m.tag,
        licenceNo: m.licenceNo,
        licenceValidUntil:
          m.licenceNo === null ? null : addDays(today, 400 + ((vehicle.index * 7 + i) % 9) * 180),
      })),
    );
    staffCount += members.length;

    const [route] = await db
      .insert(routes)
      .values({
        organisationId,
        name: `Beat ${spec.label} (${spec.registrationNumber})`,
        path: { type: 'LineString', coordinates: beat.path.map((p) => [round6(p.lon), round6(p.lat)]) },
        corridorM: DEMO_ROUTE_CORRIDOR_M,
        checkpoints: beat.points.map((p) => ({ name: p.name, lat: p.lat, lon: p.lon, poiId: null })),
      })
      .returning({ id: routes.id });
    if (!route) throw new Error('route insert returned no row');
    await db.insert(routeVehicles).values({ routeId: route.id, vehicleId: vehicle.vehicleId });
    const shift = istShiftOf(vehicle.index, spec.kind);
    await db.insert(jobs).values({
      organisationId,
      name: `${spec.label} shift`,
      scheduleType: 'Recurring',
      recurrence: 'daily',
      startDate: today,
      startTime: hhmm(shift.startMinuteIst),
      endTime: hhmm(shift.startMinuteIst + shift.durationMin),
      vehicleId: vehicle.vehicleId,
      routeId: route.id,
      expectedTrips: DISPOSAL_TRIPS_PER_SHIFT[spec.kind],
    });
  }

  // Sweepers and a supervisor per ward, employed by the corporation (no cards: marked by their supervisor).
  const people = wards.flatMap((ward, w) => [
    ...Array.from({ length: SWEEPERS_PER_WARD }, (_, i) => ({
      ward,
      role: 'sweeper' as const,
      n: w * 10 + i,
    })),
    { ward, role: 'supervisor' as const, n: w * 10 + 9 },
  ]);
  const insertedPeople = await db
    .insert(staff)
    .values(
      people.map(({ ward, role, n }) => ({
        organisationId,
        name: personName(n, role),
        phone: `+9198${String(26_100_000 + n * 7919).padStart(8, '0')}`,
        role,
        zoneId: ward.zoneId,
        circleId: ward.circleId,
        wardId: ward.id,
      })),
    )
    .returning({ id: staff.id, wardId: staff.wardId, role: staff.role });
  staffCount += insertedPeople.length;

  const complaintCount = await seedComplaints(db, { organisationId, now, wards, people: insertedPeople });
  const entries = await seedDumpYardEntries(db, { organisationId, now, fleet });
  return {
    contractors: contractorIds.length,
    staff: staffCount,
    routes: fleet.length,
    jobs: fleet.length,
    complaints: complaintCount,
    dumpYardEntries: entries,
  };
}

async function demoVehicles(db: Db, organisationId: bigint): Promise<DemoVehicleRow[]> {
  const demo = demoFleetVehicles();
  const rows = await db
    .select({
      id: vehicles.id,
      registrationNumber: vehicles.registrationNumber,
      zoneId: vehicles.zoneId,
      circleId: vehicles.circleId,
      wardId: vehicles.wardId,
    })
    .from(vehicles)
    .where(
      and(
        eq(vehicles.organisationId, organisationId),
        inArray(
          vehicles.registrationNumber,
          demo.map((v) => v.registrationNumber),
        ),
      ),
    );
  const byRegistration = new Map(rows.map((r) => [r.registrationNumber, r]));
  return demo.flatMap((spec, index) => {
    const row = byRegistration.get(spec.registrationNumber);
    return row
      ? [
          {
            index,
            vehicleId: row.id,
            label: spec.label,
            registrationNumber: spec.registrationNumber,
            zoneId: row.zoneId,
            circleId: row.circleId,
            wardId: row.wardId,
          },
        ]
      : [];
  });
}

async function wardsOf(db: Db, organisationId: bigint): Promise<WardRow[]> {
  const rows = await db
    .select({
      id: adminDivisions.id,
      type: adminDivisions.type,
      code: adminDivisions.code,
      name: adminDivisions.name,
      parentId: adminDivisions.parentId,
    })
    .from(adminDivisions)
    .where(eq(adminDivisions.organisationId, organisationId))
    .orderBy(asc(adminDivisions.code), asc(adminDivisions.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows
    .filter((r) => r.type === 'WARD')
    .map((w) => {
      const circle = w.parentId === null ? undefined : byId.get(w.parentId);
      const zone = circle?.parentId === null || circle === undefined ? undefined : byId.get(circle.parentId);
      return {
        id: w.id,
        code: w.code,
        name: w.name,
        circleId: circle?.type === 'CIRCLE' ? circle.id : null,
        zoneId: zone?.type === 'ZONE' ? zone.id : null,
      };
    });
}

/** The ward whose boundary holds the point, else the one with the nearest boundary vertex. */
export function wardAt(wards: readonly WardRow[], lat: number, lon: number): WardRow | null {
  const geometry = indoreWardGeometry();
  let nearest: { ward: WardRow; d: number } | null = null;
  for (const ward of wards) {
    const ring = ward.code === null ? undefined : geometry.get(ward.code)?.coordinates[0];
    if (!ring) continue;
    if (insideRing(ring, lon, lat)) return ward;
    for (const [x = 0, y = 0] of ring) {
      const d = (x - lon) ** 2 + (y - lat) ** 2;
      if (nearest === null || d < nearest.d) nearest = { ward, d };
    }
  }
  return nearest?.ward ?? null;
}

function insideRing(ring: readonly number[][], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

async function seedComplaints(
  db: Db,
  args: {
    organisationId: bigint;
    now: Date;
    wards: readonly WardRow[];
    people: ReadonlyArray<{ id: bigint; wardId: bigint | null; role: string }>;
  },
): Promise<number> {
  const { organisationId, now, wards, people } = args;
  for (const seed of COMPLAINTS) {
    const ward = wardAt(wards, seed.lat, seed.lon);
    const raisedAt = new Date(now.getTime() - seed.hoursAgo * HOUR_MS);
    const slaHours = complaintSlaHours(seed.category);
    const assignee =
      people.find((p) => p.wardId === ward?.id && p.role === 'supervisor') ??
      people.find((p) => p.role === 'supervisor');
    const timeline: Array<{
      at: Date;
      action: string;
      note: string | null;
      attrs?: Record<string, unknown>;
    }> = [{ at: raisedAt, action: 'raise', note: null }];
    let status: 'open' | 'assigned' | 'resolved' | 'reopened' = 'open';
    let assignedAt: Date | null = null;
    let resolvedAt: Date | null = null;
    let dueAt = new Date(raisedAt.getTime() + slaHours * HOUR_MS);
    let reopenCount = 0;
    seed.steps.forEach((step, i) => {
      const at = new Date(raisedAt.getTime() + ((i + 1) * seed.hoursAgo * HOUR_MS) / (seed.steps.length + 2));
      if (step === 'assign') {
        status = 'assigned';
        assignedAt = at;
        timeline.push({
          at,
          action: 'assign',
          note: 'Ward supervisor to attend.',
          attrs: { staffId: String(assignee?.id) },
        });
      } else if (step === 'resolve') {
        status = 'resolved';
        resolvedAt = at;
        timeline.push({ at, action: 'resolve', note: 'Cleared by the ward team.' });
      } else {
        status = 'reopened';
        resolvedAt = null;
        reopenCount++;
        dueAt = new Date(at.getTime() + slaHours * HOUR_MS);
        timeline.push({ at, action: 'reopen', note: 'Citizen reports garbage dumped again.' });
      }
    });
    const [row] = await db
      .insert(complaints)
      .values({
        organisationId,
        category: seed.category,
        description: seed.description,
        wardId: ward?.id ?? null,
        lat: seed.lat,
        lon: seed.lon,
        address: seed.address,
        citizenName: seed.citizen[0],
        citizenPhone: seed.citizen[1],
        status,
        slaHours,
        dueAt,
        assignedStaffId: assignedAt === null ? null : (assignee?.id ?? null),
        assignedAt,
        resolvedAt,
        resolutionNote: resolvedAt === null ? null : 'Cleared by the ward team.',
        reopenCount,
        createdAt: raisedAt,
        updatedAt: timeline.at(-1)?.at ?? raisedAt,
      })
      .returning({ id: complaints.id });
    if (!row) throw new Error('complaint insert returned no row');
    await db.insert(complaintEvents).values(
      timeline.map((e) => ({
        complaintId: row.id,
        at: e.at,
        action: e.action,
        note: e.note,
        attrs: e.attrs ?? null,
      })),
    );
  }
  return COMPLAINTS.length;
}

/**
 * Operator entries at the trenching ground: tippers and compactors yesterday morning and today (only those before
 * now). A fresh demo database has no GPS before its first start, so these show as entries without GPS presence
 * until the simulator's own visits accumulate; one entry is marked as written from the paper register.
 */
async function seedDumpYardEntries(
  db: Db,
  args: { organisationId: bigint; now: Date; fleet: readonly DemoVehicleRow[] },
): Promise<number> {
  const [yard] = await db
    .select({ id: geofences.id })
    .from(geofences)
    .where(and(eq(geofences.organisationId, args.organisationId), eq(geofences.kind, 'dump-yard')))
    .limit(1);
  if (!yard) return 0;
  const demo = demoFleetVehicles();
  const haulers = args.fleet.filter((v) => demo[v.index]?.kind !== 'd2d').slice(0, 6);
  const today = istToday(args.now);
  const rows = haulers.flatMap((vehicle, i) => {
    const day = i < 4 ? addDays(today, -1) : today;
    const enteredAt = new Date(`${day}T${hhmm(7 * 60 + 10 + i * 23)}:00+05:30`);
    if (enteredAt.getTime() > args.now.getTime() - HOUR_MS) return [];
    const grossKg = 9_800 + ((vehicle.index * 613) % 3_400);
    return [
      {
        organisationId: args.organisationId,
        geofenceId: yard.id,
        vehicleId: vehicle.vehicleId,
        enteredAt,
        exitedAt: new Date(enteredAt.getTime() + (14 + i) * 60_000),
        grossKg,
        tareKg: 6_150 + ((vehicle.index * 97) % 600),
        ticketNo: `DG-${day.replaceAll('-', '')}-${String(101 + i)}`,
        source: 'operator',
        note: i === 3 ? 'Entered from the gate register (weighbridge offline).' : null,
      },
    ];
  });
  if (rows.length > 0) await db.insert(dumpYardEntries).values(rows);
  return rows.length;
}

const FIRST = [
  'Kamla',
  'Shanti',
  'Laxmi',
  'Radha',
  'Gita',
  'Babulal',
  'Ramprasad',
  'Heeralal',
  'Munna',
  'Kanhaiya',
];
const LAST = ['Valmiki', 'Bamniya', 'Chouhan', 'Malviya', 'Solanki', 'Parmar', 'Kanojia', 'Verma'];

function personName(n: number, role: 'sweeper' | 'supervisor'): string {
  const first =
    role === 'supervisor'
      ? ['Arvind', 'Sudhir', 'Neelam', 'Vandana', 'Praveen'][n % 5]
      : FIRST[n % FIRST.length];
  return `${first ?? 'Ram'} ${LAST[(n * 3 + 1) % LAST.length] ?? 'Verma'}`;
}

/**
 * In the on-duty demo the simulator puts every vehicle on a shift that began shortly before the server started, not
 * on its IST shift; moving the demo jobs (on the seeded "Beat …" routes) to the shift the simulator runs makes the
 * vehicle jobs, SLA compliance and coverage describe what the demo fleet really does. Returns the jobs updated.
 */
export async function alignDemoJobsToShifts(
  db: Db,
  shifts: ReadonlyArray<{ imei: string; startMinuteIst: number; durationMin: number }>,
): Promise<number> {
  if (shifts.length === 0) return 0;
  const values = sql.join(
    shifts.map((s) => sql`(${s.imei}, ${hhmm(s.startMinuteIst)}, ${hhmm(s.startMinuteIst + s.durationMin)})`),
    sql`, `,
  );
  const updated = await rows<{ id: string }>(
    db,
    sql`
    update jobs j set start_time = v.start_time, end_time = v.end_time, updated_at = now()
    from (values ${values}) as v(imei, start_time, end_time), devices d, vehicle_device_links l, routes r
    where d.imei = v.imei and l.device_id = d.id and l.unlinked_at is null and j.vehicle_id = l.vehicle_id
      and r.id = j.route_id and r.name like 'Beat %' and not j.deleted
      and (j.start_time <> v.start_time or j.end_time <> v.end_time)
    returning j.id::text as id`,
  );
  return updated.length;
}

function hhmm(minuteOfDay: number): string {
  const m = ((minuteOfDay % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;
