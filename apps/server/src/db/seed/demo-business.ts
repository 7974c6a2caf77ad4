/**
 * The AIS-140 business demo data (issue 6), seeded with the demo fleet inside seedDemo's transaction:
 * - stock: DEMO_STOCK_SIZE trackers made by the manufacturer; the first 10 stay NEW there, the next 15 are ALLOCATED to
 *   Malwa Auto and the last 5 to Narmada Fitments Bhopal (device lifecycle spec 02 §4);
 * - wallets: one per vendor organisation (holder: its RFC_ADMIN, else ADMIN, else first user — Bhopal's vendor gets an
 *   RFC_ADMIN sign-in, rfc_admin.bhopal@demo.civicfleet.in, with the demo password), opened with a CREDIT through the
 *   ledger: ₹25,000 for Malwa, ₹5,000 for Bhopal;
 * - fitments: Malwa Auto fitted the trackers of the first DEMO_FITMENTS Indore fleet vehicles for the Indore customer
 *   account (limited_user@…) with the demo fitter; the first 3 are APPROVED (debited through the ledger), the others
 *   PENDING. They go through the same save and approve code as the API. Seeded rows carry no images (RC, device, KYC):
 *   the console shows them as missing until someone edits the fitment.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AuthContext } from '../../http/types.ts';
import { createActivationService } from '../../modules/activation/activation.service.ts';
import { createDevice } from '../../modules/device/device.repository.ts';
import { addDays, istToday } from '../../modules/fitment/fitment-dates.ts';
import { saveFitment } from '../../modules/fitment/fitment-save.ts';
import { creditOrganisationWallet } from '../../modules/wallet/wallet-ledger.ts';
import { firstUserWithRole, insertWallet } from '../../modules/wallet/wallet.repository.ts';
import type { Db } from '../client.ts';
import { devices, roles, users, vehicleDeviceLinks, vehicles } from '../schema/index.ts';
import { DEMO_ACCOUNTS, type DemoOrgKey } from './demo-accounts.ts';
import { DEMO_DEVICE_MODELS, demoDeviceUid } from './demo-device-models.ts';
import { demoFleetVehicles } from './demo-fleet.ts';

export const DEMO_STOCK_SIZE = 30;
export const DEMO_FITMENTS = 5;
export const DEMO_APPROVED = 3;
export const DEMO_OPENING_BALANCE_PAISE = { vendor: 2_500_000, bhopalVendor: 500_000 } as const;
export const BHOPAL_VENDOR_ADMIN = {
  email: 'rfc_admin.bhopal@demo.civicfleet.in',
  phone: '+919000000011',
  firstName: 'Sanjay',
  lastName: 'Dubey',
};
const STOCK_MODEL = DEMO_DEVICE_MODELS.ais140.name;

/** 15-digit IMEI with its Luhn check digit, from a 14-digit body. */
export function withLuhn(body14: string): string {
  let sum = 0;
  for (let i = 0; i < body14.length; i++) {
    let digit = Number(body14[body14.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body14}${(10 - (sum % 10)) % 10}`;
}

/** The stock IMEIs (TAC 86804504 + serial), deterministic. */
export const demoStockImei = (index: number): string => withLuhn(`86804504${String(100001 + index)}`);

const emailOf = (role: string, org: DemoOrgKey) =>
  DEMO_ACCOUNTS.find((a) => a.role === role && a.org === org)?.email;

async function userIdByEmail(db: Db, email: string | undefined): Promise<bigint> {
  const [row] = email
    ? await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
    : [];
  if (!row) throw new Error(`demo business seed: no user ${email ?? '?'}`);
  return row.id;
}

async function seedStock(db: Db, org: (key: DemoOrgKey) => bigint): Promise<void> {
  const manufacturer = org('manufacturer');
  for (let index = 0; index < DEMO_STOCK_SIZE; index++) {
    const imei = demoStockImei(index);
    const holder = index < 10 ? null : index < 25 ? org('vendor') : org('bhopalVendor');
    await createDevice(db, {
      imei,
      uid: demoDeviceUid(imei),
      iccid: `89910${imei}`,
      model: STOCK_MODEL,
      panicButtonCount: 1,
      status: holder === null ? 'NEW' : 'ALLOCATED',
      organisationId: holder ?? manufacturer,
      allocatedFromOrganisationId: holder === null ? null : manufacturer,
    });
  }
}

/** The Bhopal vendor has no demo sign-in: its wallet holder gets one (same password hash as the other demo users). */
async function bhopalVendorHolder(db: Db, organisationId: bigint, passwordHash: string): Promise<bigint> {
  const existing = await firstUserWithRole(db, organisationId, ['RFC_ADMIN', 'ADMIN']);
  if (existing !== undefined) return existing;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'RFC_ADMIN')).limit(1);
  if (!role) throw new Error('demo business seed: no RFC_ADMIN role');
  const [row] = await db
    .insert(users)
    .values({ ...BHOPAL_VENDOR_ADMIN, passwordHash, roleId: role.id, organisationId })
    .returning({ id: users.id });
  if (!row) throw new Error('demo business seed: user insert returned no row');
  return row.id;
}

async function openWallet(db: Db, organisationId: bigint, holder: bigint, amountPaise: number) {
  await insertWallet(db, organisationId, holder);
  await creditOrganisationWallet(db, {
    organisationId,
    amountPaise,
    description: 'Opening balance (bank transfer, demo)',
    reference: 'payment:DEMO-OPENING',
    userId: null,
  });
}

export async function seedDemoBusiness(
  db: Db,
  args: { orgIds: ReadonlyMap<DemoOrgKey, bigint>; now: Date },
): Promise<void> {
  const org = (key: DemoOrgKey): bigint => {
    const id = args.orgIds.get(key);
    if (id === undefined) throw new Error(`demo business seed: no organisation ${key}`);
    return id;
  };
  await seedStock(db, org);

  const rfcAdmin = await userIdByEmail(db, emailOf('RFC_ADMIN', 'vendor'));
  const [hashRow] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, rfcAdmin));
  await openWallet(db, org('vendor'), rfcAdmin, DEMO_OPENING_BALANCE_PAISE.vendor);
  const bhopalHolder = await bhopalVendorHolder(db, org('bhopalVendor'), hashRow?.hash ?? '');
  await openWallet(db, org('bhopalVendor'), bhopalHolder, DEMO_OPENING_BALANCE_PAISE.bhopalVendor);

  await seedFitments(db, { org, rfcAdmin, now: args.now });
}

async function seedFitments(
  db: Db,
  { org, rfcAdmin, now }: { org: (key: DemoOrgKey) => bigint; rfcAdmin: bigint; now: Date },
) {
  const customer = await userIdByEmail(db, emailOf('LIMITED_USER', 'indore'));
  const [customerRow] = await db.select().from(users).where(eq(users.id, customer));
  const [fitter] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.email, emailOf('FITTER', 'vendor') ?? ''));
  if (!customerRow?.phone || !fitter?.phone)
    throw new Error('demo business seed: customer or fitter has no phone');

  const imeis = demoFleetVehicles()
    .slice(0, DEMO_FITMENTS)
    .map((v) => v.imei);
  const fleet = await db
    .select({ vehicle: vehicles, deviceId: devices.id, imei: devices.imei })
    .from(devices)
    .innerJoin(vehicleDeviceLinks, eq(vehicleDeviceLinks.deviceId, devices.id))
    .innerJoin(vehicles, eq(vehicles.id, vehicleDeviceLinks.vehicleId))
    .where(and(inArray(devices.imei, imeis), eq(devices.organisationId, org('indore'))))
    .orderBy(asc(vehicles.registrationNumber));
  // Malwa Auto installed these trackers: the fitment belongs to the organisation they were allocated from.
  await db
    .update(devices)
    .set({ allocatedFromOrganisationId: org('vendor') })
    .where(inArray(devices.imei, imeis));

  // The seed acts as Malwa's RFC_ADMIN, over everything (it is trusted; the API checks scopes).
  const auth: AuthContext = {
    userId: rfcAdmin,
    roleName: 'RFC_ADMIN',
    roleId: 0n,
    organisationId: org('vendor'),
    permissions: [],
    orgIds: 'all',
    email: null,
    phone: null,
    sessionFamilyId: 'demo-seed',
    mustChangePassword: false,
    mfaEnabled: false,
  };
  const actor = { auth, ip: null };
  const clock = () => now;
  const noHash = () => Promise.reject(new Error('demo business seed: nobody new is created'));
  const activations = createActivationService({ db, clock });
  const today = istToday(now);
  for (const [index, row] of fleet.entries()) {
    const v = row.vehicle;
    const { id } = await saveFitment({ db, clock, hashes: { customer: noHash, fitter: noHash } }, actor, {
      vehicle: {
        registrationNumber: v.registrationNumber,
        category: v.category,
        engineNo: v.engineNo ?? `EN${row.imei.slice(-6)}`,
        chassisNo: v.chassisNo ?? `MAT${row.imei.slice(-8)}`,
        regDate: v.regDate ?? '2024-04-01',
        rto: v.rto,
        rtoCode: v.rtoCode,
        make: v.make,
        model: v.model,
      },
      device: { imei: row.imei, panicButtonCount: 1 },
      customer: {
        phone: customerRow.phone,
        address: customerRow.address ?? 'Shivaji Market, M.G. Road, Indore 452007',
      },
      fitter: { phone: fitter.phone },
      fitmentDate: addDays(today, -(5 + 7 * index)),
      durationInDays: index % 2 === 0 ? 365 : 730,
      deviceActivate: true,
    });
    if (index < DEMO_APPROVED) await activations.approve(actor, id);
  }
}
