/**
 * The temporary device form: TemporaryDeviceSchema's IMEI rule, the protocol ('' = left open) and a lifetime picked
 * from a short list within the contract's 5 minutes to 7 days.
 */
import { DEVICE_PROTOCOLS, type DeviceProtocol } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TemporaryDeviceBody } from './api/debug';

/** Lifetimes offered, in minutes (the contract allows 5 to 10,080). */
export const EXPIRY_CHOICES_MIN = [30, 60, 6 * 60, 24 * 60, 3 * 24 * 60, 7 * 24 * 60] as const;
export const DEFAULT_EXPIRY_MIN = 24 * 60;

const IMEI_MESSAGE = 'The IMEI must be 15 digits';

export const temporaryDeviceFormSchema = z.object({
  imei: z
    .string()
    .trim()
    .regex(/^\d{15}$/, IMEI_MESSAGE),
  protocol: z.union([z.literal(''), z.enum(DEVICE_PROTOCOLS)]),
  expiresInMinutes: z.string().regex(/^\d+$/),
});

export type TemporaryDeviceFormValues = z.infer<typeof temporaryDeviceFormSchema>;

export const TEMPORARY_DEVICE_FIELDS = ['imei', 'protocol', 'expiresInMinutes'] as const;

export const EMPTY_TEMPORARY_DEVICE_FORM: TemporaryDeviceFormValues = {
  imei: '',
  protocol: '',
  expiresInMinutes: String(DEFAULT_EXPIRY_MIN),
};

export function toTemporaryDeviceBody(values: TemporaryDeviceFormValues): TemporaryDeviceBody {
  return {
    imei: values.imei,
    ...(values.protocol === '' ? {} : { protocol: values.protocol as DeviceProtocol }),
    expiresInMinutes: Number(values.expiresInMinutes),
  };
}

const MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [IMEI_MESSAGE]: 'validation.imei',
};

export function useDebugMessages(): (message: string) => string {
  const { t } = useTranslation('catalogue');
  return (message) => {
    const key = MESSAGE_KEYS[message];
    return key ? t(key) : message;
  };
}
