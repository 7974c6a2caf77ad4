import type { AlertDeskItem } from '@civicfleet/shared';
import { paths } from '@/lib/paths';

/** The alert's vehicle on the live-tracking map (`?vehicleId=<id>` selects and follows it there). */
export function liveTrackingLink(alert: Pick<AlertDeskItem, 'vehicleId'>): string {
  return alert.vehicleId === null
    ? paths.liveTracking
    : `${paths.liveTracking}?vehicleId=${encodeURIComponent(alert.vehicleId)}`;
}

export const SOS_DESK_PATH = '/view-operations/sos-desk';
