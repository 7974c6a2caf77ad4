/**
 * Public share links (live operations issue, "Public sharing"; spec 01 §2.1 public routes
 * /public/share/live-tracking, /public/{context}/share/{collectionId}, spec 01 §7 endpoint root share-playback).
 *
 * Signed in:  POST /v1/share (create; the only answer that carries the link), GET /v1/share (list),
 *             DELETE /v1/share/:id (revoke).
 * Public:     GET /v1/public/share?token=… (what the link shows), and /v1/live?share=<token> (WebSocket, live and
 *             collection links: `ShareLiveMessage`s for the shared vehicles only).
 * An unknown, expired or revoked token all answer 404 with SHARE_MESSAGES.gone (no oracle between them).
 */
import { z } from 'zod';
import { IdSchema } from './envelope.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';
import { VEHICLE_LIVE_STATUSES } from './live.contract.ts';
import { PLAYBACK_MAX_DAYS_LIMIT, PlaybackSchema, playbackRangeMessage } from './playback.contract.ts';

export const SHARE_KINDS = ['live', 'playback', 'collection'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** The views a collection link can show: a collection route (routes) or a ward (admin_divisions, type WARD). */
export const SHARE_COLLECTION_CONTEXTS = ['route', 'ward'] as const;
export type ShareCollectionContext = (typeof SHARE_COLLECTION_CONTEXTS)[number];

/** How long a link lives: 15 minutes … 30 days, 24 hours unless asked otherwise. */
export const SHARE_EXPIRY_MINUTES = { min: 15, max: 30 * 24 * 60, default: 24 * 60 } as const;

export const SHARE_MESSAGES = {
  gone: 'This link has expired or was revoked.',
  liveTarget: 'Choose one vehicle or one group to share',
  playbackVehicle: 'Choose the vehicle whose playback to share',
  playbackWindow: 'The start must be before the end',
  playbackMissing: 'Choose the start and the end of the playback window',
  collectionTarget: 'Choose the collection view (route or ward) to share',
  expiry: `The link must expire in ${SHARE_EXPIRY_MINUTES.min} minutes to 30 days`,
  forbiddenLive: 'You do not have permission to share live tracking.',
  forbiddenPlayback: 'You do not have permission to share playback.',
  notFound: 'Share link not found.',
  vehicleNotFound: 'Vehicle not found.',
  groupNotFound: 'Group not found.',
  collectionNotFound: 'The route or ward to share was not found.',
  alreadyRevoked: 'This link was already revoked.',
} as const;

const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

/**
 * POST /v1/share. Per kind:
 * - live: exactly one of vehicleId / groupId (a group link follows the group's members as they change);
 * - playback: vehicleId, from < to, at most PLAYBACK_MAX_DAYS_LIMIT days apart here; the server also applies the
 *   organisation's own playback range (playback.contract.ts, default 7 days) with the same message;
 * - collection: context + collectionId (a route id or a ward id), optionally vehicleId-free.
 * Fields that do not belong to the kind are refused rather than silently stored.
 */
export const ShareInputSchema = z
  .object({
    kind: z.enum(SHARE_KINDS, 'The kind must be live, playback or collection'),
    vehicleId: IdSchema.nullish(),
    groupId: IdSchema.nullish(),
    from: instant('The start must be an ISO date-time').nullish(),
    to: instant('The end must be an ISO date-time').nullish(),
    context: z.enum(SHARE_COLLECTION_CONTEXTS, 'The context must be route or ward').nullish(),
    collectionId: IdSchema.nullish(),
    expiresInMinutes: z
      .number(SHARE_MESSAGES.expiry)
      .int(SHARE_MESSAGES.expiry)
      .min(SHARE_EXPIRY_MINUTES.min, SHARE_MESSAGES.expiry)
      .max(SHARE_EXPIRY_MINUTES.max, SHARE_MESSAGES.expiry)
      .default(SHARE_EXPIRY_MINUTES.default),
    label: z.string().trim().max(100, 'The label can be at most 100 characters').nullish(),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const notHere = (path: 'vehicleId' | 'groupId' | 'from' | 'to' | 'context' | 'collectionId') => {
      if (v[path] != null) issue(path, `The ${path} field does not apply to a ${v.kind} link`);
    };
    if (v.kind === 'live') {
      if ((v.vehicleId == null) === (v.groupId == null)) issue('vehicleId', SHARE_MESSAGES.liveTarget);
      for (const p of ['from', 'to', 'context', 'collectionId'] as const) notHere(p);
    } else if (v.kind === 'playback') {
      if (v.vehicleId == null) issue('vehicleId', SHARE_MESSAGES.playbackVehicle);
      if (v.from == null || v.to == null)
        issue(v.from == null ? 'from' : 'to', SHARE_MESSAGES.playbackMissing);
      else {
        const fromMs = Date.parse(v.from);
        const toMs = Date.parse(v.to);
        if (fromMs >= toMs) issue('to', SHARE_MESSAGES.playbackWindow);
        else if (toMs - fromMs > PLAYBACK_MAX_DAYS_LIMIT * 86_400_000)
          issue('to', playbackRangeMessage(PLAYBACK_MAX_DAYS_LIMIT));
      }
      for (const p of ['groupId', 'context', 'collectionId'] as const) notHere(p);
    } else {
      if (v.context == null) issue('context', SHARE_MESSAGES.collectionTarget);
      if (v.collectionId == null) issue('collectionId', SHARE_MESSAGES.collectionTarget);
      for (const p of ['vehicleId', 'groupId', 'from', 'to'] as const) notHere(p);
    }
  });
export type ShareInput = z.infer<typeof ShareInputSchema>;
/** What the console sends (expiresInMinutes may be left out). */
export type ShareInputBody = z.input<typeof ShareInputSchema>;

/** One share link as the signed-in list shows it (never the token or the URL: those exist only at creation). */
export const ShareSchema = z.object({
  id: z.string(),
  kind: z.enum(SHARE_KINDS),
  label: z.string().nullable(),
  vehicle: z.object({ id: z.string(), registrationNumber: z.string() }).nullable(),
  group: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Playback window (kind playback), ISO UTC. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Collection view (kind collection): the context, the route's or ward's id and its name (null if deleted). */
  collection: z
    .object({ context: z.enum(SHARE_COLLECTION_CONTEXTS), id: z.string(), name: z.string().nullable() })
    .nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdBy: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  /** revoked wins over expired. */
  status: z.enum(SHARE_STATUSES),
});
export type Share = z.infer<typeof ShareSchema>;
export const SharePageSchema = listPageSchema(ShareSchema);

/**
 * The answer of POST /v1/share: the row plus the link, shown once. `url` is absolute (the server's PUBLIC_URL);
 * `path` is the same link without the origin, for a console served from another origin.
 */
export const CreatedShareSchema = ShareSchema.extend({ url: z.string(), path: z.string() });
export type CreatedShare = z.infer<typeof CreatedShareSchema>;

/** `sortBy` keys of GET /v1/share (default: newest first). */
export const SHARE_SORT_FIELDS = ['createdAt', 'expiresAt', 'kind'] as const;

/** GET /v1/share: the caller's organisations' links; `search` matches the label and the vehicle's registration. */
export const ShareListQuerySchema = ListQuerySchema.extend({
  kind: z.enum(SHARE_KINDS, 'The kind must be live, playback or collection').optional(),
  status: z.enum(SHARE_STATUSES, 'The status must be active, expired or revoked').optional(),
  vehicleId: IdSchema.optional(),
});
export type ShareListQuery = z.infer<typeof ShareListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------------
// Public side: only what was shared. No organisation ids, device ids, IMEIs or user names.
// ---------------------------------------------------------------------------------------------------------------

/** GET /v1/public/share?token=… */
export const ShareTokenQuerySchema = z.object({
  token: z.string('The token is required').min(1, 'The token is required').max(200, 'Invalid token'),
});

export const PublicShareVehicleSchema = z.object({
  id: z.string(),
  registrationNumber: z.string(),
  /** VEHICLE_KINDS (map icon), null when not set. */
  kind: z.string().nullable(),
});
export type PublicShareVehicle = z.infer<typeof PublicShareVehicleSchema>;

/** A vehicle's latest fix as the public sees it (the live feed's LivePosition without device / organisation). */
export const PublicSharePositionSchema = z.object({
  vehicleId: z.string(),
  fixTime: z.string(),
  lat: z.number(),
  lon: z.number(),
  speedKph: z.number().nullable(),
  headingDeg: z.number().nullable(),
  ignition: z.boolean().nullable(),
  status: z.enum(VEHICLE_LIVE_STATUSES),
  statusSince: z.string().nullable(),
});
export type PublicSharePosition = z.infer<typeof PublicSharePositionSchema>;

const publicBase = { label: z.string().nullable(), expiresAt: z.string() };

export const PublicLiveShareSchema = z.object({
  kind: z.literal('live'),
  ...publicBase,
  /** The shared group's name (a group link), else null. */
  groupName: z.string().nullable(),
  vehicles: z.array(PublicShareVehicleSchema),
  positions: z.array(PublicSharePositionSchema),
});

export const PublicPlaybackShareSchema = z.object({
  kind: z.literal('playback'),
  ...publicBase,
  vehicle: PublicShareVehicleSchema,
  from: z.string(),
  to: z.string(),
  /** The playback of the window, as the signed-in playback screen gets it (playback.contract.ts). */
  playback: PlaybackSchema,
});

export const PublicCollectionShareSchema = z.object({
  kind: z.literal('collection'),
  ...publicBase,
  collection: z.object({
    context: z.enum(SHARE_COLLECTION_CONTEXTS),
    id: z.string(),
    name: z.string(),
    /** Route: its LineString path; ward: its Polygon / MultiPolygon (GeoJSON, [lon, lat]); null when not drawn. */
    geometry: z.record(z.string(), z.unknown()).nullable(),
    /** Route checkpoints in order (empty for a ward). */
    checkpoints: z.array(z.object({ name: z.string(), lat: z.number(), lon: z.number() })),
  }),
  vehicles: z.array(PublicShareVehicleSchema),
  positions: z.array(PublicSharePositionSchema),
});

export const PublicShareSchema = z.discriminatedUnion('kind', [
  PublicLiveShareSchema,
  PublicPlaybackShareSchema,
  PublicCollectionShareSchema,
]);
export type PublicShare = z.infer<typeof PublicShareSchema>;
export type PublicLiveShare = z.infer<typeof PublicLiveShareSchema>;
export type PublicPlaybackShare = z.infer<typeof PublicPlaybackShareSchema>;
export type PublicCollectionShare = z.infer<typeof PublicCollectionShareSchema>;

/**
 * /v1/live?share=<token> (live and collection links): a snapshot of the shared vehicles' latest fixes, then deltas
 * (at most every 500 ms, newest per vehicle). The socket closes with 4410 and an `error` message when the link
 * expires or is revoked (checked at least every 30 s, and at once on revocation).
 */
export const ShareLiveMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), positions: z.array(PublicSharePositionSchema) }),
  z.object({ type: z.literal('delta'), positions: z.array(PublicSharePositionSchema) }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ShareLiveMessage = z.infer<typeof ShareLiveMessageSchema>;
export const SHARE_SOCKET_CLOSE_GONE = 4410;

/** Console paths of the public pages (spec 01 §2.1), token appended as `?token=`. */
export function sharePath(
  share: { kind: ShareKind; context?: string | null; collectionId?: string | null },
  token: string,
): string {
  const query = `?token=${encodeURIComponent(token)}`;
  if (share.kind === 'live') return `/public/share/live-tracking${query}`;
  if (share.kind === 'playback') return `/public/share/playback${query}`;
  return `/public/${share.context ?? 'route'}/share/${share.collectionId ?? ''}${query}`;
}
