/**
 * Certificates (spec 02 §2 "Public certificate page", §3 "Certificate data"). Rules:
 * - a certificate exists for a device with a live fitment; anything else is 404 CERTIFICATE_MESSAGES.notFound;
 * - the public answer carries what a certificate must show and nothing more: the owner's name and masked phone (no
 *   e-mail, no address, never KYC); images only through the public image route, which serves only files the fitment
 *   references (RC, device) or the vendor's logo;
 * - the signed-in variant (full PDF, quick certificate) needs the `certificate` module or `fitment:view-certificate`
 *   and the fitment (vendor) or vehicle organisation in the caller's scope (404 otherwise).
 */
import {
  CERTIFICATE_JURISDICTION,
  CERTIFICATE_MESSAGES,
  CERTIFICATE_STANDARD,
  CERTIFICATE_WARRANTY_MONTHS,
  TIME_ZONE,
  hasPermission,
  maskPhone,
  type CertificateData,
  type CertificatePublicImageKind,
  type QuickCertificate,
} from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import type { KycDoc } from '../../db/schema/users.ts';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import type { FileService, ServedFile } from '../file/file.service.ts';
import { canSeeOrganisation } from '../organisation/scope.ts';
import * as repo from './certificate.repository.ts';

export type CertificateRecord = NonNullable<Awaited<ReturnType<typeof repo.findCertificateByImei>>>;

export interface CertificateServiceDeps {
  db: Db;
  clock: Clock;
  /** Origin of the console (env PUBLIC_URL, no trailing slash): the QR code and links point there. */
  publicUrl: string;
  files: Pick<FileService, 'read'>;
}

/** A certificate image loaded for the PDF (bytes) with its label. */
export interface CertificateImage {
  label: string;
  contentType: string;
  bytes: Buffer;
}

export interface CertificateImages {
  logo: CertificateImage | null;
  rc: CertificateImage[];
  device: CertificateImage[];
  /** Aadhaar and PAN images: the signed-in (full) variant only; empty on the public one. */
  kyc: CertificateImage[];
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png']);
/** `/v1/file/<folder>/<name>` (root-relative or absolute) → folder and name. */
const FILE_URL = /\/v1\/file\/([a-z]+)\/([0-9a-f]{32}\.(?:jpg|png|pdf))$/;

export function parseFileUrl(url: string | null | undefined): { folder: string; name: string } | null {
  const match = url ? FILE_URL.exec(url.split('?')[0] ?? '') : null;
  return match?.[1] && match[2] ? { folder: match[1], name: match[2] } : null;
}

/** `YYYY-MM-DD` of an instant in Asia/Kolkata. */
export function istDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(at);
}

/** Last day of a warranty of `months` from `from` (YYYY-MM-DD): the same day `months` later, minus one day. */
export function warrantyUntil(from: string, months: number): string {
  const [y = 0, m = 1, d = 1] = from.split('-').map(Number);
  const end = new Date(Date.UTC(y, m - 1 + months, d));
  // 29 Feb + 12 months rolls to 1 Mar; the day before is still the last day of February.
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** `VLTD-<YYYYMMDD>-<fitment id, at least 6 digits>`. */
export function certificateNumber(fitmentId: bigint, fitmentDate: string): string {
  return `VLTD-${fitmentDate.replaceAll('-', '')}-${String(fitmentId).padStart(6, '0')}`;
}

export const canViewCertificates = (auth: AuthContext): boolean =>
  hasPermission(auth.roleName, auth.permissions, 'certificate') ||
  hasPermission(auth.roleName, auth.permissions, 'fitment', 'view-certificate');

const latest = (...dates: Array<Date | null>): Date | null =>
  dates.reduce<Date | null>((best, d) => (d && (!best || d > best) ? d : best), null);

/** CertificateData from a record; `full` keeps the owner's address (signed-in variant). */
export function toCertificateData(
  record: CertificateRecord,
  options: { publicUrl: string; today: string; full: boolean },
): CertificateData {
  const { fitment, vehicle, device, owner, vendor } = record;
  const imei = device.imei;
  const imageUrl = (kind: CertificatePublicImageKind, n: number) =>
    `/v1/certificate/${imei}/image/${kind}/${n}`;
  const isApproved = fitment.activationStatus === 'APPROVED' && fitment.expiresOn !== null;
  const isExpired = isApproved && fitment.expiresOn !== null && fitment.expiresOn <= options.today;
  const active = isApproved && !isExpired && vehicle.isTrackingActivated;
  const fitterName = [record.fitterFirstName, record.fitterLastName].filter(Boolean).join(' ');
  const lastSeen = latest(device.lastSeenAt, record.lastPacketAt);
  return {
    certificateNo: certificateNumber(fitment.id, fitment.fitmentDate),
    publicUrl: `${options.publicUrl}/certificate/${imei}`,
    pdfUrl: `${options.publicUrl}/v1/certificate/${imei}/pdf`,
    vehicle: {
      rto: record.rtoName ?? vehicle.rto,
      rtoCode: vehicle.rtoCode,
      registrationNumber: vehicle.registrationNumber,
      regDate: vehicle.regDate,
      engineNo: vehicle.engineNo,
      category: vehicle.category,
      chassisNo: vehicle.chassisNo,
      make: vehicle.make,
      model: vehicle.model,
    },
    fitment: {
      date: fitment.fitmentDate,
      expiresOn: fitment.expiresOn,
      activationStatus: fitment.activationStatus,
      durationInDays: fitment.durationInDays,
    },
    owner: {
      firstName: owner.firstName,
      lastName: owner.lastName,
      phone: maskPhone(owner.phone),
      address: options.full ? owner.address : null,
    },
    vendor: {
      brandName: vendor.brandName ?? vendor.tradeName,
      email: vendor.email,
      contact: vendor.contact,
      address: {
        addressLine1: vendor.address?.landmark || null,
        addressLine2: null,
        pincode: vendor.address?.pin || null,
        area: null,
        city: vendor.address?.city || null,
        state: vendor.address?.state || null,
        country: vendor.address?.country || null,
      },
      logoUrl: parseFileUrl(vendor.logo) ? imageUrl('logo', 1) : null,
    },
    device: {
      imei,
      UID: device.uid,
      model: device.model,
      make: record.deviceMake,
      sim1: device.sim1,
      sim2: device.sim2,
      TAC: record.deviceTac,
      iccid: device.iccid,
      panicButtonCount: device.panicButtonCount,
    },
    fitter: fitterName || null,
    status: {
      status: active ? 'active' : isExpired ? 'expired' : 'inactive',
      active,
      lastSeenAt: lastSeen?.toISOString() ?? null,
    },
    warranty: {
      months: CERTIFICATE_WARRANTY_MONTHS,
      from: fitment.fitmentDate,
      until: warrantyUntil(fitment.fitmentDate, CERTIFICATE_WARRANTY_MONTHS),
      jurisdiction: CERTIFICATE_JURISDICTION,
      standard: CERTIFICATE_STANDARD,
    },
    images: {
      rc: vehicle.rcImages.map((_, i) => imageUrl('rc', i + 1)),
      device: fitment.deviceImages.map((_, i) => imageUrl('device', i + 1)),
    },
  };
}

export function createCertificateService({ db, clock, publicUrl, files }: CertificateServiceDeps) {
  async function load(imei: string): Promise<CertificateRecord> {
    const record = await repo.findCertificateByImei(db, imei);
    if (!record) throw new NotFoundError(CERTIFICATE_MESSAGES.notFound);
    return record;
  }

  /** Signed-in access: the permission, then the scope (404 outside it, as if there were no certificate). */
  async function loadScoped(auth: AuthContext, imei: string): Promise<CertificateRecord> {
    if (!canViewCertificates(auth)) throw new ForbiddenError(CERTIFICATE_MESSAGES.forbidden);
    const record = await load(imei);
    if (
      !canSeeOrganisation(auth, record.fitment.organisationId) &&
      !canSeeOrganisation(auth, record.vehicle.organisationId)
    )
      throw new NotFoundError(CERTIFICATE_MESSAGES.notFound);
    return record;
  }

  /** Reads a file the record references, as the certificate (not the caller): uploads of the vendor's tree. */
  async function readReferenced(record: CertificateRecord, url: string | null | undefined) {
    const ref = parseFileUrl(url);
    if (!ref) return null;
    const orgIds = [
      ...(await repo.certificateFileOrganisations(db, record.fitment.organisationId)),
      record.vehicle.organisationId,
    ];
    try {
      const file = await files.read(ref.folder, ref.name, { orgIds });
      return IMAGE_TYPES.has(file.contentType) ? file : null;
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  }

  async function readAll(record: CertificateRecord, urls: string[], label: string) {
    const found: CertificateImage[] = [];
    for (const [i, url] of urls.entries()) {
      const file = await readReferenced(record, url);
      if (file) found.push({ label: `${label} ${i + 1}`, contentType: file.contentType, bytes: file.bytes });
    }
    return found;
  }

  const today = () => istDay(clock());

  return {
    async data(imei: string): Promise<CertificateData> {
      return toCertificateData(await load(imei), { publicUrl, today: today(), full: false });
    },

    async quick(auth: AuthContext, imei: string): Promise<QuickCertificate> {
      const { vehicle, device, owner, rtoName } = await loadScoped(auth, imei);
      return {
        RTO: { name: rtoName ?? vehicle.rto },
        registrationNumber: vehicle.registrationNumber,
        engineNo: vehicle.engineNo,
        category: vehicle.category,
        chassisNo: vehicle.chassisNo,
        make: vehicle.make,
        model: vehicle.model,
        meta: { regDate: vehicle.regDate },
        device: { panicButtonCount: device.panicButtonCount },
        owner: {
          firstName: owner.firstName,
          lastName: owner.lastName,
          email: owner.email,
          phone: owner.phone,
          address: owner.address,
        },
      };
    },

    async lookup(registrationNumber: string): Promise<{ imei: string }> {
      const imei = await repo.findImeiByRegistration(db, registrationNumber);
      if (!imei) throw new NotFoundError(CERTIFICATE_MESSAGES.lookupNotFound);
      return { imei };
    },

    /** The n-th (1-based) RC or device image, or the vendor's logo, of the device's live fitment. */
    async image(imei: string, kind: CertificatePublicImageKind, n: number): Promise<ServedFile> {
      const record = await load(imei);
      const url =
        kind === 'logo'
          ? n === 1
            ? record.vendor.logo
            : null
          : (kind === 'rc' ? record.vehicle.rcImages : record.fitment.deviceImages)[n - 1];
      const file = await readReferenced(record, url);
      if (!file) throw new NotFoundError(CERTIFICATE_MESSAGES.imageNotFound);
      return file;
    },

    /**
     * What the PDF shows. `auth` + `full`: the signed-in variant with the owner's address and KYC images (permission
     * and scope checked); otherwise the public one.
     */
    async document(
      imei: string,
      viewer: { auth: AuthContext; full: true } | { full: false },
    ): Promise<{ data: CertificateData; images: CertificateImages }> {
      const record = viewer.full ? await loadScoped(viewer.auth, imei) : await load(imei);
      const data = toCertificateData(record, { publicUrl, today: today(), full: viewer.full });
      const kycDocs: KycDoc[] = viewer.full ? record.owner.kycDocs : [];
      const kycLabel = (doc: KycDoc) => (doc.name === 'PAN' ? 'PAN' : 'Aadhaar');
      const kyc: CertificateImage[] = [];
      for (const doc of kycDocs) {
        const file = await readReferenced(record, doc.link);
        if (file) {
          const n = kyc.filter((k) => k.label.startsWith(kycLabel(doc))).length + 1;
          kyc.push({ label: `${kycLabel(doc)} ${n}`, contentType: file.contentType, bytes: file.bytes });
        }
      }
      const logo = await readReferenced(record, record.vendor.logo);
      return {
        data,
        images: {
          logo: logo ? { label: 'Logo', contentType: logo.contentType, bytes: logo.bytes } : null,
          rc: await readAll(record, record.vehicle.rcImages, 'RC'),
          device: await readAll(record, record.fitment.deviceImages, 'Device'),
          kyc,
        },
      };
    },
  };
}

export type CertificateService = ReturnType<typeof createCertificateService>;
