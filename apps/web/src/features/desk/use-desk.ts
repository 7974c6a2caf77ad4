/**
 * Desk data shared by the page, the compact panel and the app-bar indicator: the open alerts (polled every 15 s,
 * refreshed at once when the live feed brings a desk alert or a step another operator took) and the actions, which write the answered alert into
 * the cache and refresh the lists.
 */
import {
  isAlertDeskType,
  type AlertDeskChange,
  type AlertDeskDetail,
  type LiveAlert,
} from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DESK_POLL_MS, deskKeys, listDeskAlerts } from './api/alert-desk';

/** How many open alerts the indicator and the panel read (the badge's count comes from `counts`, not the page). */
const OPEN_SUMMARY_PAGE_SIZE = 50;

export function useOpenDeskAlerts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: deskKeys.open(),
    queryFn: () => listDeskAlerts({ status: 'open', page: 1, pageSize: OPEN_SUMMARY_PAGE_SIZE }),
    refetchInterval: DESK_POLL_MS,
    enabled,
  });
}

/** After an action: the alert's own cache gets the answer, every desk list asks again. */
export function useApplyDeskAnswer() {
  const queryClient = useQueryClient();
  return (alert: AlertDeskDetail) => {
    queryClient.setQueryData(deskKeys.one(alert.id), alert);
    void queryClient.invalidateQueries({ queryKey: deskKeys.lists() });
  };
}

/**
 * Refreshes the desk when the live feed brings a desk alert it has not seen yet (useLiveFleet().alerts) or a step
 * taken on the desk by anyone — another operator's acknowledgement, an escalation (useLiveFleet().deskChanges).
 */
export function useDeskLiveRefresh(
  alerts: readonly LiveAlert[] | undefined,
  deskChanges: readonly AlertDeskChange[] = [],
): void {
  const queryClient = useQueryClient();
  const seen = useRef(new Set<string>());
  useEffect(() => {
    let isNew = false;
    const keys = [
      ...(alerts ?? []).filter((alert) => isAlertDeskType(alert.type)).map((alert) => alert.id),
      ...deskChanges.map((change) => `${change.id}:${change.action}:${change.at}`),
    ];
    for (const key of keys) {
      if (seen.current.has(key)) continue;
      seen.current.add(key);
      isNew = true;
    }
    if (isNew) void queryClient.invalidateQueries({ queryKey: deskKeys.all });
  }, [alerts, deskChanges, queryClient]);
}
