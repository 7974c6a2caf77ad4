/**
 * The fitment form's model: what the fields hold (text, `YYYY-MM-DD` or null, uploaded URLs), the rules (the
 * contract's schemas, with the form kit's date and image rules so those fields translate their own messages) and the
 * mapping to and from the contract's FitmentInput / FitmentRow.
 *
 * Beyond the spec (its form schema has no rules, spec 02 §5) the required fields are checked here and on the server.
 * Aadhaar and PAN images are two fields on the form and one `kycDocs` list on the wire.
 */
import {
  ACTIVATION_DURATIONS,
  DurationInDaysSchema,
  FITMENT_IMAGE_LIMITS,
  FitmentCustomerInputSchema,
  FitmentDeviceInputSchema,
  FitmentFitterInputSchema,
  FitmentVehicleInputSchema,
  RTO_CODE_PATTERN,
  withoutPhonePrefix,
  type FitmentInput,
  type FitmentRow,
  type KycDoc,
} from '@civicfleet/shared';
import { z } from 'zod';
import { dateFieldSchema, imageUrlsSchema } from '@/components/form';

/** Registration dates before this are refused (the form kit's date rule). */
export const REG_DATE_MIN = '1980-01-01';

export interface FitmentFormValues {
  vehicle: {
    category: string;
    registrationNumber: string;
    engineNo: string;
    chassisNo: string;
    regDate: string | null;
    /** State code (MP); the RTO choices follow it. */
    state: string;
    /** The RTO's name, set with rtoCode when an RTO is picked. */
    rto: string;
    /** `<state>_<code>`, the RTO picker's value. */
    rtoCode: string;
    make: string;
    model: string;
    rcImages: string[];
  };
  device: { imei: string; panicButtonCount: string; deviceImages: string[] };
  customer: {
    /** 10 digits; +91 is shown as an adornment and added by the contract. */
    phone: string;
    firstName: string;
    lastName: string;
    email: string;
    address: string;
    aadharImages: string[];
    panImages: string[];
  };
  fitter: { phone: string; firstName: string; lastName: string; email: string };
  fitmentDate: string | null;
  /** Days of the chosen plan as text ('' = none chosen). */
  durationInDays: string;
  deviceActivate: boolean;
}

const isBlankFitter = (f: FitmentFormValues['fitter']) =>
  [f.phone, f.firstName, f.lastName, f.email].every((v) => v.trim() === '');

/** The form's rules; build it in the form (the date rules read "today" when built). */
export function fitmentFormSchema() {
  const limits = FITMENT_IMAGE_LIMITS;
  return z
    .object({
      vehicle: FitmentVehicleInputSchema.extend({
        regDate: dateFieldSchema({ minDate: REG_DATE_MIN, isRequired: true }),
        // A state code from the list: '' reads "State is required" like the contract's enum does.
        state: z.string().min(1, 'State is required'),
        // The RTO picker's value is rtoCode; it sets the RTO's name alongside.
        rto: z.string().trim(),
        rtoCode: z
          .string()
          .trim()
          .min(1, { message: 'RTO is required', abort: true })
          .regex(RTO_CODE_PATTERN, 'RTO code must look like MP_09'),
        rcImages: imageUrlsSchema(limits.rcImages),
      }),
      device: FitmentDeviceInputSchema.extend({
        deviceImages: imageUrlsSchema(limits.deviceImages),
      }),
      customer: FitmentCustomerInputSchema.omit({ kycDocs: true, password: true }).extend({
        aadharImages: imageUrlsSchema(limits.AADHAR),
        panImages: imageUrlsSchema(limits.PAN),
      }),
      // No fitter recorded when every fitter field is blank; otherwise the contract's fitter rules.
      fitter: z
        .object({ phone: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
        .transform((fitter, ctx) => {
          if (isBlankFitter(fitter)) return null;
          const parsed = FitmentFitterInputSchema.safeParse(fitter);
          if (parsed.success) return parsed.data;
          for (const issue of parsed.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
          return z.NEVER;
        }),
      fitmentDate: dateFieldSchema({ isRequired: true }),
      durationInDays: DurationInDaysSchema,
      deviceActivate: z.boolean(),
    })
    .transform((v): FitmentInput => {
      const { aadharImages, panImages, ...customer } = v.customer;
      const kycDocs: KycDoc[] = [
        ...aadharImages.map((link) => ({ name: 'AADHAR' as const, link })),
        ...panImages.map((link) => ({ name: 'PAN' as const, link })),
      ];
      return {
        vehicle: {
          ...v.vehicle,
          regDate: v.vehicle.regDate ?? '',
          state: v.vehicle.state as FitmentInput['vehicle']['state'],
        },
        device: v.device,
        customer: { ...customer, kycDocs },
        fitter: v.fitter,
        fitmentDate: v.fitmentDate ?? '',
        durationInDays: v.durationInDays,
        deviceActivate: v.deviceActivate,
      };
    });
}

/** Field names of the form, for mapping the server's `errors` (keyed by the same paths). */
export const FITMENT_FORM_FIELDS = [
  'vehicle.category',
  'vehicle.registrationNumber',
  'vehicle.engineNo',
  'vehicle.chassisNo',
  'vehicle.regDate',
  'vehicle.state',
  'vehicle.rto',
  'vehicle.rtoCode',
  'vehicle.make',
  'vehicle.model',
  'vehicle.rcImages',
  'device.imei',
  'device.panicButtonCount',
  'device.deviceImages',
  'customer.phone',
  'customer.firstName',
  'customer.lastName',
  'customer.email',
  'customer.address',
  'customer.aadharImages',
  'customer.panImages',
  'fitter.phone',
  'fitter.firstName',
  'fitter.lastName',
  'fitter.email',
  'fitmentDate',
  'durationInDays',
  'deviceActivate',
] as const;

/** Server paths that are not form fields. */
export const SERVER_FIELD_MAP = {
  'customer.kycDocs': 'customer.aadharImages',
  'vehicle.rto': 'vehicle.rtoCode',
  fitter: 'fitter.phone',
} as const;

const firstPlanDays = ACTIVATION_DURATIONS[0].durationInDays;

export function emptyFitmentForm(today: string): FitmentFormValues {
  return {
    vehicle: {
      category: '',
      registrationNumber: '',
      engineNo: '',
      chassisNo: '',
      regDate: null,
      state: '',
      rto: '',
      rtoCode: '',
      make: '',
      model: '',
      rcImages: [],
    },
    device: { imei: '', panicButtonCount: '0', deviceImages: [] },
    customer: {
      phone: '',
      firstName: '',
      lastName: '',
      email: '',
      address: '',
      aadharImages: [],
      panImages: [],
    },
    fitter: { phone: '', firstName: '', lastName: '', email: '' },
    fitmentDate: today,
    durationInDays: String(firstPlanDays),
    deviceActivate: false,
  };
}

const docs = (row: FitmentRow, name: KycDoc['name']) =>
  row.customer.kycDocs.filter((d) => d.name === name).map((d) => d.link);

/** A loaded fitment as form values (phones without +91, the state from the RTO code). */
export function toFitmentFormValues(row: FitmentRow): FitmentFormValues {
  const { vehicle, device, customer, fitter } = row;
  const rtoCode = vehicle.rtoCode ?? '';
  return {
    vehicle: {
      category: vehicle.category ?? '',
      registrationNumber: vehicle.registrationNumber,
      engineNo: vehicle.engineNo ?? '',
      chassisNo: vehicle.chassisNo ?? '',
      regDate: vehicle.regDate,
      state: rtoCode.includes('_') ? rtoCode.slice(0, rtoCode.indexOf('_')) : '',
      rto: vehicle.rto ?? '',
      rtoCode,
      make: vehicle.make ?? '',
      model: vehicle.model ?? '',
      rcImages: vehicle.rcImages,
    },
    device: {
      imei: device.imei,
      panicButtonCount: String(device.panicButtonCount),
      deviceImages: device.deviceImages,
    },
    customer: {
      phone: withoutPhonePrefix(customer.phone ?? ''),
      firstName: customer.firstName,
      lastName: customer.lastName,
      email: customer.email ?? '',
      address: customer.address ?? '',
      aadharImages: docs(row, 'AADHAR'),
      panImages: docs(row, 'PAN'),
    },
    fitter: fitter
      ? {
          phone: withoutPhonePrefix(fitter.phone ?? ''),
          firstName: fitter.firstName,
          lastName: fitter.lastName,
          email: fitter.email ?? '',
        }
      : { phone: '', firstName: '', lastName: '', email: '' },
    fitmentDate: row.fitmentDate,
    durationInDays: String(row.durationInDays),
    deviceActivate: row.deviceActivate,
  };
}
