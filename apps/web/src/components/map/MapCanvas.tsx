/**
 * The map itself (MapLibre GL through react-map-gl): loaded lazily by MapView so no page pays for MapLibre until it
 * shows a map. One map per screen; overlays and editors are children and reach the map with `useMap()`.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { Box, MenuItem, TextField, useTheme } from '@mui/material';
import { setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Map, { NavigationControl, ScaleControl, type MapRef } from 'react-map-gl/maplibre';
import { INDIA_VIEW, paddedBounds, type Bounds, type LngLat } from './geometry';
import { baseMaps, OFFLINE_STYLE_ID } from './map-style';

// Bundled, MapLibre 6 cannot find its worker next to its own module; Vite emits it as an asset (stack.md §5.3).
setWorkerUrl(workerUrl);

export interface MapCanvasProps {
  /** Fitted when the map loads and whenever the value changes (compared by value). Default: India. */
  bounds?: Bounds | null;
  height?: number | string;
  /** Accessible name of the map region. */
  ariaLabel: string;
  onClick?: (at: LngLat) => void;
  /** Space in px kept clear around fitted bounds (e.g. for controls drawn over the map). Default 32. */
  fitPadding?: FitPadding;
  children?: ReactNode;
}

export type FitPadding = number | { top: number; bottom: number; left: number; right: number };

export default function MapCanvas({
  bounds,
  height = 420,
  ariaLabel,
  onClick,
  fitPadding = 32,
  children,
}: MapCanvasProps) {
  const { t } = useTranslation('common');
  const mode = useTheme().palette.mode;
  const maps = useMemo(() => baseMaps(mode), [mode]);
  const [baseId, setBaseId] = useState(OFFLINE_STYLE_ID);
  const base = maps.find((m) => m.id === baseId) ?? maps[0];
  const ref = useRef<MapRef>(null);
  const target = paddedBounds(bounds ?? INDIA_VIEW);
  const targetKey = JSON.stringify(target);
  const paddingKey = JSON.stringify(fitPadding);

  useEffect(() => {
    ref.current?.fitBounds(JSON.parse(targetKey) as Bounds, {
      padding: JSON.parse(paddingKey) as FitPadding,
      duration: 0,
    });
  }, [targetKey, paddingKey]);

  return (
    <Box
      role="region"
      aria-label={ariaLabel}
      sx={{
        position: 'relative',
        height,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
      }}
    >
      <Map
        ref={ref}
        initialViewState={{ bounds: target, fitBoundsOptions: { padding: fitPadding } }}
        mapStyle={base?.style}
        style={{ width: '100%', height: '100%' }}
        attributionControl={false}
        dragRotate={false}
        onClick={onClick ? (e) => onClick([e.lngLat.lng, e.lngLat.lat]) : undefined}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-left" unit="metric" />
        {children}
      </Map>
      {maps.length > 1 && (
        <TextField
          select
          size="small"
          label={t('map.baseMap')}
          value={baseId}
          onChange={(e) => setBaseId(e.target.value)}
          // Bottom left above the scale: the top left belongs to page tools (GeometryEditor's Draw/Clear).
          sx={{ position: 'absolute', bottom: 36, left: 8, minWidth: 150, bgcolor: 'background.paper' }}
        >
          {maps.map((m) => (
            <MenuItem key={m.id} value={m.id}>
              {m.name ?? t('map.offline')}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
