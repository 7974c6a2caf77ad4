/**
 * The dashboards (docs/swm.md "Dashboards"): resolves the filter (days, division — invisible divisions answer 404),
 * loads the scope's rows and folds them (dashboard.figures.ts). Vehicle status is the vehicle-status screen's rule
 * (live-mapping effectiveStatus); disposal trips and presence come from the operations module, driver performance
 * from the people module.
 */
import type {
  CityDashboard,
  DashboardAppliedFilter,
  DashboardFilter,
  DashboardSeries,
  DashboardSeriesQuery,
  DivisionsDashboard,
  FleetDashboard,
  OfflineReason,
  OfflineVehicle,
} from '@civicfleet/shared';
import { DASHBOARD_MESSAGES, DASHBOARD_OFFLINE_LIST_MAX } from '@civicfleet/shared';
import type { Db } from '../../db/client.ts';
import { localDayOf } from '../../derive/local-day.ts';
import { NotFoundError } from '../../http/errors.ts';
import type { AuthContext, Clock } from '../../http/types.ts';
import { effectiveStatus } from '../../live/live-mapping.ts';
import { disposalTrips, dumpYardPresence } from '../operations/disposal-trips.ts';
import { driverPerformance } from '../people/driver-performance.ts';
import { listVehicleLatest } from '../vehicle/vehicle.repository.ts';
import * as figures from './dashboard.figures.ts';
import * as repo from './dashboard.repository.ts';

const TZ = figures.DASHBOARD_TIME_ZONE;
const TOP_N = 5;

interface Resolved {
  applied: DashboardAppliedFilter;
  from: string;
  to: string;
  days: string[];
  fromAt: Date;
  toAt: Date;
  division: repo.DivisionFilter;
  divisions: repo.DivisionRecord[];
  /** Wards inside the division filter (complaints carry a ward only); null = no division filter. */
  wardIds: bigint[] | null;
  /** The filtered division (drill-down root); null = the whole scope. */
  rootId: bigint | null;
}

const opt = (id: string | undefined) => (id === undefined ? null : BigInt(id));

export function createDashboardService({ db, clock }: { db: Db; clock: Clock }) {
  async function resolve(auth: AuthContext, query: DashboardFilter): Promise<Resolved> {
    const today = localDayOf(clock().getTime(), TZ);
    const from = query.from ?? query.to ?? today;
    const to = query.to ?? query.from ?? today;
    const division = { zoneId: opt(query.zoneId), circleId: opt(query.circleId), wardId: opt(query.wardId) };
    const divisions = await repo.listDivisions(db, auth.orgIds);
    const byId = new Map(divisions.map((d) => [d.id, d]));
    const checks: Array<[bigint | null, string, string]> = [
      [division.zoneId, 'ZONE', DASHBOARD_MESSAGES.zone],
      [division.circleId, 'CIRCLE', DASHBOARD_MESSAGES.circle],
      [division.wardId, 'WARD', DASHBOARD_MESSAGES.ward],
    ];
    for (const [id, type, message] of checks) {
      if (id !== null && byId.get(id)?.type !== type) throw new NotFoundError(message);
    }
    const rootId = division.wardId ?? division.circleId ?? division.zoneId;
    let wardIds: bigint[] | null = null;
    if (rootId !== null) {
      const within = (id: bigint): boolean => {
        for (let at: bigint | null = id, hops = 0; at !== null && hops < 4; hops += 1) {
          if (at === rootId) return true;
          at = byId.get(at)?.parentId ?? null;
        }
        return false;
      };
      wardIds = divisions.filter((d) => d.type === 'WARD' && within(d.id)).map((d) => d.id);
    }
    return {
      applied: {
        from,
        to,
        zoneId: query.zoneId ?? null,
        circleId: query.circleId ?? null,
        wardId: query.wardId ?? null,
      },
      from,
      to,
      days: figures.daysBetween(from, to),
      ...figures.rangeInstants(from, to),
      division,
      divisions,
      wardIds,
      rootId,
    };
  }

  /** Live status now per vehicle of the set, with the device it reports through. */
  async function statusesOf(auth: AuthContext, vehicleIds: Set<bigint>, nowMs: number) {
    const latest = await listVehicleLatest(db, auth.orgIds);
    return latest
      .filter((r) => vehicleIds.has(r.vehicleId))
      .map((r) => ({
        vehicleId: r.vehicleId,
        registrationNumber: r.registrationNumber,
        deviceId: r.deviceId,
        latest: r.latest,
        ...effectiveStatus(r.latest, nowMs),
      }));
  }

  async function tripsOf(auth: AuthContext, f: Resolved, vehicleIds: bigint[]) {
    return disposalTrips(db, {
      organisationIds: auth.orgIds,
      from: f.fromAt,
      to: f.toAt,
      vehicleIds,
      now: clock(),
    });
  }

  return {
    async city(auth: AuthContext, query: DashboardFilter): Promise<CityDashboard> {
      const f = await resolve(auth, query);
      const now = clock();
      const nowMs = now.getTime();
      const vehicles = await repo.listVehicles(db, auth.orgIds, f.division);
      const vehicleIds = vehicles.map((v) => v.id);
      const idSet = new Set(vehicleIds);
      const [statuses, stats, runs, trips, presence, alerts, staffRows, complaintRows] = await Promise.all([
        statusesOf(auth, idSet, nowMs),
        repo.dailyStats(db, vehicleIds, f.from, f.to),
        repo.listJobRuns(db, vehicleIds, f.from, f.to),
        tripsOf(auth, f, vehicleIds),
        dumpYardPresence(db, { organisationIds: auth.orgIds, now }),
        repo.openDeskAlerts(db, vehicleIds),
        repo.listStaff(db, auth.orgIds, f.division),
        repo.openComplaints(db, auth.orgIds, f.wardIds),
      ]);
      const staffIds = staffRows.map((s) => s.id);
      const marks = await repo.attendanceRows(db, staffIds, f.to, f.to);

      const offlineRows = statuses.filter((s) => s.status === 'offline');
      const reasons = new Map(
        (
          await repo.openOfflineReasons(
            db,
            offlineRows.flatMap((s) => (s.deviceId === null ? [] : [s.deviceId])),
          )
        ).map((r) => [r.deviceId, r.reason]),
      );
      const offline: OfflineVehicle[] = offlineRows.map((s) => {
        const stored = s.deviceId === null ? undefined : reasons.get(s.deviceId);
        const reason: OfflineReason =
          stored === 'power-cut' || stored === 'silent'
            ? stored
            : s.latest?.mainPower === false
              ? 'power-cut'
              : 'silent';
        return {
          vehicleId: String(s.vehicleId),
          registrationNumber: s.registrationNumber,
          reason,
          since: s.since?.toISOString() ?? null,
        };
      });
      const byReason = { 'power-cut': 0, silent: 0, 'never-connected': 0 };
      for (const o of offline) byReason[o.reason] += 1;
      byReason['never-connected'] = statuses.filter((s) => s.status === 'never-connected').length;

      const alertsByType: Record<string, number> = {};
      for (const a of alerts) alertsByType[a.type] = (alertsByType[a.type] ?? 0) + 1;

      const met = runs.reduce((sum, r) => sum + r.checkpointsMet, 0);
      const total = runs.reduce((sum, r) => sum + r.checkpointsTotal, 0);
      return {
        filter: f.applied,
        generatedAt: now.toISOString(),
        vehicles: figures.countStatuses(statuses.map((s) => s.status)),
        distanceM: stats.reduce((sum, s) => sum + s.distanceM, 0),
        coverage: {
          runs: runs.length,
          checkpointsMet: met,
          checkpointsTotal: total,
          ratio: figures.ratioOf(met, total),
        },
        disposalTrips: {
          total: trips.length,
          ...figures.bucketTrips(
            trips.map((t) => Date.parse(t.enteredAt)),
            f.days,
          ),
        },
        dumpYardPresence: presence.yards.flatMap((y) =>
          y.vehicles
            .filter((v) => idSet.has(BigInt(v.vehicleId)))
            .map((v) => ({
              vehicleId: v.vehicleId,
              registrationNumber: v.registrationNumber,
              geofenceId: y.geofenceId,
              geofenceName: y.name,
              enteredAt: v.enteredAt,
              insideS: v.durationS,
            })),
        ),
        alerts: { byType: alertsByType, total: alerts.length },
        offline: {
          total: offline.length,
          byReason,
          vehicles: offline.slice(0, DASHBOARD_OFFLINE_LIST_MAX),
        },
        attendance: figures.countAttendance(staffIds, marks, f.to),
        complaints: figures.countComplaints(complaintRows, nowMs),
      };
    },

    async divisions(auth: AuthContext, query: DashboardFilter): Promise<DivisionsDashboard> {
      const f = await resolve(auth, query);
      const now = clock();
      const vehicles = await repo.listVehicles(db, auth.orgIds, f.division);
      const vehicleIds = vehicles.map((v) => v.id);
      const [statuses, stats, runs, trips, staffRows, complaintRows] = await Promise.all([
        statusesOf(auth, new Set(vehicleIds), now.getTime()),
        repo.dailyStats(db, vehicleIds, f.from, f.to),
        repo.listJobRuns(db, vehicleIds, f.from, f.to),
        tripsOf(auth, f, vehicleIds),
        repo.listStaff(db, auth.orgIds, f.division),
        repo.openComplaints(db, auth.orgIds, f.wardIds),
      ]);
      const marks = await repo.attendanceRows(
        db,
        staffRows.map((s) => s.id),
        f.to,
        f.to,
      );
      const sumBy = <T>(rows: T[], key: (r: T) => bigint | null, value: (r: T) => number) => {
        const m = new Map<bigint, number>();
        for (const r of rows) {
          const k = key(r);
          if (k !== null) m.set(k, (m.get(k) ?? 0) + value(r));
        }
        return m;
      };
      const status = new Map(statuses.map((s) => [s.vehicleId, s.status]));
      const distance = sumBy(
        stats,
        (s) => s.vehicleId,
        (s) => s.distanceM,
      );
      const tripCount = sumBy(
        trips,
        (t) => BigInt(t.vehicleId),
        () => 1,
      );
      const met = sumBy(
        runs,
        (r) => r.vehicleId,
        (r) => r.checkpointsMet,
      );
      const total = sumBy(
        runs,
        (r) => r.vehicleId,
        (r) => r.checkpointsTotal,
      );
      const mark = new Map(marks.map((m) => [m.staffId, m.status]));
      const nowMs = now.getTime();
      const placed: figures.Placed[] = [
        ...vehicles.map((v) => ({
          zoneId: v.zoneId,
          circleId: v.circleId,
          wardId: v.wardId,
          add: {
            vehicles: 1,
            moving: status.get(v.id) === 'moving' ? 1 : 0,
            offline: status.get(v.id) === 'offline' ? 1 : 0,
            distanceM: distance.get(v.id) ?? 0,
            disposalTrips: tripCount.get(v.id) ?? 0,
            checkpointsMet: met.get(v.id) ?? 0,
            checkpointsTotal: total.get(v.id) ?? 0,
          },
        })),
        ...staffRows.map((s) => ({
          zoneId: s.zoneId,
          circleId: s.circleId,
          wardId: s.wardId,
          add: {
            staff: 1,
            present: mark.get(s.id) === 'PRESENT' ? 1 : 0,
            absent: mark.get(s.id) === 'ABSENT' ? 1 : 0,
          },
        })),
        ...complaintRows.map((c) => ({
          zoneId: null,
          circleId: null,
          wardId: c.wardId,
          add: { openComplaints: 1, overdueComplaints: c.dueAt.getTime() < nowMs ? 1 : 0 },
        })),
      ];
      return {
        filter: f.applied,
        generatedAt: now.toISOString(),
        ...figures.divisionTree(f.divisions, placed, f.rootId === null ? null : [f.rootId]),
      };
    },

    async series(auth: AuthContext, query: DashboardSeriesQuery): Promise<DashboardSeries> {
      const f = await resolve(auth, query);
      const perDay = new Map<string, number>(f.days.map((d) => [d, 0]));
      const bump = (day: string, by: number) => {
        if (perDay.has(day)) perDay.set(day, (perDay.get(day) ?? 0) + by);
      };
      let unit: DashboardSeries['unit'] = 'count';
      let points: DashboardSeries['points'];
      const vehicleIds = async () => (await repo.listVehicles(db, auth.orgIds, f.division)).map((v) => v.id);
      if (query.metric === 'coverage') {
        unit = 'ratio';
        const runs = await repo.listJobRuns(db, await vehicleIds(), f.from, f.to);
        points = f.days.map((day) => {
          const ofDay = runs.filter((r) => r.day === day);
          return {
            day,
            value: figures.ratioOf(
              ofDay.reduce((s, r) => s + r.checkpointsMet, 0),
              ofDay.reduce((s, r) => s + r.checkpointsTotal, 0),
            ),
          };
        });
      } else {
        if (query.metric === 'distance') {
          unit = 'km';
          for (const s of await repo.dailyStats(db, await vehicleIds(), f.from, f.to))
            bump(s.day, s.distanceM / 1000);
        } else if (query.metric === 'trips') {
          for (const t of await tripsOf(auth, f, await vehicleIds())) bump(t.day, 1);
        } else if (query.metric === 'attendance') {
          const staffIds = (await repo.listStaff(db, auth.orgIds, f.division)).map((s) => s.id);
          for (const m of await repo.attendanceRows(db, staffIds, f.from, f.to))
            if (m.status === 'PRESENT') bump(m.day, 1);
        } else {
          for (const c of await repo.raisedComplaints(db, auth.orgIds, f.wardIds, f.fromAt, f.toAt))
            bump(localDayOf(c.createdAt.getTime(), TZ), 1);
        }
        points = f.days.map((day) => ({ day, value: perDay.get(day) ?? 0 }));
      }
      return { filter: f.applied, metric: query.metric, unit, points };
    },

    async fleet(auth: AuthContext, query: DashboardFilter): Promise<FleetDashboard> {
      const f = await resolve(auth, query);
      const vehicles = await repo.listVehicles(db, auth.orgIds, f.division);
      const vehicleIds = vehicles.map((v) => v.id);
      const [stats, runs, overspeed, fuel, staffRows, drivers] = await Promise.all([
        repo.dailyStats(db, vehicleIds, f.from, f.to),
        repo.listJobRuns(db, vehicleIds, f.from, f.to),
        repo.overspeedCounts(db, vehicleIds, f.fromAt, f.toAt),
        repo.fuelByVehicle(db, vehicleIds, f.fromAt, f.toAt),
        repo.listStaff(db, auth.orgIds, f.division),
        driverPerformance(db, { organisationIds: auth.orgIds, from: f.fromAt, to: f.toAt, now: clock() }),
      ]);
      const rows = figures.fleetRows(
        vehicles,
        stats,
        runs,
        new Map(overspeed.map((o) => [o.vehicleId, o.count])),
      );
      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
      const runS = sum((r) => r.runS);
      const shiftS = sum((r) => r.shiftS);
      const registration = new Map(vehicles.map((v) => [String(v.id), v.registrationNumber]));
      const fuelRows = fuel
        .filter((r) => registration.has(r.vehicleId))
        .map((r) => ({ ...r, registrationNumber: registration.get(r.vehicleId) ?? '' }));
      const byDistance = figures.rankBy(rows, (r) => r.distanceM, TOP_N);
      const byUtilisation = figures.rankBy(rows, (r) => r.utilisation, TOP_N);
      const staffIds = new Set(staffRows.map((s) => String(s.id)));
      return {
        filter: f.applied,
        generatedAt: clock().toISOString(),
        totals: {
          vehicles: rows.length,
          activeVehicles: rows.filter((r) => r.distanceM > 0 || r.runS > 0).length,
          distanceM: sum((r) => r.distanceM),
          runS,
          idleS: sum((r) => r.idleS),
          shiftS,
          utilisation: shiftS > 0 ? runS / shiftS : null,
          overspeedEvents: sum((r) => r.overspeedEvents),
        },
        fuel: {
          hasSensorData: fuelRows.length > 0,
          consumedL: fuelRows.length > 0 ? fuelRows.reduce((s, r) => s + r.consumedL, 0) : null,
          vehicles: fuelRows,
        },
        vehicles: rows,
        usageByDay: f.days.map((day) => {
          const ofDay = stats.filter((s) => s.day === day);
          return {
            day,
            distanceM: ofDay.reduce((s, r) => s + r.distanceM, 0),
            runS: ofDay.reduce((s, r) => s + r.runS, 0),
            idleS: ofDay.reduce((s, r) => s + r.idleS, 0),
            activeVehicles: new Set(
              ofDay.filter((r) => r.distanceM > 0 || r.runS > 0).map((r) => r.vehicleId),
            ).size,
          };
        }),
        top: { byDistance: byDistance.top, byUtilisation: byUtilisation.top },
        bottom: { byDistance: byDistance.bottom, byUtilisation: byUtilisation.bottom },
        // A division filter keeps the drivers of that division; otherwise every driver of the scope.
        drivers: f.rootId === null ? drivers : drivers.filter((d) => staffIds.has(d.staffId)),
      };
    },
  };
}
