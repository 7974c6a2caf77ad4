import type { FitmentRow } from '@civicfleet/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatDaysHoursMinutes, formatYearsDays } from '../duration';
import {
  emptyFitmentForm,
  fitmentFormSchema,
  toFitmentFormValues,
  type FitmentFormValues,
} from './fitment-form';

const img = (name: string) => `/v1/file/rc/${name}.png`;

function filled(): FitmentFormValues {
  const values = emptyFitmentForm('2026-11-20');
  return {
    ...values,
    vehicle: {
      ...values.vehicle,
      category: 'Goods',
      registrationNumber: 'mp 09 ab 1234',
      regDate: '2024-04-01',
      state: 'MP',
      rto: 'Indore',
      rtoCode: 'MP_09',
      rcImages: [img('rc1'), img('rc2')],
    },
    device: { imei: '356307042441013', panicButtonCount: '2', deviceImages: [img('d1'), img('d2')] },
    customer: {
      phone: '9876543210',
      firstName: 'Kavita',
      lastName: 'Rathore',
      email: 'Kavita@Example.in',
      address: '12 MG Road, Indore',
      aadharImages: [img('a1')],
      panImages: [img('p1'), img('p2')],
    },
  };
}

const issues = (values: FitmentFormValues) => {
  const result = fitmentFormSchema().safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('fitment form model', () => {
  it('turns the form into the contract body: +91 phones, kycDocs, no fitter when its fields are blank', () => {
    const result = fitmentFormSchema().parse(filled());
    expect(result).toMatchObject({
      vehicle: { registrationNumber: 'MP09AB1234', rtoCode: 'MP_09', state: 'MP', regDate: '2024-04-01' },
      device: { imei: '356307042441013', panicButtonCount: 2 },
      customer: {
        phone: '+919876543210',
        email: 'kavita@example.in',
        kycDocs: [
          { name: 'AADHAR', link: img('a1') },
          { name: 'PAN', link: img('p1') },
          { name: 'PAN', link: img('p2') },
        ],
      },
      fitter: null,
      fitmentDate: '2026-11-20',
      durationInDays: 365,
      deviceActivate: false,
    });
    expect(result.customer).not.toHaveProperty('aadharImages');
  });

  it('applies the image counts of spec 02 §5: RC exactly 2, device 2–3, Aadhaar 1–2, PAN 1–2', () => {
    const v = filled();
    expect(issues(v)).toEqual({});
    expect(
      issues({
        ...v,
        vehicle: { ...v.vehicle, rcImages: [img('rc1')] },
        device: { ...v.device, deviceImages: [img('1'), img('2'), img('3'), img('4')] },
        customer: { ...v.customer, aadharImages: [], panImages: [img('1'), img('2'), img('3')] },
      }),
    ).toEqual({
      'vehicle.rcImages': 'min',
      'device.deviceImages': 'max',
      'customer.aadharImages': 'min',
      'customer.panImages': 'max',
    });
    expect(issues({ ...v, device: { ...v.device, deviceImages: [img('1'), img('2'), img('3')] } })).toEqual(
      {},
    );
  });

  it('requires the marked fields and checks a fitter once any fitter field is filled', () => {
    const empty = emptyFitmentForm('2026-11-20');
    expect(issues({ ...empty, durationInDays: '' })).toMatchObject({
      'vehicle.category': 'Category is required',
      'vehicle.registrationNumber': 'Registration number is required',
      'vehicle.regDate': 'required',
      'vehicle.state': 'State is required',
      'vehicle.rtoCode': 'RTO is required',
      'customer.firstName': 'First name is required',
      'customer.address': 'Address is required',
      durationInDays: 'Activation duration is required',
    });
    const v = filled();
    expect(issues({ ...v, fitter: { phone: '98765', firstName: '', lastName: '', email: '' } })).toEqual({
      'fitter.phone': 'The phone number must be 10 digits with +91',
      'fitter.firstName': 'Fitter first name is required',
    });
    const withFitter = fitmentFormSchema().parse({
      ...v,
      fitter: { phone: '9000000007', firstName: 'Ramesh', lastName: '', email: '' },
    });
    expect(withFitter.fitter).toEqual({
      phone: '+919000000007',
      firstName: 'Ramesh',
      lastName: '',
      email: null,
    });
  });

  it('loads a saved fitment back: phones without +91, the state from the RTO code, KYC split by kind', () => {
    const row = {
      id: '9',
      fitmentDate: '2026-11-20',
      durationInDays: 730,
      deviceActivate: true,
      activationStatus: 'PENDING',
      expiresOn: null,
      approvedAt: null,
      organisation: { id: '3', name: 'Malwa Auto' },
      vehicle: {
        id: '4',
        registrationNumber: 'MP09AB1234',
        category: 'Goods',
        engineNo: null,
        chassisNo: 'CH1',
        regDate: '2024-04-01',
        rto: 'Indore',
        rtoCode: 'MP_09',
        make: null,
        model: null,
        rcImages: [img('rc1'), img('rc2')],
        isTrackingActivated: false,
      },
      device: {
        id: '5',
        imei: '356307042441013',
        panicButtonCount: 1,
        deviceImages: [img('d1'), img('d2')],
        model: null,
      },
      customer: {
        id: '6',
        firstName: 'Kavita',
        lastName: 'Rathore',
        email: null,
        phone: '+919876543210',
        address: null,
        kycDocs: [
          { name: 'PAN', link: img('p1') },
          { name: 'AADHAR', link: img('a1') },
        ],
      },
      fitter: null,
      chargedPaise: null,
      createdAt: '2026-11-20T05:00:00.000Z',
    } satisfies FitmentRow;
    const values = toFitmentFormValues(row);
    expect(values.vehicle).toMatchObject({ state: 'MP', rtoCode: 'MP_09', rto: 'Indore', engineNo: '' });
    expect(values.customer).toMatchObject({
      phone: '9876543210',
      email: '',
      address: '',
      aadharImages: [img('a1')],
      panImages: [img('p1')],
    });
    expect(values.fitter).toEqual({ phone: '', firstName: '', lastName: '', email: '' });
    expect(values.durationInDays).toBe('730');
  });
});

describe('duration display (spec 02 §9)', () => {
  const t = i18n.getFixedT('en', 'fitment') as (key: string, o: { count: number }) => string;
  it('shows years and days, days hours and minutes, and - when undefined', async () => {
    await i18n.loadNamespaces('fitment');
    expect(formatYearsDays(365, t)).toBe('1 year');
    expect(formatYearsDays(730, t)).toBe('2 years');
    expect(formatYearsDays(400, t)).toBe('1 year 35 days');
    expect(formatYearsDays(0, t)).toBe('0 days');
    expect(formatYearsDays(undefined, t)).toBe('-');
    expect(formatDaysHoursMinutes(1505, t)).toBe('1 day 1 hour 5 minutes');
    expect(formatDaysHoursMinutes(null, t)).toBe('-');
  });
});
