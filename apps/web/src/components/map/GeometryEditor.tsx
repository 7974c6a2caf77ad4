/**
 * Draw and edit one shape on a MapCanvas with Terra Draw: a polygon (fences, wards), a line (routes) or a point (POIs,
 * circle centres). The shape is the form's value: drawing or dragging a corner calls `onChange`; a value set from
 * outside (typed GeoJSON, an imported file) replaces what is on the map. MultiPolygons cannot be edited corner by
 * corner: they are shown (by the field) and can only be redrawn. Must be rendered inside MapCanvas.
 */
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from 'react-map-gl/maplibre';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { round6, type EditableGeometry, type GeometryKind } from './geometry';

const DRAW_MODE: Record<GeometryKind, 'polygon' | 'linestring' | 'point'> = {
  area: 'polygon',
  line: 'linestring',
  point: 'point',
  circle: 'point',
};

const EDIT_FLAGS = {
  feature: {
    draggable: true,
    coordinates: { draggable: true, midpoints: true, deletable: true },
  },
};

export interface GeometryEditorProps {
  kind: GeometryKind;
  value: EditableGeometry | null;
  onChange: (geometry: EditableGeometry | null) => void;
  disabled?: boolean;
}

/** Terra Draw's feature for a value it can edit; null for a MultiPolygon or a type that does not match the kind. */
function toFeature(kind: GeometryKind, value: EditableGeometry | null): GeoJSONStoreFeatures | null {
  if (!value || value.type === 'MultiPolygon') return null;
  const mode = DRAW_MODE[kind];
  const expected = mode === 'polygon' ? 'Polygon' : mode === 'linestring' ? 'LineString' : 'Point';
  if (value.type !== expected) return null;
  return {
    type: 'Feature',
    geometry: value as GeoJSONStoreFeatures['geometry'],
    properties: { mode },
  } as GeoJSONStoreFeatures;
}

function roundGeometry(geometry: GeoJSONStoreFeatures['geometry']): EditableGeometry {
  const round = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(round) : typeof value === 'number' ? round6(value) : value;
  return { type: geometry.type, coordinates: round(geometry.coordinates) } as EditableGeometry;
}

export function GeometryEditor({ kind, value, onChange, disabled = false }: GeometryEditorProps) {
  const { t } = useTranslation('common');
  const { current: mapRef } = useMap();
  const drawRef = useRef<TerraDraw | null>(null);
  const emitted = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const [ready, setReady] = useState(false);
  const [drawing, setDrawing] = useState(false);

  // One Terra Draw per map and kind, started once the style has loaded.
  useEffect(() => {
    const map = mapRef?.getMap();
    if (!map) return;
    const mode = DRAW_MODE[kind];
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: 6 }),
      modes: [
        new TerraDrawPolygonMode(),
        new TerraDrawLineStringMode(),
        new TerraDrawPointMode(),
        new TerraDrawSelectMode({
          flags: { [mode]: mode === 'point' ? { feature: { draggable: true } } : EDIT_FLAGS },
        }),
      ],
    });
    let started = false;
    const start = () => {
      draw.start();
      started = true;
      draw.setMode('select');
      drawRef.current = draw;
      setReady(true);
    };
    draw.on('finish', (id, context) => {
      const feature = draw.getSnapshotFeature(id);
      if (!feature) return;
      if (context.action === 'draw') {
        // One shape per field: a new drawing replaces the old one.
        const others = draw
          .getSnapshot()
          .map((f) => f.id)
          .filter((other): other is string | number => other !== undefined && other !== id);
        if (others.length > 0) draw.removeFeatures(others);
        draw.setMode('select');
        draw.selectFeature(id);
        setDrawing(false);
      }
      const geometry = roundGeometry(feature.geometry);
      emitted.current = JSON.stringify(geometry);
      onChangeRef.current(geometry);
    });
    if (map.isStyleLoaded()) start();
    else map.once('load', start);
    return () => {
      map.off('load', start);
      if (started) draw.stop();
      drawRef.current = null;
      setReady(false);
    };
  }, [mapRef, kind]);

  // A value from outside (typed, imported, loaded for edit) replaces the shape on the map.
  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !ready) return;
    const key = value ? JSON.stringify(value) : null;
    if (key === emitted.current && draw.getSnapshot().length > 0) return;
    emitted.current = key;
    draw.clear();
    const feature = toFeature(kind, value);
    if (feature) draw.addFeatures([feature]);
  }, [value, kind, ready]);

  const startDrawing = () => {
    drawRef.current?.setMode(DRAW_MODE[kind]);
    setDrawing(true);
  };
  const cancel = () => {
    drawRef.current?.setMode('select');
    setDrawing(false);
  };
  const clear = () => {
    drawRef.current?.clear();
    drawRef.current?.setMode('select');
    setDrawing(false);
    emitted.current = null;
    onChangeRef.current(null);
  };

  return (
    <Paper
      elevation={2}
      sx={{ position: 'absolute', top: 8, left: 8, p: 1, maxWidth: 320, zIndex: 1 }}
      data-testid="geometry-editor"
    >
      <Stack direction="row" spacing={1}>
        {drawing ? (
          <Button size="small" onClick={cancel}>
            {t('map.cancelDrawing')}
          </Button>
        ) : (
          <Button size="small" variant="contained" onClick={startDrawing} disabled={disabled || !ready}>
            {value ? t(`map.redraw.${kind}`) : t(`map.draw.${kind}`)}
          </Button>
        )}
        <Button
          size="small"
          color="error"
          onClick={clear}
          disabled={disabled || !ready || (!value && !drawing)}
        >
          {t('map.clear')}
        </Button>
      </Stack>
      <Box aria-live="polite">
        {drawing && (
          <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
            {t(`map.hint.${kind}`)}
          </Typography>
        )}
        {!drawing && value && value.type !== 'Point' && value.type !== 'MultiPolygon' && (
          <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
            {t('map.editHint')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
