/**
 * Who may receive what on /v1/live (issue 20, finding 1). The user feed is split into topics; a topic needs any one of
 * its permissions (hasPermission: SUPER_ADMIN holds them all). Every message type the user feed sends names its data
 * fields and the topic of each. live-session.ts sends every message through `permittedMessage`, so a field not
 * permitted goes out empty and a message type without an entry is never sent; live-permissions.test.ts fails when a
 * message type or a data field of the contracts has no entry here.
 *
 * Which vehicles: the caller's organisation subtree, as on the REST vehicle routes (there is no per-user vehicle
 * assignment: a LIMITED_USER sees its organisation's vehicles there too).
 */
import { hasPermission, type LiveDeskMessage, type LiveMessage } from '@civicfleet/shared';
import type { AuthContext } from '../http/types.ts';

export const LIVE_TOPIC_PERMISSIONS = {
  /** Positions, speed, ignition and device health of vehicles: the live map, the status board. */
  positions: ['live-tracking', 'vehicle-status'],
  /** Alerts as they are raised: the live map's alert layer, the SOS desk, the alert report. */
  alerts: ['live-tracking', 'sos-desk', 'report-alert'],
  /** Steps taken on the SOS desk (acknowledged, assigned, closed…). */
  desk: ['sos-desk'],
} as const satisfies Record<string, readonly string[]>;

export type LiveTopic = keyof typeof LIVE_TOPIC_PERMISSIONS;
export const LIVE_TOPICS = Object.keys(LIVE_TOPIC_PERMISSIONS) as LiveTopic[];

/** What the signed-in feed sends (a share link's feed is another: modules/share/share-live-session.ts). */
export type LiveServerMessage = LiveMessage | LiveDeskMessage;
export type LiveServerMessageType = LiveServerMessage['type'];

/**
 * Per message type, its data fields (arrays) and their topics; `error` carries no data. `satisfies` makes a new
 * message type without an entry a type error, the test a new data field.
 */
export const LIVE_MESSAGE_FIELDS = {
  snapshot: { positions: 'positions' },
  delta: { positions: 'positions', alerts: 'alerts' },
  desk: { changes: 'desk' },
  error: {},
} as const satisfies Record<LiveServerMessageType, Record<string, LiveTopic>>;

/** The topics a caller may receive; empty = no part of the feed (the socket is closed with LIVE_CLOSE.forbidden). */
export function liveTopicsOf(auth: Pick<AuthContext, 'roleName' | 'permissions'>): ReadonlySet<LiveTopic> {
  return new Set(
    LIVE_TOPICS.filter((topic) =>
      LIVE_TOPIC_PERMISSIONS[topic].some((moduleId) =>
        hasPermission(auth.roleName, auth.permissions, moduleId),
      ),
    ),
  );
}

/**
 * The message with every field whose topic is not permitted emptied; null when it has no entry or carries nothing
 * left. A snapshot always goes (possibly empty): it tells the client the feed is open.
 */
export function permittedMessage<M extends LiveServerMessage>(
  message: M,
  topics: ReadonlySet<LiveTopic>,
): M | null {
  const fields: Readonly<Record<string, LiveTopic>> | undefined = (
    LIVE_MESSAGE_FIELDS as Partial<Record<string, Readonly<Record<string, LiveTopic>>>>
  )[message.type];
  if (!fields) return null;
  const entries = Object.entries(fields);
  let result: M = message;
  let carries = entries.length === 0 || message.type === 'snapshot';
  for (const [field, topic] of entries) {
    if (!topics.has(topic)) {
      result = { ...result, [field]: [] };
      continue;
    }
    const value = (message as Record<string, unknown>)[field];
    if (Array.isArray(value) && value.length > 0) carries = true;
  }
  return carries ? result : null;
}

/** Equal keys = the same feed: same topics, same organisations (a change of anything else keeps the socket). */
export function liveScopeKey(auth: Pick<AuthContext, 'roleName' | 'permissions' | 'orgIds'>): string {
  const topics = [...liveTopicsOf(auth)].sort();
  const orgIds = auth.orgIds === 'all' ? 'all' : auth.orgIds.map(String).sort();
  return JSON.stringify([topics, orgIds]);
}
