/**
 * Vehicle groups (spec 01 §2.6 groups; the duty report filters by group). A vehicle is in at most one group
 * (`vehicles.group_id`).
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const GroupSchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  vehicleCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Group = z.infer<typeof GroupSchema>;
export const GroupPageSchema = listPageSchema(GroupSchema);

export const GROUP_SORT_FIELDS = ['name', 'createdAt'] as const;

export const GroupListQuerySchema = ListQuerySchema.extend({ organisationId: IdSchema.optional() });
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;

export const GroupInputSchema = z.object({
  organisationId: IdSchema.optional(),
  name: z.string().trim().min(1, 'The name is required').max(100),
  description: z.string().trim().max(500).nullish(),
  /** On create: the members to start with (moved out of their current group). */
  vehicleIds: z.array(IdSchema).max(10_000).optional(),
});
export type GroupInput = z.infer<typeof GroupInputSchema>;

/** PUT /group/:id/vehicles: the group's members become exactly these (others leave the group). */
export const GroupVehiclesInputSchema = z.object({ vehicleIds: z.array(IdSchema).max(10_000) });
export type GroupVehiclesInput = z.infer<typeof GroupVehiclesInputSchema>;

/** GET /group/:id/summary. "Online" = a linked device heard from within the offline threshold, as on the live map. */
export const GroupSummarySchema = z.object({
  groupId: z.string(),
  vehicleCount: z.number().int(),
  /** Vehicles with a device linked now. */
  linked: z.number().int(),
  unlinked: z.number().int(),
  onlineNow: z.number().int(),
  vehicles: z.array(
    z.object({
      id: z.string(),
      registrationNumber: z.string(),
      imei: z.string().nullable(),
      isOnline: z.boolean(),
    }),
  ),
});
export type GroupSummary = z.infer<typeof GroupSummarySchema>;
