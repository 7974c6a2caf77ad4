/**
 * Route playback (issue 5): one vehicle's track, stops, trips, alerts and totals over a range.
 *
 * `playback(vehicleId, from, to)` knows nothing of the caller — public share links (modules/share) call it after
 * their own checks; `forCaller` adds the organisation scope (404 outside it) and the organisation's longest range.
 */
import {
  PLAYBACK_DEFAULT_MAX_DAYS,
  PLAYBACK_MAX_DAYS_LIMIT,
  PLAYBACK_MESSAGES,
  playbackRangeMessage,
  type Playback,
  type PlaybackExportQuery,
  type PlaybackLimits,
  type PlaybackQuery,
} from '@civicfleet/shared';
import type { Bus } from '../../bus/bus.ts';
import type { Env } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import { openInterval } from '../../derive/index.ts';
import { parsePersistedDeriveState } from '../../gateway/ingest/derive-stage.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { createReverseGeocoder, type ReverseGeocoder } from '../geocode/reverse-geocoder.ts';
import { canSeeOrganisation, toId } from '../organisation/scope.ts';
import { playbackFile, type PlaybackFile } from './playback-export.ts';
import { averageMovingSpeedKph, summariseIntervals, withOpenIntervals } from './playback-summary.ts';
import * as repo from './playback.repository.ts';

const DAY_MS = 86_400_000;
const VEHICLE_NOT_FOUND = 'Vehicle not found.';

export interface PlaybackServiceDeps {
  db: Db;
  clock?: Clock;
  /** Reused when given; else one is made from env (provider cache only: playback never calls the provider) and bus. */
  geocoder?: ReverseGeocoder;
  env?: Pick<Env, 'geocoder'>;
  bus?: Bus;
}

/** The devices' open intervals (not in state_intervals until they close), as interval rows. */
function openIntervalsOf(states: readonly unknown[]): repo.IntervalRow[] {
  const open: repo.IntervalRow[] = [];
  for (const stored of states) {
    const parsed = parsePersistedDeriveState(stored);
    const interval = parsed ? openInterval(parsed.device.motion) : null;
    if (!interval) continue;
    open.push({
      kind: interval.kind,
      startedAt: interval.startAt,
      endedAt: interval.endAt,
      distanceM: interval.distanceM,
      startLat: interval.startLat,
      startLon: interval.startLon,
    });
  }
  return open;
}

const round1 = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

export function createPlaybackService(deps: PlaybackServiceDeps) {
  const { db } = deps;
  const clock = deps.clock ?? (() => new Date());
  const geocoder =
    deps.geocoder ?? createReverseGeocoder({ db, provider: deps.env?.geocoder, bus: deps.bus, clock });

  async function build(vehicle: repo.PlaybackVehicleRow, from: Date, to: Date): Promise<Playback> {
    const range = { vehicleId: BigInt(vehicle.id), from, to };
    const [points, stored, states, trips, alerts] = await Promise.all([
      repo.readPoints(db, range),
      repo.readIntervals(db, range),
      repo.readCurrentDeriveStates(db, range),
      repo.readTrips(db, range),
      repo.readAlerts(db, range),
    ]);
    const intervals = withOpenIntervals(stored, openIntervalsOf(states));
    const summary = summariseIntervals(intervals, from.getTime(), to.getTime(), clock().getTime());

    // Every address in one batch: stops, then each trip's start and end (own data and the provider's cache only).
    const places = [
      ...summary.stops.map((s) => ({ lat: s.lat, lon: s.lon })),
      ...trips.flatMap((t) => [
        { lat: t.startLat, lon: t.startLon },
        { lat: t.endLat, lon: t.endLon },
      ]),
    ];
    const located = places.flatMap((p, i) =>
      p.lat === null || p.lon === null ? [] : [{ i, lat: p.lat, lon: p.lon }],
    );
    const results = await geocoder.reverseMany([BigInt(vehicle.organisationId)], located);
    const addresses = new Array<string | null>(places.length).fill(null);
    located.forEach((p, k) => (addresses[p.i] = results[k]?.address ?? null));
    const stopCount = summary.stops.length;

    return {
      vehicle: { id: vehicle.id, registrationNumber: vehicle.registrationNumber, kind: vehicle.kind },
      from: from.toISOString(),
      to: to.toISOString(),
      points: {
        t: points.t,
        lat: points.lat,
        lon: points.lon,
        speedKph: points.speedKph,
        headingDeg: points.headingDeg,
        ignition: points.ignition,
      },
      stops: summary.stops.map((s, i) => ({
        kind: s.kind,
        from: new Date(s.fromMs).toISOString(),
        to: new Date(s.toMs).toISOString(),
        durationS: s.durationS,
        lat: s.lat,
        lon: s.lon,
        address: addresses[i] ?? null,
      })),
      trips: trips.map((t, i) => ({
        startAt: t.startedAt.toISOString(),
        endAt: t.endedAt.toISOString(),
        distanceM: Math.round(t.distanceM),
        durationS: Math.round((t.endedAt.getTime() - t.startedAt.getTime()) / 1000),
        maxSpeedKph: round1(t.maxSpeedKph),
        startLat: t.startLat,
        startLon: t.startLon,
        endLat: t.endLat,
        endLon: t.endLon,
        startAddress: addresses[stopCount + 2 * i] ?? null,
        endAddress: addresses[stopCount + 2 * i + 1] ?? null,
      })),
      alerts: alerts.map((a) => ({
        id: a.id,
        type: a.type,
        at: a.startedAt.toISOString(),
        lat: a.lat,
        lon: a.lon,
      })),
      totals: {
        distanceM: Math.round(points.distanceM),
        runS: summary.runS,
        idleS: summary.idleS,
        stopS: summary.stopS,
        offlineS: summary.offlineS,
        maxSpeedKph: round1(points.maxSpeedKph),
        avgMovingSpeedKph: averageMovingSpeedKph(summary.movingDistanceM, summary.runS),
      },
    };
  }

  /** The organisation's longest range: its own or the nearest ancestor's playbackMaxDays, capped. */
  async function maxDaysOf(organisationId: bigint): Promise<number> {
    const stored = await repo.readPlaybackMaxDays(db, organisationId);
    return Math.min(stored ?? PLAYBACK_DEFAULT_MAX_DAYS, PLAYBACK_MAX_DAYS_LIMIT);
  }

  /** The vehicle, visible to the caller (404 otherwise), and the range checked against its organisation's limit. */
  async function checked(auth: AuthContext, query: PlaybackQuery) {
    const vehicle = await repo.findVehicle(db, toId(query.vehicleId));
    if (!vehicle || !canSeeOrganisation(auth, BigInt(vehicle.organisationId)))
      throw new NotFoundError(VEHICLE_NOT_FOUND);
    const from = new Date(query.from);
    const to = new Date(query.to);
    const maxDays = await maxDaysOf(BigInt(vehicle.organisationId));
    if (to.getTime() - from.getTime() > maxDays * DAY_MS) {
      const message = playbackRangeMessage(maxDays);
      throw new BadRequestError(message, { to: message });
    }
    return { vehicle, from, to };
  }

  return {
    /** No caller checks: the caller has decided that this vehicle and range may be shown. */
    async playback(vehicleId: bigint, from: Date, to: Date): Promise<Playback> {
      if (!(to.getTime() > from.getTime())) throw new BadRequestError(PLAYBACK_MESSAGES.order);
      if (to.getTime() - from.getTime() > PLAYBACK_MAX_DAYS_LIMIT * DAY_MS)
        throw new BadRequestError(playbackRangeMessage(PLAYBACK_MAX_DAYS_LIMIT));
      const vehicle = await repo.findVehicle(db, vehicleId);
      if (!vehicle) throw new NotFoundError(VEHICLE_NOT_FOUND);
      return build(vehicle, from, to);
    },

    async forCaller(auth: AuthContext, query: PlaybackQuery): Promise<Playback> {
      const { vehicle, from, to } = await checked(auth, query);
      return build(vehicle, from, to);
    },

    async limits(auth: AuthContext): Promise<PlaybackLimits> {
      return { maxDays: await maxDaysOf(auth.organisationId) };
    },

    async exportFor(auth: AuthContext, query: PlaybackExportQuery): Promise<PlaybackFile> {
      const { vehicle, from, to } = await checked(auth, query);
      return playbackFile(await build(vehicle, from, to), query.format);
    },

    close(): void {
      if (!deps.geocoder) geocoder.close();
    },
  };
}

export type PlaybackService = ReturnType<typeof createPlaybackService>;
