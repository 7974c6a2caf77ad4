/**
 * Base maps. The built-in offline style needs no network beyond the console's own origin: India's land, state
 * boundaries and state names from a packaged dataset (data/india-states.json, built by tools/geo from Natural Earth;
 * ~240 kB, emitted as an asset and fetched only when a map shows), neighbouring countries as plain land, text drawn
 * by MapLibre from the browser's own fonts (no `glyphs` URL). It follows light/dark mode; the pages draw the
 * organisation's own wards, fences, routes and POIs on it — so the map is never blank in an air-gapped deployment or
 * in tests. Brands may add network styles (brand `mapStyles`).
 */
import type { StyleSpecification } from 'maplibre-gl';
import { brand } from '@/lib/brand';
import indiaStatesUrl from './data/india-states.json?url';

export const OFFLINE_STYLE_ID = 'offline';

export interface BaseMap {
  id: string;
  /** Shown in the layer switcher; the offline map's name comes from i18n. */
  name?: string;
  style: string | StyleSpecification;
}

const OFFLINE_COLOURS = {
  light: {
    water: '#dde8ee',
    neighbour: '#e9ebe5',
    land: '#f4f6ef',
    border: '#7d8f83',
    state: '#aab6ad',
    label: '#5f6f64',
    halo: '#f4f6ef',
  },
  dark: {
    water: '#151b1f',
    neighbour: '#1f262a',
    land: '#263035',
    border: '#6d7f87',
    state: '#4b5a61',
    label: '#a3b1b8',
    halo: '#263035',
  },
} as const;

/** The dataset's URL resolved against the page (MapLibre's worker needs an absolute URL). */
function datasetUrl(): string {
  return typeof window === 'undefined'
    ? indiaStatesUrl
    : new URL(indiaStatesUrl, window.location.href).toString();
}

export function offlineStyle(mode: 'light' | 'dark'): StyleSpecification {
  const c = OFFLINE_COLOURS[mode];
  return {
    version: 8,
    name: 'CivicFleet offline',
    sources: { india: { type: 'geojson', data: datasetUrl() } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': c.water } },
      {
        id: 'neighbour-land',
        type: 'fill',
        source: 'india',
        filter: ['==', ['get', 'kind'], 'neighbour-land'],
        paint: { 'fill-color': c.neighbour },
      },
      {
        id: 'india-land',
        type: 'fill',
        source: 'india',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: { 'fill-color': c.land },
      },
      {
        id: 'state-boundaries',
        type: 'line',
        source: 'india',
        filter: ['==', ['get', 'kind'], 'state-boundary'],
        paint: {
          'line-color': c.state,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.6, 8, 1.4, 12, 2],
          'line-dasharray': [3, 2],
        },
      },
      {
        id: 'india-outline',
        type: 'line',
        source: 'india',
        filter: ['==', ['get', 'kind'], 'land'],
        paint: {
          'line-color': c.border,
          'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.8, 8, 1.6, 12, 2.4],
        },
      },
      {
        id: 'state-names',
        type: 'symbol',
        source: 'india',
        filter: ['==', ['get', 'kind'], 'state-label'],
        minzoom: 4.5,
        maxzoom: 10,
        layout: {
          'text-field': ['get', 'name'],
          'text-font': ['sans-serif'],
          'text-size': ['interpolate', ['linear'], ['zoom'], 4.5, 10, 8, 14],
          'text-letter-spacing': 0.05,
          'text-max-width': 8,
        },
        paint: { 'text-color': c.label, 'text-halo-color': c.halo, 'text-halo-width': 1.2 },
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
