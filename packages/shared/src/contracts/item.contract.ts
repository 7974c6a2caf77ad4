/**
 * Items: RFID / QR tags (spec 01 §2.6 item: list, add; row actions see attached vehicle, edit, delete; §9 QR/RFID).
 * A tag is on a vehicle or on a POI (a collection point), or not attached yet; its code is unique per organisation.
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const ITEM_KINDS = ['QR', 'RFID'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const ItemSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  code: z.string(),
  kind: z.enum(ITEM_KINDS),
  description: z.string().nullable(),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
  poi: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof ItemSchema>;
export const ItemPageSchema = listPageSchema(ItemSchema);

export const ItemListQuerySchema = ListQuerySchema.extend({
  organisationId: IdSchema.optional(),
  kind: z.enum(ITEM_KINDS, 'The kind must be QR or RFID').optional(),
  vehicleId: IdSchema.optional(),
  poiId: IdSchema.optional(),
});
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

export const ITEM_MESSAGES = {
  code: 'The code must be 1 to 64 letters, digits, "-", "_" or ":"',
  oneTarget: 'A tag is attached to a vehicle or a POI, not both',
} as const;

export const ItemInputSchema = z
  .object({
    organisationId: IdSchema.optional(),
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_:-]{1,64}$/, ITEM_MESSAGES.code),
    kind: z.enum(ITEM_KINDS, 'The kind must be QR or RFID'),
    description: z.string().trim().max(500).nullish(),
    vehicleId: IdSchema.nullish(),
    poiId: IdSchema.nullish(),
  })
  .refine((v) => !(v.vehicleId && v.poiId), { path: ['poiId'], message: ITEM_MESSAGES.oneTarget });
export type ItemInput = z.infer<typeof ItemInputSchema>;
