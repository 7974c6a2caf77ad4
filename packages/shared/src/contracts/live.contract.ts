/**
 * /v1/live WebSocket messages (telematics issue "Live feed"). The server sends a `snapshot` first, then `delta`
 * batches at most every 500 ms, only for vehicles the user may see.
 */
import { z } from 'zod';

export const VEHICLE_LIVE_STATUSES = ['moving', 'idle', 'stopped', 'offline', 'never-connected'] as const;
export type VehicleLiveStatus = (typeof VEHICLE_LIVE_STATUSES)[number];

export const LivePositionSchema = z.object({
  deviceId: z.string(),
  vehicleId: z.string().nullable(),
  organisationId: z.string(),
  fixTime: z.string(),
  serverTime: z.string(),
  lat: z.number(),
  lon: z.number(),
  speedKph: z.number().nullable(),
  headingDeg: z.number().nullable(),
  gpsValid: z.boolean().nullable(),
  ignition: z.boolean().nullable(),
  mainPower: z.boolean().nullable(),
  batteryVoltageV: z.number().nullable(),
  gsmSignal: z.number().nullable(),
  odometerM: z.number().nullable(),
  status: z.enum(VEHICLE_LIVE_STATUSES),
  statusSince: z.string().nullable(),
});
export type LivePosition = z.infer<typeof LivePositionSchema>;

export const LiveAlertSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  vehicleId: z.string().nullable(),
  organisationId: z.string(),
  type: z.string(),
  at: z.string(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** true when the alert came from a history (late) packet. */
  late: z.boolean(),
});
export type LiveAlert = z.infer<typeof LiveAlertSchema>;

export const LiveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), positions: z.array(LivePositionSchema) }),
  z.object({
    type: z.literal('delta'),
    positions: z.array(LivePositionSchema),
    alerts: z.array(LiveAlertSchema),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type LiveMessage = z.infer<typeof LiveMessageSchema>;

/**
 * Close codes of /v1/live besides the standard ones (live-session.ts). `forbidden`: the user's role grants no part of
 * the feed (apps/server/src/live/live-permissions.ts), final: a client must not reconnect. `rescoped`: the user's role,
 * permissions or organisation changed while connected; reconnect at once and start from the new snapshot.
 */
export const LIVE_CLOSE = {
  tooSlow: 4008,
  unauthorised: 4401,
  forbidden: 4403,
  rescoped: 4409,
} as const;

/** What the gateway publishes on the bus after a committed batch (organisation ids let the API filter per user). */
export interface LiveDelta {
  positions: LivePosition[];
  alerts: LiveAlert[];
}
