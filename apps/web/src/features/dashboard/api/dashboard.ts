/**
 * /v1/dashboard calls (contract: packages/shared dashboard.contract.ts) with their query keys and hooks. Every widget
 * refetches every 30 s and when the live stream reports an alert or a desk step (useLiveRefresh).
 */
import {
  AdminDivisionSchema,
  CityDashboardSchema,
  DashboardSeriesSchema,
  DivisionsDashboardSchema,
  FleetDashboardSchema,
  type AdminDivision,
  type DashboardSeriesMetric,
} from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod';
import { apiRequest } from '@/api/client';
import { useLiveFleet } from '@/realtime';
import type { DashboardFilters } from '../dashboard-params';

export const DASHBOARD_REFRESH_MS = 30_000;

export const dashboardKeys = {
  all: ['dashboard'] as const,
  city: (f: DashboardFilters) => [...dashboardKeys.all, 'city', f] as const,
  divisions: (f: DashboardFilters) => [...dashboardKeys.all, 'divisions', f] as const,
  series: (f: DashboardFilters, metric: DashboardSeriesMetric) =>
    [...dashboardKeys.all, 'series', metric, f] as const,
  fleet: (f: DashboardFilters) => [...dashboardKeys.all, 'fleet', f] as const,
  divisionList: (withGeometry: boolean) => [...dashboardKeys.all, 'division-list', withGeometry] as const,
};

const query = (f: DashboardFilters) => ({
  from: f.from,
  to: f.to,
  zoneId: f.zoneId ?? undefined,
  circleId: f.circleId ?? undefined,
  wardId: f.wardId ?? undefined,
});

const live = { refetchInterval: DASHBOARD_REFRESH_MS, placeholderData: <T>(previous: T) => previous };

export function useCityDashboard(f: DashboardFilters) {
  return useQuery({
    queryKey: dashboardKeys.city(f),
    queryFn: () =>
      apiRequest({ method: 'GET', path: '/dashboard/city', query: query(f), schema: CityDashboardSchema }),
    ...live,
  });
}

export function useDivisionsDashboard(f: DashboardFilters) {
  return useQuery({
    queryKey: dashboardKeys.divisions(f),
    queryFn: () =>
      apiRequest({
        method: 'GET',
        path: '/dashboard/divisions',
        query: query(f),
        schema: DivisionsDashboardSchema,
      }),
    ...live,
  });
}

export function useDashboardSeries(f: DashboardFilters, metric: DashboardSeriesMetric) {
  return useQuery({
    queryKey: dashboardKeys.series(f, metric),
    queryFn: () =>
      apiRequest({
        method: 'GET',
        path: '/dashboard/series',
        query: { ...query(f), metric, groupBy: 'day' },
        schema: DashboardSeriesSchema,
      }),
    ...live,
  });
}

export function useFleetDashboard(f: DashboardFilters) {
  return useQuery({
    queryKey: dashboardKeys.fleet(f),
    queryFn: () =>
      apiRequest({ method: 'GET', path: '/dashboard/fleet', query: query(f), schema: FleetDashboardSchema }),
    ...live,
  });
}

/** Zones, circles and wards of the caller's organisations (the filter bar; with geometry for the ward map). */
export function useDivisionList(withGeometry = false) {
  return useQuery({
    queryKey: dashboardKeys.divisionList(withGeometry),
    queryFn: (): Promise<AdminDivision[]> =>
      apiRequest({
        method: 'GET',
        path: '/admin-divisions',
        query: withGeometry ? { withGeometry: 'true' } : {},
        schema: z.array(AdminDivisionSchema),
      }),
    staleTime: 10 * 60_000,
  });
}

/** Refetches the dashboards when the live stream brings a new alert or SOS desk step. */
export function useLiveRefresh(): void {
  const client = useQueryClient();
  const { alerts, deskChanges } = useLiveFleet();
  const newest = `${alerts[0]?.id ?? ''}|${deskChanges[0]?.id ?? ''}:${deskChanges[0]?.action ?? ''}`;
  useEffect(() => {
    if (newest === '|:') return;
    void client.invalidateQueries({ queryKey: dashboardKeys.all });
  }, [client, newest]);
}
