/**
 * Where the status board's row actions lead (spec 01 §2.3 vehicle status; spec 02 §2 and issue 6 for certificates):
 * live tracking and route playback of the vehicle, the duty report of its group, and the fitment/certificate flows.
 * The certificate is keyed by the tracker's IMEI (spec 02 "Public certificate page"); a fitment is created at
 * /fitment/add and found for editing in the fitment list, searched by the registration number.
 */
import type { VehicleStatusRow } from '@civicfleet/shared';
import { paths } from '@/lib/paths';

const withQuery = (path: string, query: Record<string, string>) =>
  `${path}?${new URLSearchParams(query).toString()}`;

export const rowTargets = {
  liveTracking: (row: VehicleStatusRow) => withQuery(paths.liveTracking, { vehicleId: row.vehicleId }),
  playback: (row: VehicleStatusRow) => withQuery(paths.routePlayback, { vehicleId: row.vehicleId }),
  dutyReport: (row: VehicleStatusRow) =>
    withQuery(paths.report('duty-report'), { groupId: row.groupId ?? '' }),
  generateCertificate: (row: VehicleStatusRow) =>
    withQuery(paths.fitment.add, { vehicleId: row.vehicleId, ...(row.imei ? { imei: row.imei } : {}) }),
  editCertificate: (row: VehicleStatusRow) =>
    withQuery(paths.fitment.list, { search: row.registrationNumber }),
  viewCertificate: (row: VehicleStatusRow) => paths.certificate(row.imei ?? ''),
};
