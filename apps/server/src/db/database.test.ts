import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_NAMES } from '@civicfleet/shared';
import { openEmptyDatabase, openTestDatabase, type TestDatabase } from '../../test/helpers.ts';
import { rows } from './client.ts';
import { visibleOrganisationIds } from './organisation-scope.ts';
import { adminDivisions, organisations, roles, users } from './schema/index.ts';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.ts';
import { seedDemo } from './seed/demo.ts';
import { prepareDatabase } from './seed/index.ts';

const orgId = async (db: TestDatabase['db'], tradeName: string) => {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.tradeName, tradeName));
  if (!row) throw new Error(`no organisation ${tradeName}`);
  return row.id;
};

describe('migrations and seeding on an empty database', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await openEmptyDatabase();
  });
  afterAll(async () => empty?.close());

  it('applies the migrations, twice without harm, and seeds roles without demo data when DEMO is off', async () => {
    expect(await prepareDatabase(empty.database, { demo: false })).toEqual({ seededDemo: false });
    await empty.database.migrate();
    const tables = await rows<{ name: string }>(
      empty.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    expect(tables.map((t) => t.name)).toEqual([
      'activation_plans',
      'admin_divisions',
      'attendance',
      'audit_log',
      'commands',
      'complaint_events',
      'complaints',
      'daily_vehicle_stats',
      'device_derive_state',
      'device_latest',
      'device_models',
      'devices',
      'driver_tag_reads',
      'dump_yard_entries',
      'event_actions',
      'events',
      'files',
      'fitments',
      'forward_delivery_stats',
      'forward_queue',
      'forward_targets',
      'geocode_cache',
      'geofence_vehicles',
      'geofence_visits',
      'geofences',
      'groups',
      'items',
      'job_runs',
      'jobs',
      'mfa_challenges',
      'mfa_recovery_codes',
      'organisation_settings',
      'organisations',
      'outbox',
      'password_resets',
      'pois',
      'positions',
      'positions_default',
      'raw_logs',
      'raw_logs_default',
      'refresh_tokens',
      'report_exports',
      'report_schedules',
      'roles',
      'route_vehicles',
      'routes',
      'rtos',
      'session_step_ups',
      'share_links',
      'sim_activation_orders',
      'staff',
      'state_intervals',
      'trips',
      'unknown_devices',
      'user_mfa',
      'users',
      'vehicle_allocations',
      'vehicle_device_links',
      'vehicles',
      'wallet_transactions',
      'wallets',
    ]);
    const builtin = await empty.db.select({ name: roles.name, isBuiltin: roles.isBuiltin }).from(roles);
    expect(builtin.map((r) => r.name).sort()).toEqual([...ROLE_NAMES].sort());
    const [orgs] = await empty.db.select({ n: count() }).from(organisations);
    expect(orgs?.n).toBe(0);
  });

  it('seeds the demo data once, in one go', async () => {
    expect(await prepareDatabase(empty.database, { demo: true })).toEqual({ seededDemo: true });
    expect(await seedDemo(empty.db)).toBe(false);
    const [userCount] = await empty.db.select({ n: count() }).from(users);
    // + the Bhopal vendor's wallet holder (seed/demo-business.ts BHOPAL_VENDOR_ADMIN), seeded with the demo fleet.
    expect(userCount?.n).toBe(DEMO_ACCOUNTS.length + 1);
  });
});

describe('demo data and organisation scope', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase();
  });
  afterAll(async () => t?.close());

  it('has the organisation tree, one user per role and Indore wards', async () => {
    const tree = await t.db
      .select({ name: organisations.tradeName, kind: organisations.kind })
      .from(organisations)
      .orderBy(organisations.id);
    expect(tree).toEqual([
      { name: 'CivicFleet Platform', kind: 'PLATFORM' },
      { name: 'Narmada Telematics Pvt Ltd', kind: 'MANUFACTURER' },
      { name: 'Malwa Auto Electricals', kind: 'VENDOR' },
      { name: 'Indore Municipal Corporation', kind: 'MUNICIPAL' },
      { name: 'Narmada Fitments Bhopal', kind: 'VENDOR' },
      { name: 'Bhopal Municipal Corporation', kind: 'MUNICIPAL' },
    ]);
    const [indore] = await t.db
      .select()
      .from(organisations)
      .where(eq(organisations.tradeName, 'Indore Municipal Corporation'));
    expect(indore?.address).toMatchObject({ city: 'Indore', state: 'Madhya Pradesh', pin: '452007' });
    const phones = (await t.db.select({ phone: users.phone }).from(users)).map((u) => u.phone);
    expect(new Set(phones).size).toBe(DEMO_ACCOUNTS.length);
    expect(phones).toContain('+919000000001');
    const divisions = await t.db
      .select({ type: adminDivisions.type, n: count() })
      .from(adminDivisions)
      .groupBy(adminDivisions.type)
      .orderBy(adminDivisions.type);
    expect(divisions).toEqual([
      { type: 'CIRCLE', n: 6 },
      { type: 'WARD', n: 18 },
      { type: 'ZONE', n: 3 },
    ]);
  });

  it('visibleOrganisationIds walks the subtree', async () => {
    const platform = await orgId(t.db, 'CivicFleet Platform');
    const manufacturer = await orgId(t.db, 'Narmada Telematics Pvt Ltd');
    const vendor = await orgId(t.db, 'Malwa Auto Electricals');
    const indore = await orgId(t.db, 'Indore Municipal Corporation');
    const bhopalVendor = await orgId(t.db, 'Narmada Fitments Bhopal');
    const bhopal = await orgId(t.db, 'Bhopal Municipal Corporation');
    const sorted = (ids: bigint[]) => [...ids].sort((a, b) => (a < b ? -1 : 1));
    expect(sorted(await visibleOrganisationIds(t.db, vendor))).toEqual([vendor, indore]);
    expect(await visibleOrganisationIds(t.db, indore)).toEqual([indore]);
    expect(sorted(await visibleOrganisationIds(t.db, manufacturer))).toEqual([
      manufacturer,
      vendor,
      indore,
      bhopalVendor,
      bhopal,
    ]);
    expect(await visibleOrganisationIds(t.db, platform)).toHaveLength(6);
    // A deleted organisation hides its subtree.
    await t.db.update(organisations).set({ deleted: true }).where(eq(organisations.id, bhopalVendor));
    expect(sorted(await visibleOrganisationIds(t.db, manufacturer))).toEqual([manufacturer, vendor, indore]);
    await t.db.update(organisations).set({ deleted: false }).where(eq(organisations.id, bhopalVendor));
  });

  it('stores e-mails uniquely regardless of case', async () => {
    const [admin] = await t.db.select().from(users).limit(1);
    if (!admin) throw new Error('no users');
    const { id: _id, ...copy } = admin;
    await expect(
      t.db
        .insert(users)
        .values({ ...copy, email: admin.email?.toUpperCase() ?? null, phone: '+919999999999' }),
    ).rejects.toThrow();
  });
});
