/** SQL of certificates: a device's live fitment with its vehicle, device, owner, fitter, vendor and latest report. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { rows, type Db } from '../../db/client.ts';
import { visibleOrganisationIds } from '../../db/organisation-scope.ts';
import {
  deviceLatest,
  deviceModels,
  devices,
  fitments,
  organisations,
  rtos,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import { registrationKey } from '../../db/schema/vehicles.ts';

const customer = alias(users, 'customer');
const fitter = alias(users, 'fitter');

/** The RTO named by the vehicle's `<state>_<code>` rtoCode (reference list), if any. */
const rtoName = sql<string | null>`(
  select ${rtos.name} from ${rtos}
   where ${rtos.stateCode} = split_part(${vehicles.rtoCode}, '_', 1)
     and ${rtos.code} = split_part(${vehicles.rtoCode}, '_', 2)
   limit 1)`;

/** The device model's manufacturer (device_models are matched by name, case-insensitively). */
const deviceMake = sql<string | null>`(
  select ${deviceModels.manufacturer} from ${deviceModels}
   where lower(${deviceModels.name}) = lower(${devices.model})
   limit 1)`;

/** The device model's AIS-140 type approval certificate number (same name match as deviceMake). */
const deviceTac = sql<string | null>`(
  select ${deviceModels.tacNumber} from ${deviceModels}
   where lower(${deviceModels.name}) = lower(${devices.model})
   limit 1)`;

const columns = {
  fitment: {
    id: fitments.id,
    organisationId: fitments.organisationId,
    fitmentDate: fitments.fitmentDate,
    durationInDays: fitments.durationInDays,
    activationStatus: fitments.activationStatus,
    expiresOn: fitments.expiresOn,
    deviceImages: fitments.deviceImages,
  },
  vehicle: {
    organisationId: vehicles.organisationId,
    registrationNumber: vehicles.registrationNumber,
    rto: vehicles.rto,
    rtoCode: vehicles.rtoCode,
    regDate: vehicles.regDate,
    engineNo: vehicles.engineNo,
    chassisNo: vehicles.chassisNo,
    category: vehicles.category,
    make: vehicles.make,
    model: vehicles.model,
    rcImages: vehicles.rcImages,
    isTrackingActivated: vehicles.isTrackingActivated,
  },
  rtoName,
  device: {
    imei: devices.imei,
    uid: devices.uid,
    iccid: devices.iccid,
    sim1: devices.sim1,
    sim2: devices.sim2,
    model: devices.model,
    panicButtonCount: devices.panicButtonCount,
    lastSeenAt: devices.lastSeenAt,
  },
  deviceMake,
  deviceTac,
  lastPacketAt: deviceLatest.lastPacketAt,
  owner: {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address,
    kycDocs: customer.kycDocs,
  },
  fitterFirstName: fitter.firstName,
  fitterLastName: fitter.lastName,
  vendor: {
    tradeName: organisations.tradeName,
    brandName: organisations.brandName,
    email: organisations.email,
    contact: organisations.contact,
    address: organisations.address,
    logo: organisations.logo,
  },
};

/** The live (non-deleted) fitment of the device with this IMEI and everything its certificate shows. */
export async function findCertificateByImei(db: Db, imei: string) {
  const [row] = await db
    .select(columns)
    .from(fitments)
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .innerJoin(customer, eq(customer.id, fitments.customerUserId))
    .innerJoin(organisations, eq(organisations.id, fitments.organisationId))
    .leftJoin(fitter, eq(fitter.id, fitments.fitterUserId))
    .leftJoin(deviceLatest, eq(deviceLatest.deviceId, devices.id))
    .where(and(eq(devices.imei, imei), eq(fitments.deleted, false), eq(devices.deleted, false)))
    .limit(1);
  return row;
}

/**
 * The IMEI of the newest live fitment of a (live) vehicle with this registration number, compared without spaces,
 * dashes and case. Registration numbers are unique per organisation only; the newest fitment wins.
 */
export async function findImeiByRegistration(
  db: Db,
  registrationNumber: string,
): Promise<string | undefined> {
  const key = registrationNumber.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  const [row] = await db
    .select({ imei: devices.imei })
    .from(fitments)
    .innerJoin(vehicles, eq(vehicles.id, fitments.vehicleId))
    .innerJoin(devices, eq(devices.id, fitments.deviceId))
    .where(
      and(
        sql`${registrationKey(vehicles.registrationNumber)} = ${key}`,
        eq(fitments.deleted, false),
        eq(vehicles.deleted, false),
        eq(devices.deleted, false),
      ),
    )
    .orderBy(desc(fitments.fitmentDate), desc(fitments.id))
    .limit(1);
  return row?.imei;
}

/**
 * Organisations whose uploads a fitment's certificate may show: the vendor's subtree (its fitters, its customers)
 * and its ancestors (a manufacturer or platform administrator who entered the fitment for it).
 */
export async function certificateFileOrganisations(db: Db, vendorOrganisationId: bigint): Promise<bigint[]> {
  const ancestors = await rows<{ id: string }>(
    db,
    sql`with recursive chain (id, parent_id, depth) as (
          select id, parent_id, 0 from organisations where id = ${vendorOrganisationId}
          union all
          select o.id, o.parent_id, chain.depth + 1 from organisations o join chain on o.id = chain.parent_id
           where chain.depth < 16
        )
        select id::text as id from chain`,
  );
  const subtree = await visibleOrganisationIds(db, vendorOrganisationId);
  return [...new Set([...ancestors.map((r) => BigInt(r.id)), ...subtree])];
}
