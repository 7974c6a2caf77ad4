/** Tracker models (spec 01 §2.6 device-model: list, add, edit/:id). Names are unique platform-wide. */
import { z } from 'zod';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const DEVICE_MODEL_PROTOCOLS = ['ais140', 'gt06', 'teltonika'] as const;
export type DeviceModelProtocol = (typeof DEVICE_MODEL_PROTOCOLS)[number];

export const DeviceModelSchema = z.object({
  id: z.string(),
  /** Who added it; null = the platform. */
  organisationId: z.string().nullable(),
  name: z.string(),
  manufacturer: z.string(),
  protocol: z.enum(DEVICE_MODEL_PROTOCOLS),
  firmwareVersions: z.array(z.string()),
  /** Default panic button count of a device of this model (fitment form, certificate). */
  panicButtonCount: z.number().int(),
  /** AIS-140 Type Approval Certificate number (ARAI/ICAT) of the model, printed on fitment certificates. */
  tacNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceModel = z.infer<typeof DeviceModelSchema>;
export const DeviceModelPageSchema = listPageSchema(DeviceModelSchema);

export const DEVICE_MODEL_SORT_FIELDS = ['name', 'manufacturer', 'protocol', 'createdAt'] as const;

export const DeviceModelListQuerySchema = ListQuerySchema.extend({
  protocol: z.enum(DEVICE_MODEL_PROTOCOLS, 'The protocol must be ais140, gt06 or teltonika').optional(),
});
export type DeviceModelListQuery = z.infer<typeof DeviceModelListQuerySchema>;

export const DeviceModelInputSchema = z.object({
  name: z.string().trim().min(1, 'The name is required').max(100),
  manufacturer: z.string().trim().min(1, 'The manufacturer is required').max(100),
  protocol: z.enum(DEVICE_MODEL_PROTOCOLS, 'The protocol must be ais140, gt06 or teltonika'),
  firmwareVersions: z
    .array(z.string().trim().min(1, 'A firmware version cannot be blank').max(50))
    .max(100)
    .default([]),
  panicButtonCount: z
    .number()
    .int('The panic button count must be a whole number from 0 to 4')
    .min(0, 'The panic button count must be a whole number from 0 to 4')
    .max(4, 'The panic button count must be a whole number from 0 to 4')
    .default(1),
  /** Optional; blank → null. */
  tacNumber: z
    .string()
    .trim()
    .max(60, 'The TAC number must be at most 60 characters')
    .regex(/^[\w ./-]*$/, 'The TAC number may hold letters, digits, spaces, dot, dash, slash and underscore')
    .nullish()
    .transform((v) => (v === '' || v === undefined || v === null ? null : v)),
});
export type DeviceModelInput = z.infer<typeof DeviceModelInputSchema>;
