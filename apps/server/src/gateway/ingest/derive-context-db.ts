/**
 * The database-backed DeriveContextProvider (derive-context.ts): an organisation's derive settings and fences, read
 * with raw SQL (sql-client.ts) and cached per organisation. docs/derivations.md "Where settings and fences come from".
 *
 * - Settings: `organisation_settings.settings.derive` of the organisation and its ancestors (platform → manufacturer
 *   → vendor → municipality), each key taken from the nearest organisation that sets it validly, over
 *   DEFAULT_DERIVE_SETTINGS. A stored value the derive rules reject (validateDeriveSettings) counts as not set.
 * - Fences: the organisation's live geofences (`g<id>`) and its WARD admin divisions with a polygon (`d<id>`, dwell
 *   0: a ward visit records presence, entered at the first fix inside). Geometry that is not usable is skipped.
 *   Assignments (geofence_vehicles, PUT /v1/geofence/:id/vehicles): a geofence with assigned vehicles applies to
 *   those vehicles only, a geofence with none to every vehicle of the organisation (modules/geofence/README.md);
 *   `fencesFor(context, vehicleId)` (derive-context.ts) picks a vehicle's list. An assignment row counts whatever the
 *   vehicle's state (a fence assigned only to a since-deleted vehicle applies to nobody, it does not silently widen
 *   to the organisation). The geofence module publishes TOPICS.deriveContext on every assignment change.
 * - Cache: an entry is fresh for `ttlMs`; a stale or invalidated entry keeps being served by `get` (dropping it
 *   would hand the derive stage "no fences" and end every open visit) while one reload runs in the background.
 */
import {
  DEFAULT_DERIVE_SETTINGS,
  validateDeriveSettings,
  type DeriveSettings,
  type Fence,
  type LonLat,
  type PolygonCoords,
} from '../../derive/index.ts';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import {
  divisionKey,
  geofenceKey,
  type DeriveContextProvider,
  type OrganisationDeriveContext,
} from './derive-context.ts';
import type { SqlExecutor } from './sql-client.ts';

export const DEFAULT_DERIVE_CONTEXT_TTL_MS = 60_000;
/** Ward fences count a visit from the first fix inside (see the header). */
export const WARD_DWELL_S = 0;
/** After a failed background reload, the previous context is served this long before the next attempt. */
const RETRY_AFTER_FAILURE_MS = 10_000;
/** A deeper organisation chain than this is a cycle or a data error: stop climbing. */
const MAX_ANCESTORS = 16;

/** The message on TOPICS.deriveContext: ids are decimal strings (the bus may be Redis, JSON on the wire). */
export interface DeriveContextInvalidation {
  organisationId: string;
}

// ---------------------------------------------------------------------------------------------------------- settings

const SETTING_KEYS = Object.keys(DEFAULT_DERIVE_SETTINGS) as Array<keyof DeriveSettings>;

/** Whether `value` is acceptable for `key` by the derive rules (the other settings at their defaults). */
export function isValidDeriveSetting(key: keyof DeriveSettings, value: unknown): boolean {
  if (value === null) return key === 'speedLimitKph';
  try {
    validateDeriveSettings({ ...DEFAULT_DERIVE_SETTINGS, [key]: value });
    return true;
  } catch {
    return false;
  }
}

/** The known, valid keys of one organisation's stored `settings.derive` (anything else is dropped). */
export function storedDeriveOverrides(stored: unknown): Partial<DeriveSettings> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {};
  const result: Partial<DeriveSettings> = {};
  for (const key of SETTING_KEYS) {
    const value = (stored as Record<string, unknown>)[key];
    if (value !== undefined && isValidDeriveSetting(key, value)) Object.assign(result, { [key]: value });
  }
  return result;
}

/** Settings from stored `settings.derive` objects ordered root first (the organisation itself last). */
export function inheritDeriveSettings(chainRootFirst: readonly unknown[]): DeriveSettings {
  const settings: DeriveSettings = { ...DEFAULT_DERIVE_SETTINGS };
  for (const stored of chainRootFirst) Object.assign(settings, storedDeriveOverrides(stored));
  return settings;
}

// ------------------------------------------------------------------------------------------------------------ fences

function toPosition(value: unknown): LonLat | null {
  if (!Array.isArray(value) || value.length < 2) return null;
  const [lon, lat] = value as unknown[];
  if (typeof lon !== 'number' || typeof lat !== 'number') return null;
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90)
    return null;
  return [lon, lat];
}

/** GeoJSON Polygon coordinates: every ring needs 3 distinct-enough positions (4 with the closing one). */
function toPolygon(value: unknown): PolygonCoords | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const rings: LonLat[][] = [];
  for (const ringValue of value as unknown[]) {
    if (!Array.isArray(ringValue) || ringValue.length < 3) return null;
    const ring: LonLat[] = [];
    for (const positionValue of ringValue as unknown[]) {
      const position = toPosition(positionValue);
      if (!position) return null;
      ring.push(position);
    }
    rings.push(ring);
  }
  return rings;
}

/** A derive Fence from stored GeoJSON; null when the geometry is not usable. Never throws. */
export function fenceFromGeometry(
  id: string,
  geometry: unknown,
  options: { radiusM?: number | null; dwellS?: number | null } = {},
): Fence | null {
  if (typeof geometry !== 'object' || geometry === null) return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const dwell =
    typeof options.dwellS === 'number' && Number.isFinite(options.dwellS) && options.dwellS >= 0
      ? { dwellS: options.dwellS }
      : {};
  switch (type) {
    case 'Polygon': {
      const polygon = toPolygon(coordinates);
      return polygon ? { id, type: 'polygon', coordinates: polygon, ...dwell } : null;
    }
    case 'MultiPolygon': {
      if (!Array.isArray(coordinates) || coordinates.length === 0) return null;
      const polygons = (coordinates as unknown[]).map(toPolygon);
      if (polygons.some((p) => p === null)) return null;
      return { id, type: 'multipolygon', coordinates: polygons as PolygonCoords[], ...dwell };
    }
    case 'Point': {
      const center = toPosition(coordinates);
      const radiusM = options.radiusM;
      if (!center || typeof radiusM !== 'number' || !Number.isFinite(radiusM) || radiusM <= 0) return null;
      return { id, type: 'circle', center, radiusM, ...dwell };
    }
    default:
      return null;
  }
}

// -------------------------------------------------------------------------------------------------------------- SQL

interface LoadedContext {
  context: OrganisationDeriveContext;
  /** The organisation and its ancestors: a change to any of them invalidates this entry. */
  chain: readonly string[];
}

async function readContext(db: SqlExecutor, organisationId: bigint): Promise<LoadedContext> {
  const id = String(organisationId);
  const chain = await db.query<{ id: string; derive: unknown }>(
    `with recursive chain (id, parent_id, depth) as (
       select id, parent_id, 0 from organisations where id = $1
       union all
       select o.id, o.parent_id, chain.depth + 1
         from organisations o join chain on o.id = chain.parent_id
        where chain.depth < ${MAX_ANCESTORS}
     )
     select chain.id::text as id, s.settings -> 'derive' as derive
       from chain left join organisation_settings s on s.organisation_id = chain.id
      order by chain.depth desc`,
    [id],
  );
  const geofences = await db.query<{
    id: string;
    geometry: unknown;
    radiusM: number | null;
    dwellS: number | null;
    vehicleIds: string[] | null;
  }>(
    `select g.id::text as id, g.geometry, g.radius_m as "radiusM", g.dwell_s as "dwellS",
            array(select gv.vehicle_id::text from geofence_vehicles gv where gv.geofence_id = g.id) as "vehicleIds"
       from geofences g where g.organisation_id = $1 and g.deleted = false order by g.id`,
    [id],
  );
  const wards = await db.query<{ id: string; geometry: unknown }>(
    `select id::text as id, geometry from admin_divisions
      where organisation_id = $1 and type = 'WARD' and geometry is not null order by id`,
    [id],
  );
  /** Every usable fence in order; `vehicles` null: assigned to no vehicle (organisation-wide). */
  const all: Array<{ fence: Fence; vehicles: Set<bigint> | null }> = [];
  for (const row of geofences) {
    const fence = fenceFromGeometry(geofenceKey(BigInt(row.id)), row.geometry, row);
    const vehicleIds = row.vehicleIds ?? [];
    if (fence) all.push({ fence, vehicles: vehicleIds.length > 0 ? new Set(vehicleIds.map(BigInt)) : null });
  }
  for (const row of wards) {
    const kind = (row.geometry as { type?: unknown } | null)?.type;
    if (kind !== 'Polygon' && kind !== 'MultiPolygon') continue;
    const fence = fenceFromGeometry(divisionKey(BigInt(row.id)), row.geometry, { dwellS: WARD_DWELL_S });
    if (fence) all.push({ fence, vehicles: null });
  }
  const settings = inheritDeriveSettings(chain.map((row) => row.derive));
  return { context: contextOf(settings, all), chain: chain.map((row) => row.id) };
}

/** The organisation-wide list and, per vehicle with assignments, its own list (both in the order of `all`). */
function contextOf(
  settings: DeriveSettings,
  all: ReadonlyArray<{ fence: Fence; vehicles: Set<bigint> | null }>,
): OrganisationDeriveContext {
  const fences = all.filter((entry) => entry.vehicles === null).map((entry) => entry.fence);
  const assigned = new Set(all.flatMap((entry) => [...(entry.vehicles ?? [])]));
  if (assigned.size === 0) return { settings, fences };
  const fencesByVehicle = new Map<bigint, readonly Fence[]>();
  for (const vehicleId of assigned) {
    const own = all.filter((entry) => entry.vehicles === null || entry.vehicles.has(vehicleId));
    fencesByVehicle.set(
      vehicleId,
      own.map((entry) => entry.fence),
    );
  }
  return { settings, fences, fencesByVehicle };
}

// ------------------------------------------------------------------------------------------------------------ cache

interface Entry extends LoadedContext {
  freshUntil: number;
}

const EMPTY: OrganisationDeriveContext = Object.freeze({ settings: DEFAULT_DERIVE_SETTINGS, fences: [] });

export function createDbDeriveContext(
  options: { ttlMs?: number; clock?: () => number } = {},
): DeriveContextProvider {
  const ttlMs = options.ttlMs ?? DEFAULT_DERIVE_CONTEXT_TTL_MS;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();
  const loading = new Map<string, Promise<void>>();
  /** Per organisation: bumped by invalidate, so a load that read before the change reads again. */
  const generations = new Map<string, number>();
  /** The executor of the last load: background reloads (stale `get`, invalidate) use it. */
  let lastDb: SqlExecutor | undefined;

  async function reload(db: SqlExecutor, key: string, organisationId: bigint): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const generation = generations.get(key) ?? 0;
      const loaded = await readContext(db, organisationId);
      if ((generations.get(key) ?? 0) === generation || attempt >= 2) {
        entries.set(key, { ...loaded, freshUntil: clock() + ttlMs });
        return;
      }
    }
  }

  function load(db: SqlExecutor, organisationId: bigint): Promise<void> {
    lastDb = db;
    const key = String(organisationId);
    const entry = entries.get(key);
    if (entry && entry.freshUntil > clock()) return Promise.resolve();
    const running = loading.get(key);
    if (running) return running;
    const promise = reload(db, key, organisationId).finally(() => loading.delete(key));
    loading.set(key, promise);
    return promise;
  }

  /** Background reload. A failure keeps the previous context and is retried after a pause, not on the next get. */
  function refresh(organisationId: bigint): void {
    if (!lastDb) return;
    load(lastDb, organisationId).catch(() => {
      const entry = entries.get(String(organisationId));
      if (entry) entry.freshUntil = clock() + Math.min(ttlMs, RETRY_AFTER_FAILURE_MS);
    });
  }

  return {
    get(organisationId) {
      const entry = entries.get(String(organisationId));
      if (!entry) return EMPTY;
      if (entry.freshUntil <= clock() && !loading.has(String(organisationId))) refresh(organisationId);
      return entry.context;
    },
    load,
    invalidate(organisationId) {
      const key = organisationId === undefined ? undefined : String(organisationId);
      // A load in flight may have read before the change, and its chain is not known yet: it reads again.
      for (const loadingKey of loading.keys())
        generations.set(loadingKey, (generations.get(loadingKey) ?? 0) + 1);
      for (const [entryKey, entry] of entries) {
        if (key !== undefined && !entry.chain.includes(key)) continue;
        entry.freshUntil = 0;
        refresh(BigInt(entryKey));
      }
    },
  };
}

/** Publishes on TOPICS.deriveContext that an organisation's settings or fences changed (API side). */
export function publishDeriveContextChange(bus: Bus, organisationId: bigint): void {
  bus.publish<DeriveContextInvalidation>(TOPICS.deriveContext, { organisationId: String(organisationId) });
}

/**
 * Gateway side: invalidates `provider` on every TOPICS.deriveContext message (a malformed one invalidates all).
 * Returns the unsubscribe function.
 */
export function subscribeDeriveContextInvalidation(
  bus: Bus,
  provider: Pick<DeriveContextProvider, 'invalidate'>,
): () => void {
  return bus.subscribe<Partial<DeriveContextInvalidation> | null>(TOPICS.deriveContext, (message) => {
    const id = message?.organisationId;
    provider.invalidate(typeof id === 'string' && /^\d{1,19}$/.test(id) ? BigInt(id) : undefined);
  });
}

/** What a process uses: the database-backed provider, kept fresh by TOPICS.deriveContext on its bus. */
export function createLiveDeriveContext(bus: Bus, options?: { ttlMs?: number }): DeriveContextProvider {
  const provider = createDbDeriveContext(options);
  subscribeDeriveContextInvalidation(bus, provider);
  return provider;
}
