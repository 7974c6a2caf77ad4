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
import { OVERLAY_COLOURS } from './map-style';

/** Drawn shapes in the edit colour (as the circle preview), not Terra Draw's default blue. */
const EDIT_COLOUR = OVERLAY_COLOURS.edit;

const DRAW_MODE: Record<GeometryKind, 'polygon' | 'linestring' | 'point'> = {
  area: 'polygon',
  line: 'linestring',
  point: 'point',
  circle: 'point',
};

const EDIT_FLAGS = {
  feature: {
    draggable: true,
    // `midpoints: true` only inserts a corner on click; the hint promises dragging a midpoint, which needs this form.
    coordinates: { draggable: true, midpoints: { draggable: true }, deletable: true },
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
        new TerraDrawPolygonMode({
          styles: { fillColor: EDIT_COLOUR, fillOpacity: 0.2, outlineColor: EDIT_COLOUR, outlineWidth: 2 },
        }),
        new TerraDrawLineStringMode({ styles: { lineStringColor: EDIT_COLOUR, lineStringWidth: 3 } }),
        new TerraDrawPointMode({ styles: { pointColor: EDIT_COLOUR, pointWidth: 6 } }),
        new TerraDrawSelectMode({
          flags: { [mode]: mode === 'point' ? { feature: { draggable: true } } : EDIT_FLAGS },
          styles: {
            selectedPolygonColor: EDIT_COLOUR,
            selectedPolygonFillOpacity: 0.25,
            selectedPolygonOutlineColor: EDIT_COLOUR,
            selectedPolygonOutlineWidth: 2,
            selectedLineStringColor: EDIT_COLOUR,
            selectedPointColor: EDIT_COLOUR,
            selectionPointColor: EDIT_COLOUR,
            midPointColor: EDIT_COLOUR,
          },
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
      // When the whole map unmounts, React runs the Map's cleanup (map.remove()) before this child's, so Terra
      // Draw's layers are gone and stop() throws on their missing sources: nothing is left to clean up then.
      if (started) {
        try {
          draw.stop();
        } catch {
          // The map was removed first.
        }
      }
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
    if (!feature) return;
    // Selected at once, so its corners show as handles and can be dragged without a first click.
    const [added] = draw.addFeatures([feature]);
    if (added?.valid && added.id !== undefined && !disabled) draw.selectFeature(added.id);
  }, [value, kind, ready, disabled]);

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

  const hint = drawing
    ? t(`map.hint.${kind}`)
    : value && value.type !== 'Point' && value.type !== 'MultiPolygon'
      ? t('map.editHint')
      : null;
  // The buttons sit top left; the hint bottom right, see-through to clicks, so neither hides much of the shape
  // (GeometryMap fits shapes clear of both).
  return (
    <>
      <Paper
        elevation={2}
        sx={{ position: 'absolute', top: 8, left: 8, p: 1, zIndex: 1 }}
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
      </Paper>
      <Box
        aria-live="polite"
        sx={{
          position: 'absolute',
          right: 8,
          bottom: 8,
          maxWidth: 'min(360px, 60%)',
          zIndex: 1,
          pointerEvents: 'none',
        }}
      >
        {hint && (
          <Typography
            variant="caption"
            component="p"
            sx={{ bgcolor: 'background.paper', opacity: 0.92, px: 1, py: 0.5, borderRadius: 1, boxShadow: 1 }}
          >
            {hint}
          </Typography>
        )}
      </Box>
    </>
  );
}
