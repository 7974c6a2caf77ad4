/** The organisation form's rules (messages are `admin` i18n keys) and its mapping to the contract's bodies. */
import { GST_RE, ORGANISATION_KINDS, type Organisation, type OrganisationInput } from '@civicfleet/shared';
import { z } from 'zod';

export const OrganisationFormSchema = z.object({
  parentId: z.string(),
  kind: z
    .union([z.enum(ORGANISATION_KINDS), z.literal('')])
    .refine((v) => v !== '', 'validation.kindRequired'),
  tradeName: z.string().trim().min(2, 'validation.tradeNameRequired').max(200, 'validation.tooLong'),
  brandName: z.string().trim().max(200, 'validation.tooLong'),
  contact: z.string().trim().max(20, 'validation.tooLong'),
  email: z.union([z.literal(''), z.email('validation.email')]),
  gst: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || GST_RE.test(v), 'validation.gst'),
  landmark: z.string().max(200, 'validation.tooLong'),
  city: z.string().max(100, 'validation.tooLong'),
  state: z.string().max(100, 'validation.tooLong'),
  pin: z.string().regex(/^(\d{6})?$/, 'validation.pin'),
  country: z.string().max(100, 'validation.tooLong'),
  isOnboarded: z.boolean(),
});
export type OrganisationFormValues = z.input<typeof OrganisationFormSchema>;

export const ORGANISATION_FORM_FIELDS = [
  'parentId',
  'kind',
  'tradeName',
  'brandName',
  'contact',
  'email',
  'gst',
  'isOnboarded',
] as const;

/** Server error paths (address.pin …) → form fields. */
export const ADDRESS_ERROR_FIELDS = {
  'address.landmark': 'landmark',
  'address.city': 'city',
  'address.state': 'state',
  'address.pin': 'pin',
  'address.country': 'country',
} as const;

export function toFormValues(o: Organisation | undefined, defaultParentId: string): OrganisationFormValues {
  return {
    parentId: o ? (o.parentId ?? '') : defaultParentId,
    kind: o?.kind ?? '',
    tradeName: o?.tradeName ?? '',
    brandName: o?.brandName ?? '',
    contact: o?.contact ?? '',
    email: o?.email ?? '',
    gst: o?.gst ?? '',
    landmark: o?.address.landmark ?? '',
    city: o?.address.city ?? '',
    state: o?.address.state ?? '',
    pin: o?.address.pin ?? '',
    country: o?.address.country ?? 'India',
    isOnboarded: o?.isOnboarded ?? false,
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function toBody(v: z.output<typeof OrganisationFormSchema>): OrganisationInput {
  return {
    parentId: v.parentId === '' ? null : v.parentId,
    kind: v.kind,
    tradeName: v.tradeName,
    brandName: orNull(v.brandName),
    contact: orNull(v.contact),
    email: orNull(v.email),
    gst: orNull(v.gst),
    address: { landmark: v.landmark, city: v.city, state: v.state, pin: v.pin, country: v.country },
    isOnboarded: v.isOnboarded,
  };
}
