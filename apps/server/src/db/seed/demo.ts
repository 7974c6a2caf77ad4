/**
 * Demo data for an empty database (DEMO on): the organisation tree, Indore's zones/circles/wards (wards with
 * boundaries: indore-ward-geometry.ts), its geofences (indore-geofences.ts: dump yard, transfer stations, depots,
 * collection points), one sign-in per role (demo-accounts.ts), the tracker catalogue with TAC numbers
 * (demo-device-models.ts) and the demo fleet (demo-fleet.ts: 50 Indore vehicles with trackers, unless `fleet: false`).
 * Runs in one transaction and only when there are no organisations yet.
 */
import { count, eq } from 'drizzle-orm';
import type { OrganisationKind } from '@civicfleet/shared';
import { hashPassword } from '../../modules/auth/password.ts';
import type { Db } from '../client.ts';
import {
  adminDivisions,
  organisations,
  users,
  type AdminDivisionType,
  type OrganisationAddress,
} from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoOrgKey } from './demo-accounts.ts';
import { seedDemoDeviceModels } from './demo-device-models.ts';
import { seedDemoFleet } from './demo-fleet.ts';
import { seedDemoBusiness } from './demo-business.ts';
import { seedDemoSimOrders } from './demo-sim-orders.ts';
import { seedDemoSwm } from './demo-swm.ts';
import { DEMO_INDORE, seedIndoreGeography } from './demo-geography.ts';
import { INDORE_DIVISIONS, type DivisionSeed } from './indore-divisions.ts';
import { indoreWardGeometry } from './indore-ward-geometry.ts';
import { ensureBuiltinRoles } from './roles.ts';

interface OrgSeed {
  key: DemoOrgKey;
  parent: DemoOrgKey | null;
  kind: OrganisationKind;
  tradeName: string;
  brandName: string;
  email: string;
  contact: string;
  address: OrganisationAddress;
  gst: string | null;
}

const mp = (city: string, pin: string, landmark: string): OrganisationAddress => ({
  country: 'India',
  state: 'Madhya Pradesh',
  city,
  pin,
  landmark,
});

const ORGS: OrgSeed[] = [
  {
    key: 'platform',
    parent: null,
    kind: 'PLATFORM',
    tradeName: 'CivicFleet Platform',
    brandName: 'CivicFleet',
    email: 'ops@civicfleet.in',
    contact: '+917314000100',
    address: mp('Indore', '452010', 'Vijay Nagar'),
    gst: null,
  },
  {
    key: 'manufacturer',
    parent: 'platform',
    kind: 'MANUFACTURER',
    tradeName: 'Narmada Telematics Pvt Ltd',
    brandName: 'Narmada Telematics',
    email: 'sales@narmadatelematics.in',
    contact: '+917314000200',
    address: mp('Indore', '452015', 'Sector F, Sanwer Road Industrial Area'),
    gst: '23AAACN1234F1Z5',
  },
  {
    key: 'vendor',
    parent: 'manufacturer',
    kind: 'VENDOR',
    tradeName: 'Malwa Auto Electricals',
    brandName: 'Malwa Auto',
    email: 'service@malwaauto.in',
    contact: '+917314000300',
    address: mp('Indore', '452001', 'Siyaganj'),
    gst: '23ABCFM5678K1Z2',
  },
  {
    key: 'indore',
    parent: 'vendor',
    kind: 'MUNICIPAL',
    tradeName: DEMO_INDORE.tradeName,
    brandName: 'IMC Swachh Indore',
    email: DEMO_INDORE.email,
    contact: '+917312535555',
    address: mp('Indore', '452007', 'Shivaji Market, M.G. Road'),
    gst: null,
  },
  {
    key: 'bhopalVendor',
    parent: 'manufacturer',
    kind: 'VENDOR',
    tradeName: 'Narmada Fitments Bhopal',
    brandName: 'Narmada Fitments',
    email: 'bhopal@narmadafitments.in',
    contact: '+917554000400',
    address: mp('Bhopal', '462011', 'Govindpura Industrial Area'),
    gst: '23AADCN9012L1Z8',
  },
  {
    key: 'bhopal',
    parent: 'bhopalVendor',
    kind: 'MUNICIPAL',
    tradeName: 'Bhopal Municipal Corporation',
    brandName: 'BMC Bhopal',
    email: 'swm@bmcbhopal.org',
    contact: '+917552542222',
    address: mp('Bhopal', '462001', 'Mata Mandir, TT Nagar'),
    gst: null,
  },
];

const LEVELS: AdminDivisionType[] = ['ZONE', 'CIRCLE', 'WARD'];

async function insertDivisions(
  db: Db,
  organisationId: bigint,
  seeds: DivisionSeed[],
  level: number,
  parentId: bigint | null,
  /** Ward code → GeoJSON boundary. */
  wardGeometry: ReadonlyMap<string, Record<string, unknown>>,
): Promise<void> {
  const type = LEVELS[level];
  if (!type) return;
  for (const seed of seeds) {
    const geometry = type === 'WARD' ? (wardGeometry.get(seed.code) ?? null) : null;
    const [row] = await db
      .insert(adminDivisions)
      .values({ organisationId, type, name: seed.name, code: seed.code, parentId, geometry })
      .returning({ id: adminDivisions.id });
    if (!row) throw new Error('admin division insert returned no row');
    await insertDivisions(db, organisationId, seed.children ?? [], level + 1, row.id, wardGeometry);
  }
}

export async function hasOrganisations(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(organisations);
  return (row?.n ?? 0) > 0;
}

/** Whether the demo sign-ins exist (the start-up banner lists them only then). */
export async function hasDemoAccounts(db: Db): Promise<boolean> {
  const first = DEMO_ACCOUNTS[0];
  if (!first) return false;
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, first.email)).limit(1);
  return row !== undefined;
}

/** Seeds the demo data when the database has no organisations; returns whether it did. */
export async function seedDemo(db: Db, options: { fleet?: boolean } = {}): Promise<boolean> {
  // Hash outside the transaction: scrypt is slow and PGlite has a single connection.
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  return db.transaction(async (tx) => {
    if (await hasOrganisations(tx)) return false;
    const roleIds = await ensureBuiltinRoles(tx);
    const orgIds = new Map<DemoOrgKey, bigint>();
    for (const org of ORGS) {
      const parentId = org.parent ? (orgIds.get(org.parent) ?? null) : null;
      const { key: _key, parent: _parent, ...values } = org;
      const [row] = await tx
        .insert(organisations)
        .values({ ...values, parentId, isOnboarded: true })
        .returning({ id: organisations.id });
      if (!row) throw new Error('organisation insert returned no row');
      orgIds.set(org.key, row.id);
    }
    const manufacturerId = orgIds.get('manufacturer');
    if (manufacturerId !== undefined) await seedDemoDeviceModels(tx, manufacturerId);
    const indoreId = orgIds.get('indore');
    if (indoreId !== undefined) {
      await insertDivisions(tx, indoreId, INDORE_DIVISIONS, 0, null, indoreWardGeometry());
      await seedIndoreGeography(tx, indoreId);
    }
    const inserted = await tx
      .insert(users)
      .values(
        DEMO_ACCOUNTS.map((account, index) => {
          const roleId = roleIds.get(account.role);
          const organisationId = orgIds.get(account.org);
          const passwordHash = hashes[index];
          if (roleId === undefined || organisationId === undefined || passwordHash === undefined) {
            throw new Error(`Demo account ${account.email} refers to a missing role or organisation`);
          }
          const { firstName, lastName, email, phone } = account;
          return { firstName, lastName, email, phone, passwordHash, roleId, organisationId };
        }),
      )
      .returning({ id: users.id, email: users.email });
    if (indoreId !== undefined && options.fleet !== false) {
      const owner = DEMO_ACCOUNTS.find((a) => a.org === 'indore' && a.role === 'LIMITED_USER');
      const ownerUserId = inserted.find((u) => owner !== undefined && u.email === owner.email)?.id ?? null;
      await seedDemoFleet(tx, { organisationId: indoreId, ownerUserId });
      await seedDemoBusiness(tx, { orgIds, now: new Date() });
      await seedDemoSwm(tx, { organisationId: indoreId, now: new Date() });
    }
    // Last: it picks the vendor's stock devices the lines above seeded.
    await seedDemoSimOrders(tx);
    return true;
  });
}
