/**
 * Base maps. The built-in offline style needs no network (no tiles, no glyphs): a plain land-coloured background that
 * follows light/dark mode, over which the pages draw the organisation's own wards, fences, routes and POIs — so the
 * map is never blank in an air-gapped deployment or in tests. Brands may add network styles (brand `mapStyles`).
 */
import type { StyleSpecification } from 'maplibre-gl';
import { brand } from '@/lib/brand';

export const OFFLINE_STYLE_ID = 'offline';

export interface BaseMap {
  id: string;
  /** Shown in the layer switcher; the offline map's name comes from i18n. */
  name?: string;
  style: string | StyleSpecification;
}

export function offlineStyle(mode: 'light' | 'dark'): StyleSpecification {
  return {
    version: 8,
    name: 'CivicFleet offline',
    sources: {},
    layers: [
      {
        id: 'background',
        type: 'background',
        paint: { 'background-color': mode === 'dark' ? '#1d2327' : '#eef1ea' },
      },
    ],
  };
}

/** The offline map first, then the brand's styles in the brand file's order. */
export function baseMaps(mode: 'light' | 'dark'): BaseMap[] {
  return [
    { id: OFFLINE_STYLE_ID, style: offlineStyle(mode) },
    ...(brand.mapStyles ?? []).map((s) => ({ id: s.id, name: s.name, style: s.url })),
  ];
}

/** Colours of overlay layers, readable on both the light and the dark offline background. */
export const OVERLAY_COLOURS = {
  edit: '#1565c0',
  context: '#6d4c41',
  ward: '#7b1fa2',
  fence: '#ef6c00',
  route: '#2e7d32',
  poi: '#c62828',
} as const;
