/**
 * The device model form's rules: the contract's DeviceModelInputSchema with the inputs the form holds as text
 * (firmware versions as a comma list, panic button count, protocol before one is chosen). Contract and server
 * messages are English; MESSAGE_KEYS finds their i18n key.
 */
import {
  DEVICE_MODEL_PROTOCOLS,
  DeviceModelInputSchema,
  type DeviceModel,
  type DeviceModelProtocol,
} from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const PANIC_MESSAGE = 'The panic button count must be a whole number from 0 to 4';
const isProtocol = (v: string): v is DeviceModelProtocol =>
  (DEVICE_MODEL_PROTOCOLS as readonly string[]).includes(v);

export function deviceModelFormSchema() {
  return DeviceModelInputSchema.extend({
    name: z.string().trim().min(1, 'The name is required').max(100, 'At most 100 characters'),
    manufacturer: z.string().trim().min(1, 'The manufacturer is required').max(100, 'At most 100 characters'),
    protocol: z
      .string()
      .refine(isProtocol, 'Choose a protocol')
      .transform((v) => v as DeviceModelProtocol),
    firmwareVersions: z
      .string()
      .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))].filter((s) => s !== ''))
      .pipe(
        z
          .array(z.string().max(50, 'A firmware version is at most 50 characters'))
          .max(100, 'At most 100 firmware versions'),
      ),
    panicButtonCount: z
      .string()
      .trim()
      .regex(/^\d$/, PANIC_MESSAGE)
      .transform(Number)
      .pipe(z.number().max(4, PANIC_MESSAGE)),
  });
}

export type DeviceModelFormValues = z.input<ReturnType<typeof deviceModelFormSchema>>;

export const DEVICE_MODEL_FORM_FIELDS = [
  'name',
  'manufacturer',
  'protocol',
  'firmwareVersions',
  'panicButtonCount',
  'tacNumber',
] as const;

export const EMPTY_DEVICE_MODEL_FORM: DeviceModelFormValues = {
  name: '',
  manufacturer: '',
  protocol: '',
  firmwareVersions: '',
  panicButtonCount: '1',
  tacNumber: '',
};

export function toFormValues(m: DeviceModel): DeviceModelFormValues {
  return {
    name: m.name,
    manufacturer: m.manufacturer,
    protocol: m.protocol,
    firmwareVersions: m.firmwareVersions.join(', '),
    panicButtonCount: String(m.panicButtonCount),
    tacNumber: m.tacNumber ?? '',
  };
}

/** Contract and server messages → `catalogue` i18n keys (anything else is shown as sent). */
const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  'The name is required': 'validation.nameRequired',
  'The manufacturer is required': 'validation.manufacturerRequired',
  'Choose a protocol': 'validation.protocol',
  'The protocol must be ais140, gt06 or teltonika': 'validation.protocol',
  [PANIC_MESSAGE]: 'validation.panicButtons',
  'At most 100 characters': 'validation.max100',
  'A firmware version is at most 50 characters': 'validation.firmwareLength',
  'At most 100 firmware versions': 'validation.firmwareCount',
  'A firmware version cannot be blank': 'validation.firmwareBlank',
  'A device model with this name already exists': 'validation.modelNameTaken',
  'The TAC number must be at most 60 characters': 'validation.tacLength',
  'The TAC number may hold letters, digits, spaces, dot, dash, slash and underscore':
    'validation.tacCharacters',
  'Device model not found.': 'deviceModel.form.notFound',
};

export function useDeviceModelMessages(): (message: string) => string {
  const { t } = useTranslation('catalogue');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
