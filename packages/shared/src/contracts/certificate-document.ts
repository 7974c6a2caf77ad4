/**
 * The certificate document (spec 02 §2 "Printable document layout", §9): its fixed wording, labels and the details
 * tables with formatted values. One description that the PDF (server, certificate-pdf.ts) and the page (console,
 * features/certificate) both render, so they cannot drift apart. Re-exported by certificate.contract.ts.
 */
import type { CertificateData } from './certificate.contract.ts';

/**
 * The certificate's fixed wording, shared by the PDF (server) and the HTML page (console) so both say the same. The
 * certificate body is a legal document and stays in English on both; only the page chrome is translated.
 */
export const CERTIFICATE_TEXT = {
  title: 'VLTD Fitment Certificate',
  imagesTitle: 'VLTD Fitment Certificate: Images',
  warrantyTitle: 'Warranty Certificate',
  customerCopy: "Customer's copy",
  departmentCopy: "Department's copy",
  exclusionsTitle: 'Warranty Exclusions',
  scanToVerify: 'Scan to verify',
  disclaimer:
    'This certificate records that the Vehicle Location Tracking Device (VLTD) described above was fitted to the ' +
    'vehicle named above by the vendor named above on the fitment date shown. The vehicle and owner details were ' +
    'given by the owner at the time of fitment; the vendor does not vouch for their correctness. Whether tracking ' +
    'is active today is shown on the verification page that the QR code opens, which always takes precedence over ' +
    'a printed copy. This document is generated electronically and needs no signature.',
  warrantyIntro: (months: number, standard: string) =>
    `The vendor named on this certificate warrants the ${standard} compliant Vehicle Location Tracking Device ` +
    `identified below against defects in material and workmanship for ${months} months from the date of ` +
    'installation, on the terms set out here.',
  /** Headed paragraphs of the warranty pages (Customer's and Department's copy alike). */
  warrantyTerms: (months: number, jurisdiction: string, standard: string) => [
    {
      heading: 'Warranty',
      paragraphs: [
        `The warranty runs for ${months} months from the installation date printed on this certificate and ends on ` +
          'the "Warranty valid until" date. It covers the tracking unit, its wiring harness and the panic buttons ' +
          'supplied with it, as fitted by the vendor.',
        `The device is of a type approved under ${standard} (Vehicle Location Tracking Device and Emergency Button ` +
          'requirements) and was installed following that standard. Tampering with the device voids that compliance ' +
          'as well as this warranty.',
      ],
    },
    {
      heading: 'Claims',
      paragraphs: [
        'Report a fault to the vendor by e-mail or telephone, as printed on this certificate, before the warranty ' +
          'ends, quoting the certificate number, the IMEI and the registration number of the vehicle.',
        'The vendor inspects the device at its workshop or at the vehicle within seven working days of the report. ' +
          "A device found defective under this warranty is repaired or, at the vendor's choice, replaced free of " +
          'charge for parts and labour; a replacement carries the remainder of the original warranty.',
      ],
    },
    {
      heading: 'Conditions',
      paragraphs: [
        'Only the vendor or a fitter authorised by it may open, move, disconnect or refit the device. The device ' +
          'stays with the vehicle named on this certificate; a transfer to another vehicle needs a new fitment.',
        'Tracking depends on an active activation plan and mobile network coverage, which this warranty does not ' +
          "cover. The vendor's liability is limited to repairing or replacing the device and never exceeds its price.",
        `Any dispute arising from this warranty is subject to the exclusive jurisdiction of the courts at ${jurisdiction}.`,
      ],
    },
    {
      heading: 'Out-of-warranty repairs',
      paragraphs: [
        'After the warranty ends, or for a fault excluded from it, the vendor repairs the device at its current rates ' +
          'for parts and labour, after the owner has accepted a written estimate. Repaired parts are warranted for ' +
          'ninety days from the repair.',
      ],
    },
  ],
  exclusionsIntro: 'This warranty does not cover, and the vendor is not liable for:',
  exclusions: [
    'damage from accidents, fire, flooding, water entering the unit beyond its rated protection, falls or misuse;',
    'a device whose enclosure was opened, whose seal or label was broken, or that was removed, relocated or ' +
      'reconnected by anyone other than the vendor or its authorised fitter;',
    "faults caused by the vehicle's electrical system: voltage surges, reversed or loose battery connections, " +
      'welding or jump-starting without disconnecting the device, or non-standard accessories on the same circuit;',
    'loss of tracking because of mobile network coverage, a SIM that was removed, blocked or deactivated, or an ' +
      'activation plan that was not paid or has expired;',
    'the gradual loss of capacity of the internal backup battery, and cosmetic wear of the enclosure and cables;',
    'firmware or configuration changes not made by the manufacturer or the vendor;',
    'use of the device on a vehicle other than the one named on this certificate;',
    "events beyond the vendor's control, such as natural disasters, riots, strikes or orders of a government " +
      'authority;',
    'any indirect or consequential loss, such as loss of use of the vehicle, penalties or loss of business.',
  ],
  exclusionsClosing: (jurisdiction: string) =>
    "Keep the Customer's copy with the vehicle documents; the Department's copy is kept by the registering " +
    `authority. Disputes: courts at ${jurisdiction} only.`,
  signatures: { customer: "Owner's signature", vendor: 'Authorised signatory (vendor)' },
} as const;

/** Section and field labels of the certificate body (PDF and page alike; English, see CERTIFICATE_TEXT). */
export const CERTIFICATE_LABELS = {
  sections: {
    vehicle: 'Vehicle Details',
    device: 'Device Details',
    fitment: 'Fitment Details',
    owner: 'Owner Details',
    vendor: 'Vendor Details',
    disclaimer: 'Disclaimer',
    warranty: 'Warranty Details',
    rcImages: 'Registration Certificate (RC)',
    deviceImages: 'Device',
    kycImages: 'KYC Documents (not part of the public certificate)',
    noImages: 'No images were recorded.',
  },
  registrationNumber: 'Registration No.',
  rto: 'RTO',
  category: 'Category',
  regDate: 'Registration Date',
  make: 'Make',
  model: 'Model',
  engineNo: 'Engine No.',
  chassisNo: 'Chassis No.',
  imei: 'IMEI',
  uid: 'UID',
  sim1: 'SIM 1',
  sim2: 'SIM 2',
  iccid: 'ICCID',
  tac: 'TAC No.',
  panicButtons: 'Panic Buttons',
  standard: 'Standard',
  fitmentDate: 'Fitment Date',
  validUntil: 'Valid Until',
  activation: 'Activation',
  trackingStatus: 'Tracking Status',
  fittedBy: 'Fitted By',
  lastReported: 'Last Reported',
  ownerName: 'Owner Name',
  phone: 'Phone',
  address: 'Address',
  vendor: 'Vendor',
  contact: 'Contact',
  email: 'E-mail',
  city: 'City',
  certificateNo: 'Certificate No.',
  installationDate: 'Installation Date',
  warrantyUntil: 'Warranty Valid Until',
  device: 'Device',
  owner: 'Owner',
  never: 'Never',
  activationStatus: { APPROVED: 'Approved', PENDING: 'Pending approval' },
  status: { active: 'Active', expired: 'Expired', inactive: 'Not active' },
} as const;

/** `YYYY-MM-DD` → `DD/MM/YYYY` (spec 02 §9); null → '-'. */
export function formatCertificateDay(day: string | null): string {
  if (!day) return '-';
  const [y, m, d] = day.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An ISO instant as `DD/MM/YYYY HH:mm:ss` in Asia/Kolkata. */
export function formatCertificateInstant(iso: string | null): string {
  if (!iso) return '-';
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Asia/Kolkata',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export interface CertificateSection {
  title: string;
  /** label / value pairs, shown two to a row (4 cells); an odd last pair spans the row. */
  pairs: Array<[label: string, value: string]>;
}

/**
 * The details tables of the fitment page, in order, with formatted values: the one description the PDF (server) and
 * the page (console) both render, so they cannot drift apart. `full` adds the owner's address (signed-in variant).
 */
export function certificateSections(
  data: CertificateData,
  options: { full?: boolean } = {},
): CertificateSection[] {
  const L = CERTIFICATE_LABELS;
  const v = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? '-' : String(value);
  const ownerName = `${data.owner.firstName} ${data.owner.lastName}`.trim();
  return [
    {
      title: L.sections.vehicle,
      pairs: [
        [L.registrationNumber, v(data.vehicle.registrationNumber)],
        [L.rto, v(data.vehicle.rto)],
        [L.category, v(data.vehicle.category)],
        [L.regDate, formatCertificateDay(data.vehicle.regDate)],
        [L.make, v(data.vehicle.make)],
        [L.model, v(data.vehicle.model)],
        [L.engineNo, v(data.vehicle.engineNo)],
        [L.chassisNo, v(data.vehicle.chassisNo)],
      ],
    },
    {
      title: L.sections.device,
      pairs: [
        [L.imei, v(data.device.imei)],
        [L.uid, v(data.device.UID)],
        [L.make, v(data.device.make)],
        [L.model, v(data.device.model)],
        [L.sim1, v(data.device.sim1)],
        [L.sim2, v(data.device.sim2)],
        [L.iccid, v(data.device.iccid)],
        [L.tac, v(data.device.TAC)],
        [L.panicButtons, v(data.device.panicButtonCount)],
        [L.standard, v(data.warranty.standard)],
      ],
    },
    {
      title: L.sections.fitment,
      pairs: [
        [L.fitmentDate, formatCertificateDay(data.fitment.date)],
        [L.validUntil, formatCertificateDay(data.fitment.expiresOn)],
        [L.activation, L.activationStatus[data.fitment.activationStatus]],
        [L.trackingStatus, L.status[data.status.status]],
        [L.fittedBy, v(data.fitter)],
        [
          L.lastReported,
          data.status.lastSeenAt ? `${formatCertificateInstant(data.status.lastSeenAt)} IST` : L.never,
        ],
      ],
    },
    {
      title: L.sections.owner,
      pairs: [
        [L.ownerName, v(ownerName)],
        [L.phone, v(data.owner.phone)],
        ...(options.full ? [[L.address, v(data.owner.address)] as [string, string]] : []),
      ],
    },
    {
      title: L.sections.vendor,
      pairs: [
        [L.vendor, v(data.vendor.brandName)],
        [L.contact, v(data.vendor.contact)],
        [L.email, v(data.vendor.email)],
        [L.city, v([data.vendor.address.city, data.vendor.address.pincode].filter(Boolean).join(' '))],
      ],
    },
  ];
}

/** The details table of the warranty pages. */
export function certificateWarrantySection(data: CertificateData): CertificateSection {
  const L = CERTIFICATE_LABELS;
  const { make, model } = data.device;
  // Model names often start with the make ("Concox GT06E"): print the make once.
  const device =
    make && model?.toLowerCase().startsWith(make.toLowerCase())
      ? model
      : [make, model].filter(Boolean).join(' ');
  return {
    title: L.sections.warranty,
    pairs: [
      [L.certificateNo, data.certificateNo],
      [L.registrationNumber, data.vehicle.registrationNumber],
      [L.installationDate, formatCertificateDay(data.warranty.from)],
      [L.warrantyUntil, formatCertificateDay(data.warranty.until)],
      [L.imei, data.device.imei],
      [L.device, device || '-'],
      [L.owner, `${data.owner.firstName} ${data.owner.lastName}`.trim() || '-'],
      [L.vendor, data.vendor.brandName],
    ],
  };
}

/** The vendor's letterhead lines under its name. */
export function certificateVendorLines(data: CertificateData): string[] {
  const a = data.vendor.address;
  return [
    [a.addressLine1, a.addressLine2, a.area].filter(Boolean).join(', '),
    [a.city, a.state, a.pincode].filter(Boolean).join(', '),
    [data.vendor.email, data.vendor.contact].filter(Boolean).join('  |  '),
  ].filter((line) => line !== '');
}
