/**
 * The live feed for the status board: the shared /v1/live store (@/realtime, one socket per tab), by vehicle id.
 * When a vehicle's status changes, `onStatusChange` runs — at most once per COUNTS_REFRESH_MS, trailing — so the
 * counters follow the fleet without a request per delta.
 */
import { useEffect, useRef } from 'react';
import { useLiveFleet, type LiveVehicle } from '@/realtime';

export const COUNTS_REFRESH_MS = 10_000;

export function useLiveStatuses(onStatusChange: () => void): ReadonlyMap<string, LiveVehicle> {
  const { vehicles, version } = useLiveFleet();
  const seen = useRef(new Map<string, string>());
  const isDirty = useRef(false);
  const callback = useRef(onStatusChange);

  useEffect(() => {
    callback.current = onStatusChange;
  });

  useEffect(() => {
    const known = seen.current;
    const isFirst = known.size === 0;
    for (const [id, v] of vehicles) {
      if (known.get(id) !== v.status) {
        if (!isFirst && known.has(id)) isDirty.current = true;
        known.set(id, v.status);
      }
    }
  }, [vehicles, version]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (!isDirty.current) return;
      isDirty.current = false;
      callback.current();
    }, COUNTS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return vehicles;
}
