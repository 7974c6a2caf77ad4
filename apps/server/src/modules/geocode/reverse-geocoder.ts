/**
 * Reverse geocoding behind one interface (issue 5): own data by default (POIs, geofences, wards, zones of the scope's
 * organisations), the external provider first when one is configured, with its answers cached in `geocode_cache`.
 *
 * - `reverse`: one point, for a popup or a GET; asks the provider on a cache miss (timeout or error → own data).
 * - `reverseMany`: many points (stop lists, timelines, playback); never calls the provider — its cache, else own data.
 *
 * Own data is indexed per organisation in memory, fresh for 60 s and dropped at once when the organisation's fences
 * change (TOPICS.deriveContext, which the POI, geofence and admin-division modules publish on every write).
 */
import type { GeocodeParts, GeocodeResult } from '@civicfleet/shared';
import { TOPICS, type Bus } from '../../bus/bus.ts';
import type { GeocoderEnv } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { OrgIds } from '../organisation/scope.ts';
import * as repo from './geocode.repository.ts';
import { buildPlaceIndex, describePlaces, lookupPlaces, type PlaceIndex } from './own-data.ts';
import { createHttpGeocodeProvider, roundKey, type GeocodeProvider } from './provider.ts';

export const PLACE_INDEX_TTL_MS = 60_000;
/** Provider requests in flight at once; beyond it a lookup answers from own data (a client scanning the map). */
export const MAX_PROVIDER_REQUESTS = 8;

export interface ReverseGeocoder {
  reverse(scope: OrgIds, lat: number, lon: number): Promise<GeocodeResult>;
  /** One answer per point, in order; the provider's cache and own data only (no request leaves the server). */
  reverseMany(scope: OrgIds, points: ReadonlyArray<{ lat: number; lon: number }>): Promise<GeocodeResult[]>;
  /** Drops the cached places of one organisation (undefined: all). */
  invalidate(organisationId?: bigint): void;
  /** Stops listening on the bus. */
  close(): void;
}

export interface ReverseGeocoderDeps {
  db: Db;
  /** The external provider's settings (env); undefined = own data only. */
  provider?: GeocoderEnv | GeocodeProvider | undefined;
  bus?: Bus | undefined;
  clock?: () => Date;
  ttlMs?: number;
}

const NONE: GeocodeResult = { address: null, source: 'none' };

function ownResult(parts: GeocodeParts | null): GeocodeResult {
  const address = parts ? describePlaces(parts) : null;
  return parts && address ? { address, source: 'own-data', parts } : NONE;
}

const withParts = (result: GeocodeResult, parts: GeocodeParts | null): GeocodeResult =>
  parts ? { ...result, parts } : result;

export function createReverseGeocoder(deps: ReverseGeocoderDeps): ReverseGeocoder {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const ttlMs = deps.ttlMs ?? PLACE_INDEX_TTL_MS;
  const provider: GeocodeProvider | undefined =
    deps.provider === undefined
      ? undefined
      : 'lookup' in deps.provider
        ? deps.provider
        : createHttpGeocodeProvider(deps.provider);

  const indexes = new Map<string, { index: Promise<PlaceIndex>; freshUntil: number }>();
  let everyOrganisation: { ids: Promise<bigint[]>; freshUntil: number } | undefined;
  /** Provider requests in flight per cache key: concurrent asks for one place make one request. */
  const inFlight = new Map<string, Promise<string | null>>();

  function placesOf(organisationId: bigint): Promise<PlaceIndex> {
    const key = String(organisationId);
    const now = clock().getTime();
    const cached = indexes.get(key);
    if (cached && cached.freshUntil > now) return cached.index;
    const index = repo.readOrganisationPlaces(db, organisationId).then(buildPlaceIndex);
    indexes.set(key, { index, freshUntil: now + ttlMs });
    index.catch(() => indexes.delete(key));
    return index;
  }

  async function scopeIds(scope: OrgIds): Promise<bigint[]> {
    if (scope !== 'all') return scope;
    const now = clock().getTime();
    if (!everyOrganisation || everyOrganisation.freshUntil <= now) {
      const ids = repo.readOrganisationsWithPlaces(db);
      everyOrganisation = { ids, freshUntil: now + ttlMs };
      ids.catch(() => (everyOrganisation = undefined));
    }
    return everyOrganisation.ids;
  }

  async function ownParts(scope: OrgIds, points: ReadonlyArray<{ lat: number; lon: number }>) {
    const ids = await scopeIds(scope);
    const all = await Promise.all(ids.map(placesOf));
    return points.map((p) => lookupPlaces(all, p));
  }

  /** The provider's address for the point (cached, else asked); null: it knows none, failed, or too busy. */
  async function askProvider(p: GeocodeProvider, lat: number, lon: number): Promise<string | null> {
    const key = { latKey: roundKey(lat), lonKey: roundKey(lon) };
    const mapKey = `${key.latKey},${key.lonKey}`;
    const cached = (await repo.readCachedAddresses(db, p.name, [key])).get(mapKey);
    // '' is a cached "the provider knows nothing here".
    if (cached !== undefined) return cached || null;
    const running = inFlight.get(mapKey);
    if (running) return running;
    if (inFlight.size >= MAX_PROVIDER_REQUESTS) return null;
    const request = (async () => {
      const answer = await p.lookup(lat, lon);
      if (answer === 'failed') return null;
      await repo.saveCachedAddress(db, p.name, key, answer.address ?? '', clock());
      return answer.address;
    })().finally(() => inFlight.delete(mapKey));
    inFlight.set(mapKey, request);
    return request;
  }

  const unsubscribe = deps.bus?.subscribe<{ organisationId?: unknown } | null>(
    TOPICS.deriveContext,
    (message) => {
      const id = message?.organisationId;
      geocoder.invalidate(typeof id === 'string' && /^\d{1,19}$/.test(id) ? BigInt(id) : undefined);
    },
  );

  const geocoder: ReverseGeocoder = {
    async reverse(scope, lat, lon) {
      const [parts = null] = await ownParts(scope, [{ lat, lon }]);
      if (provider) {
        const address = await askProvider(provider, lat, lon);
        if (address !== null) return withParts({ address, source: 'provider' }, parts);
      }
      return ownResult(parts);
    },

    async reverseMany(scope, points) {
      if (points.length === 0) return [];
      const own = await ownParts(scope, points);
      const keys = points.map((p) => ({ latKey: roundKey(p.lat), lonKey: roundKey(p.lon) }));
      const cached = provider
        ? await repo.readCachedAddresses(db, provider.name, keys)
        : new Map<string, string>();
      return points.map((_, i) => {
        const parts = own[i] ?? null;
        const key = keys[i];
        const address = key ? cached.get(`${key.latKey},${key.lonKey}`) : undefined;
        return address ? withParts({ address, source: 'provider' }, parts) : ownResult(parts);
      });
    },

    invalidate(organisationId) {
      if (organisationId === undefined) indexes.clear();
      else indexes.delete(String(organisationId));
      everyOrganisation = undefined;
    },

    close() {
      unsubscribe?.();
    },
  };
  return geocoder;
}
