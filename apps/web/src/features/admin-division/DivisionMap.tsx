/**
 * The divisions of the list drawn on the map: zones as outlines, circles dashed, wards filled in the ward colour, the
 * selected division highlighted and fitted. Clicking inside a division selects it (as the list's name buttons do).
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { AdminDivision } from '@civicfleet/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GeoJsonOverlay, MapView, OVERLAY_COLOURS, geometryBounds } from '@/components/map';
import { areaOf, divisionAt, divisionCollection } from './division-map';

export interface DivisionMapProps {
  /** The listed divisions, with their geometry (the list asks `withGeometry` where a map can draw). */
  divisions: readonly AdminDivision[];
  selectedId: string | null;
  onSelect: (id: string | null) => void;
}

export function DivisionMap({ divisions, selectedId, onSelect }: DivisionMapProps) {
  const { t } = useTranslation('divisions');
  const drawn = divisions;

  const layers = useMemo(() => {
    const ofType = (type: AdminDivision['type']) => divisionCollection(drawn.filter((d) => d.type === type));
    return { zones: ofType('ZONE'), circles: ofType('CIRCLE'), wards: ofType('WARD') };
  }, [drawn]);
  const selected = drawn.find((d) => d.id === selectedId);
  const selectedLayer = useMemo(() => (selected ? divisionCollection([selected]) : null), [selected]);
  const bounds = useMemo(() => {
    const shown = selected ? [selected] : drawn;
    return geometryBounds(shown.map(areaOf));
  }, [drawn, selected]);
  const withoutShape = drawn.filter((d) => areaOf(d) === null).length;

  return (
    <Stack spacing={1}>
      <MapView
        ariaLabel={t('adminDivision.map.label')}
        bounds={bounds}
        height={380}
        onClick={(at) => onSelect(divisionAt(at, drawn)?.id ?? null)}
      >
        <GeoJsonOverlay id="zones" data={layers.zones} colour={OVERLAY_COLOURS.context} fillOpacity={0} />
        <GeoJsonOverlay
          id="circles"
          data={layers.circles}
          colour={OVERLAY_COLOURS.edit}
          fillOpacity={0}
          dashed
        />
        <GeoJsonOverlay id="wards" data={layers.wards} colour={OVERLAY_COLOURS.ward} fillOpacity={0.18} />
        {selectedLayer && (
          <GeoJsonOverlay
            id="selected"
            data={selectedLayer}
            colour={OVERLAY_COLOURS.fence}
            fillOpacity={0.35}
            lineWidth={4}
          />
        )}
      </MapView>
      {withoutShape > 0 && (
        <Alert severity="info" variant="outlined">
          {t('adminDivision.map.withoutShape', { count: withoutShape })}
        </Alert>
      )}
    </Stack>
  );
}
