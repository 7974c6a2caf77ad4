/**
 * VLTD fitment certificates (spec 02 §2 "Public certificate page", §3 "Certificate data", §7 "Certificate", §9).
 * A certificate exists for a device with a live (non-deleted) fitment; it is keyed by the device IMEI.
 *
 * Public (no sign-in, rate limited per client IP):
 *   GET /v1/certificate/{imei}                     → CertificateData (no e-mail, masked phone, never KYC)
 *   GET /v1/certificate/{imei}/pdf                 → the printable PDF (no KYC images)
 *   GET /v1/certificate/{imei}/image/{kind}/{n}    → the n-th (1-based) RC or device image of that fitment
 *   GET /v1/certificate/lookup?registrationNumber= → { imei } of the newest live fitment of that vehicle
 * Signed in (module `certificate` or `fitment:view-certificate`, organisation scope of the fitment):
 *   GET /v1/certificate/{imei}/pdf?full=1          → the PDF with the owner's address and KYC images
 *   GET /v1/certificate/quick?imei=                → QuickCertificate (spec 02 §3 "Quick-certificate shape")
 *
 * Unknown IMEI, no live fitment, or (signed in) a fitment outside the caller's organisations: 404
 * CERTIFICATE_MESSAGES.notFound.
 */
import { z } from 'zod';

export const CERTIFICATE_MESSAGES = {
  notFound: 'No certificate for this IMEI',
  lookupNotFound: 'No certificate for this registration number',
  imageNotFound: 'Image not found.',
  imei: 'The IMEI must be 15 digits',
  registrationNumber: 'Enter a registration number of 4 to 20 letters and digits',
  forbidden: 'You do not have permission to view certificates.',
  rateLimited: 'Too many certificate requests. Try again shortly.',
} as const;

/** Warranty of the fitted device (spec 02 §9): 12 months from the installation (fitment) date. */
export const CERTIFICATE_WARRANTY_MONTHS = 12;
/** Courts of this city decide warranty disputes (spec 02 §9 "Kolkata jurisdiction"). */
export const CERTIFICATE_JURISDICTION = 'Kolkata';
/** The standard the fitted device complies with (spec 02 §9). */
export const CERTIFICATE_STANDARD = 'AIS140';

/** Images the public page and PDF may show (logo: the vendor's, n = 1). Aadhaar and PAN images are never public (authenticated PDF only). */
export const CERTIFICATE_PUBLIC_IMAGE_KINDS = ['rc', 'device', 'logo'] as const;
export type CertificatePublicImageKind = (typeof CERTIFICATE_PUBLIC_IMAGE_KINDS)[number];

/** Verification state shown on the page: tracking approved and not past expiresOn (IST day) = active. */
export const CERTIFICATE_STATUSES = ['active', 'expired', 'inactive'] as const;
export type CertificateStatusCode = (typeof CERTIFICATE_STATUSES)[number];

/** IMEI as a route parameter: 15 digits (no Luhn check: an unknown IMEI simply has no certificate). */
export const CertificateImeiSchema = z
  .string()
  .trim()
  .regex(/^\d{15}$/, CERTIFICATE_MESSAGES.imei);

export const CertificateImeiParamsSchema = z.object({ imei: CertificateImeiSchema });

export const CertificateImageParamsSchema = z.object({
  imei: CertificateImeiSchema,
  kind: z.enum(CERTIFICATE_PUBLIC_IMAGE_KINDS, CERTIFICATE_MESSAGES.imageNotFound),
  n: z.coerce.number(CERTIFICATE_MESSAGES.imageNotFound).int().min(1).max(10),
});

/** `?full=1` asks for the signed-in variant (owner's address, KYC images); anything else is the public one. */
export const CertificatePdfQuerySchema = z.object({
  full: z
    .enum(['0', '1', 'true', 'false'], 'full must be 1 or 0')
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const CertificateQuickQuerySchema = z.object({ imei: CertificateImeiSchema });

/** Registration numbers are compared without spaces, dashes and case ("MP 09-ab 1234" = "MP09AB1234"). */
export const CertificateLookupQuerySchema = z.object({
  registrationNumber: z
    .string(CERTIFICATE_MESSAGES.registrationNumber)
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9]{4,20}$/.test(v.replace(/[\s-]/g, '')),
      CERTIFICATE_MESSAGES.registrationNumber,
    ),
});
export const CertificateLookupSchema = z.object({ imei: z.string() });
export type CertificateLookup = z.infer<typeof CertificateLookupSchema>;

const text = z.string().nullable();
/** Calendar dates are `YYYY-MM-DD` (the fitment's local day); instants are ISO-8601 UTC. */
const day = z.string().nullable();

export const CertificateVehicleSchema = z.object({
  /** The RTO's name (e.g. "Indore"), or the stored code when the RTO is not in the reference list. */
  rto: text,
  rtoCode: text,
  registrationNumber: z.string(),
  regDate: day,
  engineNo: text,
  category: text,
  chassisNo: text,
  make: text,
  model: text,
});

export const CertificateFitmentSchema = z.object({
  date: z.string(),
  /** Set when the activation is approved: date + durationInDays. */
  expiresOn: day,
  activationStatus: z.enum(['PENDING', 'APPROVED']),
  durationInDays: z.number().int(),
});

export const CertificateOwnerSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** Masked on the public answer: "+91XXXXXX1234". */
  phone: text,
  /** Only in the signed-in (full) variant; null on the public answer. */
  address: text,
});

export const CertificateAddressSchema = z.object({
  addressLine1: text,
  addressLine2: text,
  pincode: text,
  area: text,
  city: text,
  state: text,
  country: text,
});

export const CertificateVendorSchema = z.object({
  brandName: z.string(),
  email: text,
  contact: text,
  /** Mapped from the organisation address (landmark → addressLine1, pin → pincode). */
  address: CertificateAddressSchema,
  /** Root-relative URL of the vendor's logo through the public image route, or null. */
  logoUrl: z.string().nullable(),
});

export const CertificateDeviceSchema = z.object({
  imei: z.string(),
  /** AIS-140 UID printed on the unit (`devices.uid`); null when not recorded. */
  UID: text,
  model: text,
  /** The device model's manufacturer. */
  make: text,
  sim1: text,
  sim2: text,
  /** Type approval certificate number of the device's model (`device_models.tac_number`, matched by name). */
  TAC: text,
  iccid: text,
  panicButtonCount: z.number().int(),
});

export const CertificateStatusSchema = z.object({
  status: z.enum(CERTIFICATE_STATUSES),
  /** Tracking approved and not expired. */
  active: z.boolean(),
  /** Last packet received from the device (any frame), or null if it never reported. */
  lastSeenAt: z.string().nullable(),
});

export const CertificateWarrantySchema = z.object({
  months: z.number().int(),
  /** Installation date (= fitment date). */
  from: z.string(),
  /** Last day covered: from + 12 months − 1 day. */
  until: z.string(),
  jurisdiction: z.string(),
  standard: z.string(),
});

export const CertificateDataSchema = z.object({
  /** `VLTD-<fitment date YYYYMMDD>-<fitment id, 6+ digits>`: stable for a fitment, unique across fitments. */
  certificateNo: z.string(),
  /** Absolute URL of the public page /certificate/{imei} (what the QR code encodes). */
  publicUrl: z.string(),
  /** Absolute URL of the public PDF. */
  pdfUrl: z.string(),
  vehicle: CertificateVehicleSchema,
  fitment: CertificateFitmentSchema,
  owner: CertificateOwnerSchema,
  vendor: CertificateVendorSchema,
  device: CertificateDeviceSchema,
  /** The fitter's name, or null when the fitment has none (bulk rows). */
  fitter: z.string().nullable(),
  status: CertificateStatusSchema,
  warranty: CertificateWarrantySchema,
  /** Root-relative URLs of the public image route, in the fitment's order. */
  images: z.object({ rc: z.array(z.string()), device: z.array(z.string()) }),
});
export type CertificateData = z.infer<typeof CertificateDataSchema>;
export type CertificateVehicle = z.infer<typeof CertificateVehicleSchema>;
export type CertificateDevice = z.infer<typeof CertificateDeviceSchema>;

/** spec 02 §3 "Quick-certificate shape" (signed in; the owner's e-mail and phone are not masked, no KYC). */
export const QuickCertificateSchema = z.object({
  RTO: z.object({ name: z.string().nullable() }),
  registrationNumber: z.string(),
  engineNo: text,
  category: text,
  chassisNo: text,
  make: text,
  model: text,
  meta: z.object({ regDate: day }),
  device: z.object({ panicButtonCount: z.number().int() }),
  owner: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: text,
    phone: text,
    address: text,
  }),
});
export type QuickCertificate = z.infer<typeof QuickCertificateSchema>;

/** "+919876541234" → "+91XXXXXX1234": enough to recognise one's own number, not to call it. */
export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length > 10 ? digits.slice(-10) : digits;
  if (national.length < 4) return null;
  return `+91${'X'.repeat(national.length - 4)}${national.slice(-4)}`;
}

/** The PDF's file name (spec 02 §2): `<registrationNumber>-VLTD_Certificate-<DD-MM-YYYY>.pdf`. */
export function certificateFileName(registrationNumber: string, fitmentDate: string): string {
  const [y, m, d] = fitmentDate.slice(0, 10).split('-');
  const safeReg = registrationNumber.replace(/[^A-Za-z0-9]/g, '') || 'vehicle';
  return `${safeReg}-VLTD_Certificate-${d ?? ''}-${m ?? ''}-${y ?? ''}.pdf`;
}

export * from './certificate-document.ts';
