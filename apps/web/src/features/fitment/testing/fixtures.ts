/** Sample data of the fitment page tests (shapes of the fitment and activation contracts, lookups included). */
import type {
  ActivationPlan,
  FitmentDeviceOption,
  FitmentLookupPerson,
  FitmentPersonLookup,
  FitmentRow,
} from '@civicfleet/shared';
import { ok } from '@/api/testing/fetch-stub';

export const page = <T>(items: T[]) => ok({ items, total: items.length, page: 1, pageSize: 10 });

export const plans: ActivationPlan[] = [
  { id: '1', name: '1 year', durationInDays: 365, pricePaise: 150000 },
  { id: '2', name: '2 year', durationInDays: 730, pricePaise: 270000 },
];

export const fitmentRow: FitmentRow = {
  id: '9',
  fitmentDate: '2026-11-20',
  durationInDays: 365,
  deviceActivate: true,
  activationStatus: 'PENDING',
  expiresOn: null,
  approvedAt: null,
  organisation: { id: '3', name: 'Malwa Auto' },
  vehicle: {
    id: '4',
    registrationNumber: 'MP09AB1234',
    category: 'Goods',
    engineNo: 'EN1',
    chassisNo: 'CH1',
    regDate: '2024-04-01',
    rto: 'Indore',
    rtoCode: 'MP_09',
    make: 'Tata',
    model: 'Ace',
    rcImages: ['/v1/file/rc/rc1.png', '/v1/file/rc/rc2.png'],
    isTrackingActivated: false,
  },
  device: {
    id: '5',
    imei: '356307042441013',
    panicButtonCount: 1,
    deviceImages: ['/v1/file/device/d1.png', '/v1/file/device/d2.png'],
    model: 'AIS140',
  },
  customer: {
    id: '6',
    firstName: 'Kavita',
    lastName: 'Rathore',
    email: 'kavita@example.in',
    phone: '+919876543210',
    address: '12 MG Road, Indore',
    kycDocs: [
      { name: 'AADHAR', link: '/v1/file/kyc/a1.png' },
      { name: 'PAN', link: '/v1/file/kyc/p1.png' },
    ],
  },
  fitter: {
    id: '8',
    firstName: 'Ramesh',
    lastName: 'Yadav',
    email: 'ramesh@example.in',
    phone: '+919000000007',
  },
  chargedPaise: null,
  createdAt: '2026-11-20T05:00:00.000Z',
};

export const approvedRow: FitmentRow = {
  ...fitmentRow,
  id: '10',
  activationStatus: 'APPROVED',
  expiresOn: '2027-11-20',
  approvedAt: '2026-11-21T05:00:00.000Z',
  chargedPaise: 150000,
  vehicle: { ...fitmentRow.vehicle, id: '11', registrationNumber: 'MP09CD5678' },
  device: { ...fitmentRow.device, id: '12', imei: '356307042441021' },
  fitter: null,
};

/** GET /v1/fitment/lookup/person answers. */
export const lookup = {
  found: (person: Partial<FitmentLookupPerson> & Pick<FitmentLookupPerson, 'firstName' | 'phone'>) =>
    ({
      found: true,
      matchesRole: true,
      person: { id: '21', lastName: '', email: null, address: null, ...person },
    }) satisfies FitmentPersonLookup,
  otherRole: (message: string) =>
    ({ found: true, matchesRole: false, message }) satisfies FitmentPersonLookup,
  notFound: { found: false } satisfies FitmentPersonLookup,
};

/** A GET /v1/fitment/lookup/devices option. */
export const freeDevice: FitmentDeviceOption = {
  id: '50',
  imei: '356307042441039',
  model: 'AIS140',
  status: 'ALLOCATED',
  panicButtonCount: 2,
};

/** Everything an RFC_ADMIN holds on this screen (the form's lookups need only add or edit). */
export const RFC_ADMIN_PERMISSIONS = [
  'fitment',
  'fitment:add-fitment',
  'fitment:edit-fitment-result-table',
  'fitment:delete-fitment-result-table',
  'fitment:create-activation',
  'fitment:change-status-result-table',
  'fitment:view-certificate',
  'user',
  'device',
];

export const rfcAdmin = {
  roleName: 'RFC_ADMIN',
  permissions: RFC_ADMIN_PERMISSIONS,
  user: { id: '30', organisation: { id: '3', tradeName: 'Malwa Auto', brandName: null } },
};

export const fitter = {
  roleName: 'FITTER',
  permissions: ['fitment', 'fitment:add-fitment', 'fitment:edit-fitment-result-table'],
  user: { id: '31', organisation: { id: '3', tradeName: 'Malwa Auto', brandName: null } },
};

/** PUT /activation/approve|undo answer for a fitment row. */
export function activationResult(
  row: FitmentRow,
  wallet: { balancePaise: number; amountPaise: number } | null,
) {
  return ok({
    activation: {
      id: row.id,
      imei: row.device.imei,
      registrationNumber: row.vehicle.registrationNumber,
      organisation: row.organisation,
      customerName: `${row.customer.firstName} ${row.customer.lastName}`,
      fitmentDate: row.fitmentDate,
      durationInDays: row.durationInDays,
      deviceActivate: row.deviceActivate,
      activationStatus: row.activationStatus === 'PENDING' ? 'APPROVED' : 'PENDING',
      expiresOn: null,
      approvedAt: null,
      approvedBy: null,
      chargedPaise: null,
      planPricePaise: 150000,
      isTrackingActivated: row.activationStatus === 'PENDING',
      createdAt: row.createdAt,
    },
    wallet: wallet ? { walletId: '1', transactionId: '7', ...wallet } : null,
  });
}
