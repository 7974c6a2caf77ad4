/**
 * GET /v1/vehicle/statuses (vehicle.contract.ts), every page: the live store's vehicle directory (registration numbers,
 * IMEIs, never-connected vehicles, device health, group and ward, kind and body type for the map icons).
 */
import { PublicShareSchema, VehicleStatusesSchema } from '@civicfleet/shared';
import { apiRequest } from '@/api/client';
import type { DirectoryRow } from './live-fleet-state';

const PAGE_SIZE = 5000;
const MAX_PAGES = 40;

export async function loadVehicleDirectory(signal?: AbortSignal): Promise<DirectoryRow[]> {
  const rows: DirectoryRow[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await apiRequest({
      method: 'GET',
      path: '/vehicle/statuses',
      query: { page, pageSize: PAGE_SIZE },
      schema: VehicleStatusesSchema,
      signal,
    });
    rows.push(...answer.rows);
    if (rows.length >= answer.total || answer.rows.length < PAGE_SIZE) break;
  }
  return rows;
}

/**
 * A share link's vehicles (GET /v1/public/share?token=, no sign-in) as directory rows: registration numbers and kinds
 * for the shared map; positions come from the socket.
 */
export async function loadShareDirectory(token: string, signal?: AbortSignal): Promise<DirectoryRow[]> {
  const share = await apiRequest({
    method: 'GET',
    path: '/public/share',
    query: { token },
    schema: PublicShareSchema,
    anonymous: true,
    signal,
  });
  if (share.kind === 'playback') return [];
  return share.vehicles.map((v) => ({
    vehicleId: v.id,
    registrationNumber: v.registrationNumber,
    organisationId: '',
    deviceId: null,
    imei: null,
    status: 'never-connected',
    statusSince: null,
    lastPacketAt: null,
    fixTime: null,
    lat: null,
    lon: null,
    speedKph: null,
    ignition: null,
    kind: v.kind,
  }));
}
