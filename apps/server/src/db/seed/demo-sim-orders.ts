/**
 * Demo SIM activation orders (modules/sim-activation): a handful raised by the Malwa Auto vendor for its stock
 * devices, one in each of INITIATED, APPROVED, REJECTED and DONE, addressed to Narmada Telematics (the manufacturer
 * above it). Runs inside seedDemo's transaction, after the business seed (seed/demo-business.ts) has put stock
 * devices with the vendor: it finds them by querying, preferring the vendor's own NEW/ALLOCATED stock and falling
 * back to devices further down its tree, so it also works on a database seeded without that stock.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rows } from '../client.ts';
import {
  devices,
  organisations,
  simActivationOrders,
  users,
  type SimDetails,
  type SimOrderStatus,
} from '../schema/index.ts';
import { demoAccount } from './demo-accounts.ts';

const VENDOR = 'Malwa Auto Electricals';
const MANUFACTURER = 'Narmada Telematics Pvt Ltd';
const DAY_MS = 86_400_000;

interface OrderSeed {
  status: SimOrderStatus;
  durationInDays: number;
  ips: string[];
  /** Local 10-digit numbers; stored with +91. */
  numbers: string[];
  ageDays: number;
  done?: SimDetails & { sim1: string; sim2: string; eSimProvider: string };
}

const SEEDS: OrderSeed[] = [
  {
    status: 'INITIATED',
    durationInDays: 365,
    ips: ['103.21.58.10:5010'],
    numbers: ['9826012345'],
    ageDays: 1,
  },
  {
    status: 'INITIATED',
    durationInDays: 730,
    ips: ['103.21.58.10:5010', 'gw.civicfleet.in:5010'],
    numbers: ['9826012346', '9425067890'],
    ageDays: 2,
  },
  {
    status: 'APPROVED',
    durationInDays: 365,
    ips: ['103.21.58.10:5010'],
    numbers: ['9826012347'],
    ageDays: 4,
  },
  { status: 'REJECTED', durationInDays: 365, ips: ['10.0.0.5'], numbers: ['9826012348'], ageDays: 9 },
  {
    status: 'DONE',
    durationInDays: 730,
    ips: ['103.21.58.10:5010'],
    numbers: ['9826012349'],
    ageDays: 12,
    done: {
      sim1: '5754210000101',
      sim2: '5754210000102',
      sim1_operator: 'Airtel',
      sim2_operator: 'BSNL',
      eSimProvider: 'TAISYS',
    },
  },
];

async function organisationIdByName(db: Db, tradeName: string): Promise<bigint | undefined> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.tradeName, tradeName))
    .limit(1);
  return row?.id;
}

/** The vendor's devices: its own stock first (NEW, ALLOCATED), then devices of its subtree. */
async function vendorDevices(db: Db, vendorId: bigint, limit: number) {
  const stock = await db
    .select({ id: devices.id, imei: devices.imei })
    .from(devices)
    .where(
      and(
        eq(devices.organisationId, vendorId),
        eq(devices.deleted, false),
        inArray(devices.status, ['NEW', 'ALLOCATED']),
      ),
    )
    .orderBy(asc(devices.imei))
    .limit(limit);
  if (stock.length >= limit) return stock;
  const more = await rows<{ id: string; imei: string }>(
    db,
    sql`with recursive tree(id) as (
          select id from organisations where id = ${vendorId}
          union
          select o.id from organisations o join tree on o.parent_id = tree.id
        )
        select d.id::text as id, d.imei from devices d
         where d.organisation_id in (select id from tree) and not d.deleted
         order by d.imei limit ${limit * 2}`,
  );
  const seen = new Set(stock.map((d) => d.imei));
  const extra = more.filter((d) => !seen.has(d.imei)).map((d) => ({ id: BigInt(d.id), imei: d.imei }));
  return [...stock, ...extra].slice(0, limit);
}

async function userIdByEmail(db: Db, email: string): Promise<bigint | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id ?? null;
}

/** Seeds the demo orders; returns how many (0 when the vendor or its devices are missing). */
export async function seedDemoSimOrders(db: Db, now: Date = new Date()): Promise<number> {
  const vendorId = await organisationIdByName(db, VENDOR);
  const manufacturerId = await organisationIdByName(db, MANUFACTURER);
  if (vendorId === undefined || manufacturerId === undefined) return 0;
  const found = await vendorDevices(db, vendorId, SEEDS.length);
  const raisedBy = await userIdByEmail(db, demoAccount('RFC_ADMIN').email);
  const approver = await userIdByEmail(db, demoAccount('MANUFACTURER').email);
  let seeded = 0;
  for (const [index, device] of found.entries()) {
    const seed = SEEDS[index];
    if (!seed) break;
    const createdAt = new Date(now.getTime() - seed.ageDays * DAY_MS);
    const done = seed.done;
    await db.insert(simActivationOrders).values({
      deviceId: device.id,
      imei: device.imei,
      organisationId: vendorId,
      manufacturerOrganisationId: manufacturerId,
      ips: seed.ips,
      numbers: seed.numbers.map((n) => `+91${n}`),
      durationInDays: seed.durationInDays,
      status: seed.status,
      simDetails: done ?? {},
      isSimActivated: done !== undefined,
      simActivationApprovedByUserId: done ? approver : null,
      simActivationDate: done ? new Date(createdAt.getTime() + DAY_MS) : null,
      createdByUserId: raisedBy,
      createdAt,
      updatedAt: done ? new Date(createdAt.getTime() + DAY_MS) : createdAt,
    });
    if (done) {
      await db
        .update(devices)
        .set({ sim1: done.sim1, sim2: done.sim2, esimProvider: done.eSimProvider })
        .where(eq(devices.id, device.id));
    }
    seeded++;
  }
  return seeded;
}
