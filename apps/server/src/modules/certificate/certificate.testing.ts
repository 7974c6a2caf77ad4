/**
 * Tests only: a fitment with real uploaded images (RC, device, Aadhaar, PAN, vendor logo), fitted by the demo
 * vendor (Malwa Auto) for an Indore customer, written straight to the tables (the fitment module's own routes are
 * another helper's; this keeps the certificate tests independent of them).
 */
import { deflateSync, crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  deviceModels,
  devices,
  fitments,
  organisations,
  roles,
  users,
  vehicles,
} from '../../db/schema/index.ts';
import type { Env } from '../../config/env.ts';
import { INDORE, organisationId } from '../../gateway/testing/fleet.ts';
import type { AuthContext } from '../../http/types.ts';
import { createFileStorage } from '../../storage/index.ts';
import { createFileService } from '../file/file.service.ts';

export const VENDOR = 'Malwa Auto Electricals';

/** A w×h RGB PNG: diagonal stripes of `rgb` on white, so a rendered page shows something. */
export function makePng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height, 255);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x += 1) {
      if ((x + y) % 24 < 12) raw.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface SeededCertificate {
  imei: string;
  fitmentId: bigint;
  vehicleId: bigint;
  vendorOrg: bigint;
  indoreOrg: bigint;
  registrationNumber: string;
  customerPhone: string;
  customerEmail: string;
  customerAddress: string;
  kycUrls: string[];
}

async function roleId(db: Db, name: string): Promise<bigint> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  if (!row) throw new Error(`no role ${name}`);
  return row.id;
}

/**
 * `n` (1–9) keeps IMEIs, phones and registration numbers of several fitments apart. `approved`: activation approved
 * with `expiresOn`; otherwise PENDING.
 */
export async function seedCertificate(
  db: Db,
  env: Pick<Env, 'dataDir'>,
  options: { n: number; fitmentDate?: string; expiresOn?: string | null; withImages?: boolean },
): Promise<SeededCertificate> {
  const { n } = options;
  const vendorOrg = await organisationId(db, VENDOR);
  const indoreOrg = await organisationId(db, INDORE);
  const [uploader] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.organisationId, vendorOrg))
    .limit(1);
  if (!uploader) throw new Error('no vendor user');
  const files = createFileService({ db, storage: createFileStorage(env) });
  const as = { userId: uploader.id, organisationId: vendorOrg } as AuthContext;
  const upload = async (folder: string, count: number, rgb: [number, number, number]) =>
    options.withImages === false
      ? []
      : (
          await files.upload(
            as,
            folder,
            Array.from({ length: count }, () => makePng(320, 240, rgb)),
          )
        ).urls;

  const rcImages = await upload('rc', 2, [31, 78, 121]);
  const deviceImages = await upload('device', 3, [46, 125, 50]);
  const aadhaar = await upload('kyc', 1, [198, 40, 40]);
  const pan = await upload('kyc', 1, [230, 120, 0]);
  const [logo] = await upload('misc', 1, [120, 60, 160]);
  if (logo) await db.update(organisations).set({ logo }).where(eq(organisations.id, vendorOrg));

  const modelName = `AIS140 VLTD CF-${n}`;
  await db
    .insert(deviceModels)
    .values({
      name: modelName,
      manufacturer: 'Narmada Telematics',
      protocol: 'ais140',
      panicButtonCount: 2,
      tacNumber: `CC/AIS140/2025/${String(n).padStart(4, '0')}`,
    })
    .onConflictDoNothing();
  const imei = `8691230000000${String(n).padStart(2, '0')}`;
  const [device] = await db
    .insert(devices)
    .values({
      imei,
      uid: `NT-CF-${String(n).padStart(6, '0')}`,
      iccid: `899110200000000000${n}`,
      sim1: `+9170000000${String(n).padStart(2, '0')}`,
      sim2: `+9171000000${String(n).padStart(2, '0')}`,
      status: 'INSTALLED',
      model: modelName,
      organisationId: indoreOrg,
      panicButtonCount: 2,
      lastSeenAt: new Date('2026-11-20T06:30:15Z'),
    })
    .returning({ id: devices.id });
  const registrationNumber = `MP09CF000${n}`;
  const [vehicle] = await db
    .insert(vehicles)
    .values({
      organisationId: indoreOrg,
      registrationNumber,
      category: 'Goods',
      rto: 'Indore',
      rtoCode: 'MP_09',
      make: 'Tata Motors',
      model: 'Ace Gold',
      engineNo: `ENG${n}4455667`,
      chassisNo: `MAT4455${n}CHS0099`,
      regDate: '2025-04-12',
      rcImages,
    })
    .returning({ id: vehicles.id });
  const customerPhone = `+9198765000${String(n).padStart(2, '0')}`;
  const customerEmail = `owner${n}@example.in`;
  const customerAddress = `${n} Sneh Nagar, Indore 452001`;
  const kycDocs = [
    ...aadhaar.map((link) => ({ name: 'AADHAR' as const, link })),
    ...pan.map((link) => ({ name: 'PAN' as const, link })),
  ];
  const [customer] = await db
    .insert(users)
    .values({
      firstName: 'Suresh',
      lastName: 'Patel',
      email: customerEmail,
      phone: customerPhone,
      passwordHash: 'x',
      roleId: await roleId(db, 'LIMITED_USER'),
      organisationId: indoreOrg,
      address: customerAddress,
      kycDocs,
    })
    .returning({ id: users.id });
  const [fitter] = await db
    .insert(users)
    .values({
      firstName: 'Mohan',
      lastName: 'Lal',
      email: `fitter${n}@example.in`,
      phone: `+9198764000${String(n).padStart(2, '0')}`,
      passwordHash: 'x',
      roleId: await roleId(db, 'FITTER'),
      organisationId: vendorOrg,
    })
    .returning({ id: users.id });
  if (!device || !vehicle || !customer || !fitter) throw new Error('seed failed');
  const expiresOn = options.expiresOn === undefined ? '2027-11-10' : options.expiresOn;
  const [fitment] = await db
    .insert(fitments)
    .values({
      organisationId: vendorOrg,
      vehicleId: vehicle.id,
      deviceId: device.id,
      customerUserId: customer.id,
      fitterUserId: fitter.id,
      fitmentDate: options.fitmentDate ?? '2026-11-10',
      durationInDays: 365,
      deviceImages,
      activationStatus: expiresOn ? 'APPROVED' : 'PENDING',
      expiresOn,
    })
    .returning({ id: fitments.id });
  if (!fitment) throw new Error('seed failed');
  return {
    imei,
    fitmentId: fitment.id,
    vehicleId: vehicle.id,
    vendorOrg,
    indoreOrg,
    registrationNumber,
    customerPhone,
    customerEmail,
    customerAddress,
    kycUrls: kycDocs.map((d) => d.link),
  };
}
