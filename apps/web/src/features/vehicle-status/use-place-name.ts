/**
 * The place name of one point for a table cell, from POST /geocode/reverse-batch. Cells of the visible page ask at
 * once; the asks of one render are gathered for a few milliseconds and sent as one batch, and each rounded point is
 * cached for the session — so paging, live position updates and re-renders cost at most one call per new place.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reverseGeocodeBatch, vehicleStatusKeys } from './api/vehicle-statuses';
import { placeKey } from './status-view';

interface Pending {
  lat: number;
  lon: number;
  resolve: (address: string | null) => void;
  reject: (error: unknown) => void;
}

const GATHER_MS = 15;
let pending: Pending[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;

async function flush(): Promise<void> {
  const batch = pending;
  pending = [];
  timer = undefined;
  try {
    const addresses = await reverseGeocodeBatch(batch.map(({ lat, lon }) => ({ lat, lon })));
    batch.forEach((p, i) => p.resolve(addresses[i] ?? null));
  } catch (error) {
    for (const p of batch) p.reject(error);
  }
}

/** Resolves with the address of the point, asked together with every other point asked within GATHER_MS. */
export function loadPlaceName(lat: number, lon: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    pending.push({ lat, lon, resolve, reject });
    timer ??= setTimeout(() => void flush(), GATHER_MS);
  });
}

export function usePlaceName(lat: number | null, lon: number | null) {
  const hasPoint = lat !== null && lon !== null;
  const keyLat = hasPoint ? placeKey(lat) : 0;
  const keyLon = hasPoint ? placeKey(lon) : 0;
  return useQuery({
    queryKey: vehicleStatusKeys.place(keyLat, keyLon),
    queryFn: () => loadPlaceName(keyLat, keyLon),
    enabled: hasPoint,
    staleTime: 30 * 60_000,
    gcTime: 60 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}
