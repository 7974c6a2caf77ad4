/**
 * The POI form's rules. The form holds text (numbers as typed, '' for none); on submit the text becomes a PoiInput
 * and the contract's PoiInputSchema checks it, so the server's rules are the form's rules. Coordinates are decimal
 * degrees (WGS 84), the radius metres. Contract messages are English; `MESSAGE_KEYS` finds their i18n key.
 */
import { POI_KINDS, PoiInputSchema, type Poi, type PoiInput, type PoiKind } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export const POI_LIST_PATH = '/management/POI';
export const NUMBER_MESSAGE = 'Enter a number';
const isNumberText = (text: string) => /^-?\d+(\.\d+)?$/.test(text);

const PoiFormSchema = z.object({
  name: z.string(),
  kind: z.string(),
  lat: z.string(),
  lon: z.string(),
  radiusM: z.string(),
  address: z.string(),
  wardId: z.string(),
});
export type PoiFormValues = z.input<typeof PoiFormSchema>;

const NUMBER_FIELDS = ['lat', 'lon', 'radiusM'] as const;

export function poiFormSchema() {
  return PoiFormSchema.transform((values, ctx): PoiInput => {
    const typed = new Set<string>();
    for (const field of NUMBER_FIELDS) {
      const text = values[field].trim();
      if (text !== '' && !isNumberText(text)) {
        typed.add(field);
        ctx.addIssue({ code: 'custom', path: [field], message: NUMBER_MESSAGE });
      }
    }
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const parsed = PoiInputSchema.safeParse({
      name: values.name,
      kind: values.kind,
      lat: number(values.lat),
      lon: number(values.lon),
      radiusM: number(values.radiusM),
      address: values.address.trim() === '' ? null : values.address,
      wardId: values.wardId === '' ? null : values.wardId,
    });
    if (parsed.success && typed.size === 0) return parsed.data;
    for (const issue of parsed.error?.issues ?? []) {
      const [field] = issue.path;
      if (typeof field === 'string' && !typed.has(field))
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  });
}

export const POI_FORM_FIELDS = ['name', 'kind', 'lat', 'lon', 'radiusM', 'address', 'wardId'] as const;

export const EMPTY_POI_FORM: PoiFormValues = {
  name: '',
  kind: '',
  lat: '',
  lon: '',
  radiusM: '50',
  address: '',
  wardId: '',
};

export function toFormValues(poi: Poi): PoiFormValues {
  return {
    name: poi.name,
    kind: poi.kind,
    lat: String(poi.lat),
    lon: String(poi.lon),
    radiusM: String(poi.radiusM),
    address: poi.address ?? '',
    wardId: poi.wardId ?? '',
  };
}

export const isPoiKind = (value: string): value is PoiKind =>
  (POI_KINDS as readonly string[]).includes(value);

/** Contract and server messages → `poi` i18n keys (anything else is shown as sent). */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  [`The kind must be one of ${POI_KINDS.join(', ')}`]: 'validation.kind',
  'The latitude is required': 'validation.latRequired',
  'The latitude must be inside India': 'validation.latInside',
  'The longitude is required': 'validation.lonRequired',
  'The longitude must be inside India': 'validation.lonInside',
  'The radius must be 10 to 50,000 metres': 'validation.radius',
  "The ward must be a ward of the POI's organisation": 'validation.ward',
  [NUMBER_MESSAGE]: 'validation.number',
};

/** How the POI form shows field messages: the contract's messages by their i18n keys, others as sent. */
export function usePoiMessages(): (message: string) => string {
  const { t } = useTranslation('poi');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
