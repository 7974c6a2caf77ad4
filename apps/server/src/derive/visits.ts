/**
 * Geofence visits (`geofence_visits`): one vehicle can be inside several fences at once (its ward, a dump yard, a
 * collection point). Per fence:
 *  - a visit starts at the first valid fix inside, but is only reported once a fix inside is `dwellS` (fence) or
 *    `visitDwellS` later: a drive-by is not a visit;
 *  - it ends once fixes have been outside for `visitExitDebounceS` (a fix back inside before that cancels the exit:
 *    no flapping along a fence line); the exit time is the first fix outside, or the last fix inside when more than
 *    `gpsGapS` separates the two (data gap: the vehicle may have left any time in between);
 *  - a fence missing from the list counts as "outside" (so the pipeline may pass only the fences near the fix, and a
 *    deleted fence ends its visit like an exit).
 * Invalid fixes are ignored; fixes not newer than the last one are ignored (re-derive with `rederiveVisits`).
 */
import { fenceContains, type Fence } from './fences.ts';
import type { DeriveSettings } from './settings.ts';
import type { DerivePoint } from './types.ts';

export type { Fence } from './fences.ts';

interface Presence {
  fenceId: string;
  enteredMs: number;
  lastInsideMs: number;
  outsideSinceMs: number | null;
  /** Dwell reached: the visit has been reported as opened. */
  confirmed: boolean;
  /** Position of the first fix inside (geofence_visits.entry_lat/lon); absent in states persisted before it. */
  entryLat?: number;
  entryLon?: number;
}

/** Per-device visit state: plain JSON. */
export interface VisitState {
  v: 1;
  lastMs: number | null;
  presences: Presence[];
}

export interface VisitStart {
  fenceId: string;
  enteredAt: Date;
  /** The first fix inside; null when unknown. */
  entryLat: number | null;
  entryLon: number | null;
}

export interface Visit extends VisitStart {
  exitedAt: Date;
  dwellS: number;
}

function startOf(presence: Presence): VisitStart {
  return {
    fenceId: presence.fenceId,
    enteredAt: new Date(presence.enteredMs),
    entryLat: presence.entryLat ?? null,
    entryLon: presence.entryLon ?? null,
  };
}

export interface VisitStep {
  state: VisitState;
  opened: VisitStart[];
  closed: Visit[];
}

export function initialVisitState(): VisitState {
  return { v: 1, lastMs: null, presences: [] };
}

function closeVisit(presence: Presence, exitMs: number): Visit {
  return {
    ...startOf(presence),
    exitedAt: new Date(exitMs),
    dwellS: (exitMs - presence.enteredMs) / 1000,
  };
}

/** The dwell that confirms a visit of this fence (ms). Module level: stepVisits runs per fix (no closure per call). */
function dwellMsOf(fenceById: ReadonlyMap<string, Fence>, fenceId: string, settings: DeriveSettings): number {
  return (fenceById.get(fenceId)?.dwellS ?? settings.visitDwellS) * 1000;
}

/**
 * Fences by id, built once per fences array (an organisation's fences are one array kept between fixes; stepVisits
 * runs for every fix, and a Map of every ward per fix was a good share of its time and garbage).
 */
const fenceMaps = new WeakMap<readonly Fence[], ReadonlyMap<string, Fence>>();

function fencesById(fences: readonly Fence[]): ReadonlyMap<string, Fence> {
  let byId = fenceMaps.get(fences);
  if (!byId) {
    byId = new Map(fences.map((fence) => [fence.id, fence]));
    fenceMaps.set(fences, byId);
  }
  return byId;
}

export function stepVisits(
  state: VisitState,
  point: DerivePoint,
  fences: readonly Fence[],
  settings: DeriveSettings,
): VisitStep {
  const atMs = point.fixTime.getTime();
  if (state.lastMs !== null && atMs <= state.lastMs) return { state, opened: [], closed: [] };
  if (!point.gpsValid) return { state: { ...state, lastMs: atMs }, opened: [], closed: [] };
  const opened: VisitStart[] = [];
  const closed: Visit[] = [];
  const fenceById = fencesById(fences);
  const inside = new Set<string>();
  for (const fence of fences) if (fenceContains(fence, point)) inside.add(fence.id);
  const presences: Presence[] = [];

  for (const previous of state.presences) {
    const presence = { ...previous };
    if (inside.has(presence.fenceId)) {
      presence.outsideSinceMs = null;
      presence.lastInsideMs = atMs;
      if (
        !presence.confirmed &&
        atMs - presence.enteredMs >= dwellMsOf(fenceById, presence.fenceId, settings)
      ) {
        presence.confirmed = true;
        opened.push(startOf(presence));
      }
      presences.push(presence);
      inside.delete(presence.fenceId);
      continue;
    }
    presence.outsideSinceMs ??= atMs;
    if (atMs - presence.outsideSinceMs < settings.visitExitDebounceS * 1000) {
      presences.push(presence);
      continue;
    }
    if (presence.confirmed) {
      const afterGap = presence.outsideSinceMs - presence.lastInsideMs > settings.gpsGapS * 1000;
      closed.push(closeVisit(presence, afterGap ? presence.lastInsideMs : presence.outsideSinceMs));
    }
  }

  for (const fenceId of inside) {
    const presence: Presence = {
      fenceId,
      enteredMs: atMs,
      lastInsideMs: atMs,
      outsideSinceMs: null,
      confirmed: false,
      entryLat: point.lat,
      entryLon: point.lon,
    };
    if (dwellMsOf(fenceById, fenceId, settings) <= 0) {
      presence.confirmed = true;
      opened.push(startOf(presence));
    }
    presences.push(presence);
  }
  presences.sort((a, b) => (a.fenceId < b.fenceId ? -1 : a.fenceId > b.fenceId ? 1 : 0));
  return { state: { v: 1, lastMs: atMs, presences }, opened, closed };
}

/** Visits reported as opened and not yet closed (for "inside which fences now"). */
export function openVisits(state: VisitState): VisitStart[] {
  return state.presences.filter((presence) => presence.confirmed).map(startOf);
}

/** Batch equivalent of stepping the fixes sorted by time (for re-derivation after late fixes). */
export function rederiveVisits(
  points: readonly DerivePoint[],
  fences: readonly Fence[],
  settings: DeriveSettings,
  options: { initial?: VisitState } = {},
): VisitStep {
  const sorted = [...points].sort((a, b) => a.fixTime.getTime() - b.fixTime.getTime());
  let state = options.initial ?? initialVisitState();
  const opened: VisitStart[] = [];
  const closed: Visit[] = [];
  for (const point of sorted) {
    const step = stepVisits(state, point, fences, settings);
    state = step.state;
    opened.push(...step.opened);
    closed.push(...step.closed);
  }
  return { state, opened, closed };
}
