/**
 * Test kit of the fitment and activation tests: the demo organisations, stock devices, a funded vendor wallet and a
 * valid fitment body. Tests only (the seeded template has no stock and no wallets).
 */
import { eq } from 'drizzle-orm';
import type { FitmentInputValues } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { organisations, users } from '../../db/schema/index.ts';
import { createDevice } from '../device/device.repository.ts';
import { findRoleByName } from '../role/role.repository.ts';
import { insertUser } from '../user/user.repository.ts';
import { creditOrganisationWallet } from '../wallet/wallet-ledger.ts';
import { firstUserWithRole, insertWallet } from '../wallet/wallet.repository.ts';

export const NOW = new Date('2026-11-20T10:00:00Z');
export const TODAY = '2026-11-20';

export async function orgId(db: Db, tradeName: string): Promise<bigint> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.tradeName, tradeName));
  if (!row) throw new Error(`no organisation ${tradeName}`);
  return row.id;
}

export const DEMO_ORGS = {
  manufacturer: 'Narmada Telematics Pvt Ltd',
  malwa: 'Malwa Auto Electricals',
  bhopalVendor: 'Narmada Fitments Bhopal',
  indore: 'Indore Municipal Corporation',
  bhopal: 'Bhopal Municipal Corporation',
} as const;

export async function userIdByEmail(db: Db, email: string): Promise<bigint> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

let imeiCounter = 0;
/** A fresh 15-digit IMEI per call (per test file process). */
export function nextImei(): string {
  imeiCounter += 1;
  return `86${String(Date.now() % 1e6).padStart(6, '0')}${String(imeiCounter).padStart(7, '0')}`;
}

/** A stock device ALLOCATED to the vendor (from the manufacturer), or with the given status. */
export async function stockDevice(
  db: Db,
  args: { organisationId: bigint; allocatedFrom?: bigint | null; status?: 'NEW' | 'ALLOCATED' | 'DEFECTED' },
): Promise<{ id: bigint; imei: string }> {
  const imei = nextImei();
  const id = await createDevice(db, {
    imei,
    organisationId: args.organisationId,
    allocatedFromOrganisationId: args.allocatedFrom ?? null,
    status: args.status ?? 'ALLOCATED',
    model: 'iStartek VT140 (AIS-140)',
  });
  return { id, imei };
}

/** Opens the organisation's wallet (holder: its RFC_ADMIN/ADMIN) and credits it. */
export async function fundWallet(db: Db, organisationId: bigint, amountPaise: number): Promise<void> {
  let holder = await firstUserWithRole(db, organisationId, ['RFC_ADMIN', 'ADMIN', 'RFC', 'FITTER']);
  if (holder === undefined) {
    // An account holder that cannot sign in (no real password hash).
    const role = await findRoleByName(db, 'RFC_ADMIN');
    if (!role) throw new Error('no RFC_ADMIN role');
    holder = await insertUser(db, {
      firstName: 'Wallet',
      lastName: 'Holder',
      email: `holder${organisationId}@example.in`,
      passwordHash: 'none',
      roleId: role.id,
      organisationId,
    });
  }
  await insertWallet(db, organisationId, holder);
  if (amountPaise > 0)
    await creditOrganisationWallet(db, {
      organisationId,
      amountPaise,
      description: 'Opening balance',
      reference: 'test',
      userId: null,
    });
}

let phoneCounter = 0;
export function nextPhone(): string {
  phoneCounter += 1;
  return `98${String(Date.now() % 1e4).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** A valid POST /v1/fitment body for a new customer and a new fitter. */
export function fitmentBody(
  imei: string,
  overrides: {
    registrationNumber?: string;
    customerPhone?: string;
    fitterPhone?: string | null;
    durationInDays?: number;
  } = {},
): FitmentInputValues {
  const customerPhone = overrides.customerPhone ?? nextPhone();
  const fitterPhone = overrides.fitterPhone === undefined ? nextPhone() : overrides.fitterPhone;
  return {
    vehicle: {
      category: 'Goods',
      registrationNumber: overrides.registrationNumber ?? `MP09FT${imei.slice(-4)}`,
      engineNo: 'EN12345',
      chassisNo: 'CH67890',
      regDate: '2024-04-01',
      state: 'MP',
      rto: 'Indore',
      rtoCode: 'MP_09',
      make: 'Tata Motors',
      model: 'Ace Gold',
      rcImages: ['/v1/file/rc-front.png', '/v1/file/rc-back.png'],
    },
    device: {
      imei,
      panicButtonCount: 1,
      deviceImages: ['/v1/file/dev-1.png', '/v1/file/dev-2.png'],
    },
    customer: {
      firstName: 'Sunita',
      lastName: 'Patel',
      email: `c${customerPhone}@example.in`,
      phone: customerPhone,
      address: '12 MG Road, Indore',
      kycDocs: [
        { name: 'AADHAR', link: '/v1/file/aadhar.png' },
        { name: 'PAN', link: '/v1/file/pan.png' },
      ],
    },
    fitter:
      fitterPhone === null
        ? null
        : { firstName: 'Mohan', lastName: 'Das', email: `f${fitterPhone}@example.in`, phone: fitterPhone },
    fitmentDate: TODAY,
    durationInDays: overrides.durationInDays ?? 365,
    deviceActivate: true,
  };
}
