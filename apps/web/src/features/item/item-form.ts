/**
 * The item (RFID / QR tag) form's rules. The form holds text and where the tag hangs (`attachTo`: nothing, a vehicle
 * or a POI); on submit that becomes an ItemInput checked by the contract's ItemInputSchema, so the server's rules are
 * the form's. Contract messages are English; `MESSAGE_KEYS` finds their i18n key.
 */
import { ITEM_KINDS, ITEM_MESSAGES, ItemInputSchema, type Item, type ItemInput } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

export const ITEM_LIST_PATH = '/management/item';
export const ATTACH_TARGETS = ['none', 'vehicle', 'poi'] as const;
export type AttachTarget = (typeof ATTACH_TARGETS)[number];

const CHOOSE_VEHICLE = 'Choose a vehicle';
const CHOOSE_POI = 'Choose a POI';

const ItemFormSchema = z.object({
  code: z.string(),
  kind: z.string(),
  description: z.string(),
  attachTo: z.enum(ATTACH_TARGETS),
  vehicleId: z.string(),
  poiId: z.string(),
});
export type ItemFormValues = z.input<typeof ItemFormSchema>;

export function itemFormSchema() {
  return ItemFormSchema.transform((values, ctx): ItemInput => {
    const own: Array<[field: 'vehicleId' | 'poiId', message: string]> = [];
    if (values.attachTo === 'vehicle' && values.vehicleId === '') own.push(['vehicleId', CHOOSE_VEHICLE]);
    if (values.attachTo === 'poi' && values.poiId === '') own.push(['poiId', CHOOSE_POI]);
    for (const [field, message] of own) ctx.addIssue({ code: 'custom', path: [field], message });
    const parsed = ItemInputSchema.safeParse({
      code: values.code,
      kind: values.kind,
      description: values.description.trim() === '' ? null : values.description,
      vehicleId: values.attachTo === 'vehicle' && values.vehicleId !== '' ? values.vehicleId : null,
      poiId: values.attachTo === 'poi' && values.poiId !== '' ? values.poiId : null,
    });
    if (parsed.success && own.length === 0) return parsed.data;
    for (const issue of parsed.error?.issues ?? [])
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
}

export const ITEM_FORM_FIELDS = ['code', 'kind', 'description', 'vehicleId', 'poiId'] as const;

export const EMPTY_ITEM_FORM: ItemFormValues = {
  code: '',
  kind: 'RFID',
  description: '',
  attachTo: 'none',
  vehicleId: '',
  poiId: '',
};

export function toFormValues(item: Item): ItemFormValues {
  return {
    code: item.code,
    kind: item.kind,
    description: item.description ?? '',
    attachTo: item.vehicle ? 'vehicle' : item.poi ? 'poi' : 'none',
    vehicleId: item.vehicle?.id ?? '',
    poiId: item.poi?.id ?? '',
  };
}

export const isItemKind = (value: string): value is Item['kind'] =>
  (ITEM_KINDS as readonly string[]).includes(value);

/** Contract and server messages → `item` i18n keys (anything else is shown as sent). */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [ITEM_MESSAGES.code]: 'validation.code',
  [ITEM_MESSAGES.oneTarget]: 'validation.oneTarget',
  'The kind must be QR or RFID': 'validation.kind',
  'A tag with this code already exists': 'validation.codeTaken',
  "The vehicle must be a vehicle of the tag's organisation": 'validation.vehicleOrganisation',
  "The POI must be a POI of the tag's organisation": 'validation.poiOrganisation',
  [CHOOSE_VEHICLE]: 'validation.chooseVehicle',
  [CHOOSE_POI]: 'validation.choosePoi',
};

/** How the item form shows field messages: the contract's messages by their i18n keys, others as sent. */
export function useItemMessages(): (message: string) => string {
  const { t } = useTranslation('item');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
