/**
 * The optional external reverse-geocoding provider (env GEOCODER_URL, GEOCODER_KEY, GEOCODER_TIMEOUT_MS): one GET per
 * position, answered from `geocode_cache` when the same rounded position was asked before. A failure (timeout, HTTP
 * error, unreadable JSON) is 'failed' and the caller falls back to own data; an answer without an address is an
 * answer ("nothing known here"), cached like any other.
 */
import type { GeocoderEnv } from '../../config/env.ts';

/** Cache keys: positions rounded to 4 decimals (≈11 m), what geocode_cache is keyed by. */
export const roundKey = (degrees: number): number => Math.round(degrees * 1e4) / 1e4;

/** What the provider said: an address, nothing known there (`null`, cached too), or no usable answer (not cached). */
export type ProviderAnswer = { address: string | null } | 'failed';

export interface GeocodeProvider {
  /** Cache namespace: the template's host, so that switching providers never serves the old one's answers. */
  name: string;
  lookup(lat: number, lon: number): Promise<ProviderAnswer>;
}

/** The `display_name` or `address` of a JSON answer (an object, or the first element of an array). */
export function addressFromAnswer(body: unknown): string | null {
  const first: unknown = Array.isArray(body) ? body[0] : body;
  if (typeof first !== 'object' || first === null) return null;
  const { display_name: displayName, address } = first as { display_name?: unknown; address?: unknown };
  if (typeof displayName === 'string' && displayName.trim()) return displayName.trim();
  if (typeof address === 'string' && address.trim()) return address.trim();
  if (typeof address === 'object' && address !== null) {
    const parts = Object.values(address).filter((v): v is string => typeof v === 'string' && !!v.trim());
    if (parts.length > 0) return parts.map((p) => p.trim()).join(', ');
  }
  return null;
}

export function createHttpGeocodeProvider(config: GeocoderEnv): GeocodeProvider {
  const usesKeyInUrl = config.urlTemplate.includes('{key}');
  const name = new URL(config.urlTemplate.replace(/\{(lat|lon|key)\}/g, '0')).host;
  return {
    name,
    async lookup(lat, lon) {
      const url = config.urlTemplate
        .replaceAll('{lat}', lat.toFixed(6))
        .replaceAll('{lon}', lon.toFixed(6))
        .replaceAll('{key}', encodeURIComponent(config.key ?? ''));
      const headers: Record<string, string> = { accept: 'application/json' };
      // Spec 02 §7 "External address lookup with a bearer {key}": a key not placed in the URL goes in the header.
      if (config.key && !usesKeyInUrl) headers.authorization = `Bearer ${config.key}`;
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(config.timeoutMs) });
        if (!response.ok) return 'failed';
        return { address: addressFromAnswer(await response.json()) };
      } catch {
        return 'failed';
      }
    },
  };
}
