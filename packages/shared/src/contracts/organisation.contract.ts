import { z } from 'zod';
import { ORGANISATION_KINDS } from '../domain/enums.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const AddressSchema = z.object({
  country: z.string().max(100).default('India'),
  landmark: z.string().max(200).default(''),
  pin: z
    .string()
    .regex(/^(\d{6})?$/, 'The PIN code must be 6 digits')
    .default(''),
  city: z.string().max(100).default(''),
  state: z.string().max(100).default(''),
});

export const OrganisationSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  kind: z.enum(ORGANISATION_KINDS),
  tradeName: z.string(),
  brandName: z.string().nullable(),
  contact: z.string().nullable(),
  email: z.string().nullable(),
  address: AddressSchema,
  logo: z.string().nullable(),
  gst: z.string().nullable(),
  isOnboarded: z.boolean(),
  deleted: z.boolean(),
  createdAt: z.string(),
  /** The parent's trade name; GET /organisation (list) and GET /organisation/:id fill it. */
  parentName: z.string().nullable().optional(),
});
export type Organisation = z.infer<typeof OrganisationSchema>;

export const GST_RE = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

export const OrganisationInputSchema = z.object({
  parentId: z.string().regex(/^\d+$/).nullable().optional(),
  kind: z.enum(ORGANISATION_KINDS),
  tradeName: z.string().trim().min(2, 'The trade name is required').max(200),
  brandName: z.string().trim().max(200).nullable().optional(),
  contact: z.string().trim().max(20).nullable().optional(),
  email: z.email('Enter a valid e-mail address').nullable().optional(),
  address: AddressSchema.optional(),
  logo: z.string().max(500).nullable().optional(),
  gst: z
    .string()
    .trim()
    .toUpperCase()
    .regex(GST_RE, 'Enter a valid 15-character GSTIN')
    .nullable()
    .optional(),
  isOnboarded: z.boolean().optional(),
});
export type OrganisationInput = z.infer<typeof OrganisationInputSchema>;

/** PUT /organisation/:id: any subset of the fields. */
export const OrganisationUpdateSchema = OrganisationInputSchema.partial();
export type OrganisationUpdate = z.infer<typeof OrganisationUpdateSchema>;

/**
 * GET /organisation: the caller's organisation and its descendants, paged (list.contract.ts). `search` matches trade
 * name, brand name, e-mail and contact; `kind` and `parentId` filter.
 */
export const OrganisationListQuerySchema = ListQuerySchema.extend({
  kind: z.enum(ORGANISATION_KINDS).optional(),
  parentId: z.string().regex(/^\d+$/, 'Invalid id').optional(),
});
export type OrganisationListQuery = z.infer<typeof OrganisationListQuerySchema>;
/** `sortBy` keys of GET /organisation (default: trade name). */
export const ORGANISATION_SORT_FIELDS = [
  'tradeName',
  'brandName',
  'kind',
  'parentName',
  'createdAt',
] as const;
export type OrganisationSortField = (typeof ORGANISATION_SORT_FIELDS)[number];
export const OrganisationPageSchema = listPageSchema(OrganisationSchema);

/** Serialised (JSON) size limit of one organisation's settings. */
export const ORGANISATION_SETTINGS_MAX_BYTES = 64 * 1024;

/** Organisation settings are free-form per organisation (spec 01 §3); later issues add typed sections. */
export const OrganisationSettingsSchema = z
  .record(z.string(), z.unknown())
  .refine(
    (value) => new TextEncoder().encode(JSON.stringify(value)).length <= ORGANISATION_SETTINGS_MAX_BYTES,
    `The settings may be at most ${ORGANISATION_SETTINGS_MAX_BYTES / 1024} KB`,
  );
export type OrganisationSettings = z.infer<typeof OrganisationSettingsSchema>;
