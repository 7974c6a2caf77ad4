/** The device form's rules (messages are `device` i18n keys) and its mapping to the contract's body. */
import {
  ALLOWED_NETWORKS_MAX,
  DEVICE_PROTOCOLS,
  DEVICE_UID_PATTERN,
  ESIM_PROVIDERS,
  isLuhnValid,
  type Device,
  type DeviceInput,
} from '@civicfleet/shared';
import { z } from 'zod';

const digits = (pattern: RegExp, message: string) =>
  z.string().trim().regex(pattern, message).or(z.literal(''));

export const NETWORKS_MODES = ['inherit', 'any', 'list'] as const;

/** Networks typed one per line or separated by commas or spaces. */
export function splitNetworks(text: string): string[] {
  return text.split(/[\s,]+/).filter((n) => n !== '');
}

export const DeviceFormSchema = z
  .object({
    imei: z
      .string()
      .trim()
      .regex(/^\d{15}$/, 'validation.imei')
      .refine(isLuhnValid, 'validation.imeiLuhn'),
    uid: z.string().trim().regex(DEVICE_UID_PATTERN, 'validation.uid'),
    iccid: digits(/^\d{18,22}$/, 'validation.iccid'),
    sim1: digits(/^\d{10,15}$/, 'validation.sim'),
    sim2: digits(/^\d{10,15}$/, 'validation.sim'),
    eSimProvider: z.enum(ESIM_PROVIDERS).or(z.literal('')),
    model: z.string().trim().max(64, 'validation.tooLong'),
    firmware: z.string().trim().max(64, 'validation.tooLong'),
    protocol: z.enum(DEVICE_PROTOCOLS).or(z.literal('')),
    panicButtonCount: z.string().regex(/^[0-8]$/, 'validation.panic'),
    organisationId: z.string().min(1, 'validation.organisationRequired'),
    /**
     * Allowed source networks (docs/security.md "Device identity"): the organisation's (null), any address ([]) or
     * these networks. Their format is checked by the server, whose message shows on the field.
     */
    networksMode: z.enum(NETWORKS_MODES),
    allowedNetworks: z.string(),
  })
  .refine((v) => v.networksMode !== 'list' || splitNetworks(v.allowedNetworks).length > 0, {
    path: ['allowedNetworks'],
    message: 'validation.networksRequired',
  });
export type DeviceFormValues = z.infer<typeof DeviceFormSchema>;

export const DEVICE_FORM_FIELDS = [
  'imei',
  'uid',
  'iccid',
  'sim1',
  'sim2',
  'eSimProvider',
  'model',
  'firmware',
  'protocol',
  'panicButtonCount',
  'organisationId',
  'allowedNetworks',
] as const;

/** The server names a bad network by its index (`allowedNetworks.2`): all of them belong to the one field. */
export const DEVICE_SERVER_FIELD_MAP: Record<string, 'allowedNetworks'> = Object.fromEntries(
  Array.from(
    { length: ALLOWED_NETWORKS_MAX },
    (_, i) => [`allowedNetworks.${i}`, 'allowedNetworks'] as const,
  ),
);

export const EMPTY_DEVICE_FORM: DeviceFormValues = {
  imei: '',
  uid: '',
  iccid: '',
  sim1: '',
  sim2: '',
  eSimProvider: '',
  model: '',
  firmware: '',
  protocol: '',
  panicButtonCount: '0',
  organisationId: '',
  networksMode: 'inherit',
  allowedNetworks: '',
};

export function toFormValues(device: Device): DeviceFormValues {
  return {
    imei: device.imei,
    uid: device.uid ?? '',
    iccid: device.iccid ?? '',
    sim1: device.sim1 ?? '',
    sim2: device.sim2 ?? '',
    eSimProvider: (ESIM_PROVIDERS as readonly string[]).includes(device.eSimProvider ?? '')
      ? (device.eSimProvider as DeviceFormValues['eSimProvider'])
      : '',
    model: device.model ?? '',
    firmware: device.firmware ?? '',
    protocol: device.protocol ?? '',
    panicButtonCount: String(device.panicButtonCount),
    organisationId: device.organisation.id,
    networksMode:
      device.allowedNetworks === null ? 'inherit' : device.allowedNetworks.length === 0 ? 'any' : 'list',
    allowedNetworks: (device.allowedNetworks ?? []).join('\n'),
  };
}

/** Empty texts go as null: the server clears them. */
export function toDeviceBody(values: DeviceFormValues): DeviceInput {
  const orNull = (v: string) => (v === '' ? null : v);
  return {
    imei: values.imei,
    uid: orNull(values.uid),
    iccid: orNull(values.iccid),
    sim1: orNull(values.sim1),
    sim2: orNull(values.sim2),
    eSimProvider: values.eSimProvider === '' ? null : values.eSimProvider,
    model: orNull(values.model),
    firmware: orNull(values.firmware),
    protocol: values.protocol === '' ? null : values.protocol,
    panicButtonCount: Number(values.panicButtonCount),
    organisationId: values.organisationId,
    // Always sent: an edit without it would reset the device to its organisation's networks.
    allowedNetworks:
      values.networksMode === 'inherit'
        ? null
        : values.networksMode === 'any'
          ? []
          : splitNetworks(values.allowedNetworks),
  };
}
