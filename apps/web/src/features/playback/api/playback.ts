/**
 * GET /v1/vehicle/position/playback and its export (playback.contract.ts), and the vehicle picker's calls (GET
 * /v1/vehicle, GET /v1/vehicle/:id), with their query keys.
 */
import {
  PlaybackSchema,
  VehiclePageSchema,
  VehicleSchema,
  type Playback,
  type PlaybackExportFormat,
  type Vehicle,
} from '@civicfleet/shared';
import { apiRequest, buildUrl } from '@/api/client';
import { fetchFileObjectUrl } from '@/api/file';

export interface PlaybackRange {
  vehicleId: string;
  /** ISO 8601 with the +05:30 offset. */
  from: string;
  to: string;
}

export const playbackKeys = {
  all: ['playback'] as const,
  track: (range: PlaybackRange) => [...playbackKeys.all, 'track', range] as const,
  vehicles: (search: string) => [...playbackKeys.all, 'vehicles', search] as const,
  vehicle: (id: string) => [...playbackKeys.all, 'vehicle', id] as const,
};

/** performance marks: the answer parsed, and (PlaybackMap) the track first drawn; measured as PLAYBACK_MEASURE. */
export const PLAYBACK_MARKS = { response: 'playback:response', drawn: 'playback:track-drawn' } as const;
export const PLAYBACK_MEASURE = 'playback:response-to-first-track';

export async function getPlayback(range: PlaybackRange, signal?: AbortSignal): Promise<Playback> {
  const data = await apiRequest({
    method: 'GET',
    path: '/vehicle/position/playback',
    query: { ...range },
    schema: PlaybackSchema,
    signal,
  });
  performance.clearMarks(PLAYBACK_MARKS.response);
  performance.mark(PLAYBACK_MARKS.response);
  return data;
}

/** The export file as an object URL (the caller downloads and revokes it). */
export function fetchPlaybackExport(range: PlaybackRange, format: PlaybackExportFormat): Promise<string> {
  // buildUrl gives the API root's URL (root-relative or absolute); fetchFileObjectUrl sends it with the token.
  return fetchFileObjectUrl(buildUrl('/vehicle/position/playback/export', { ...range, format }));
}

/** "MP09AB1234 (864…)" or "MP09AB1234 (Not linked)" (spec 02 "Pickers": registrationNumber (imei or Not linked)). */
export interface VehicleOption {
  id: string;
  label: string;
}

export async function searchVehicles(search: string, notLinked: string): Promise<VehicleOption[]> {
  const page = await apiRequest({
    method: 'GET',
    path: '/vehicle',
    query: { page: 1, pageSize: 25, search: search || undefined, sortBy: 'registrationNumber' },
    schema: VehiclePageSchema,
  });
  return page.items.map((v) => vehicleOption(v, notLinked));
}

export function getVehicle(id: string): Promise<Vehicle> {
  return apiRequest({ method: 'GET', path: `/vehicle/${id}`, schema: VehicleSchema });
}

export const vehicleOption = (v: Vehicle, notLinked: string): VehicleOption => ({
  id: v.id,
  label: `${v.registrationNumber} (${v.device?.imei ?? notLinked})`,
});
