/**
 * A form field whose value is a GeoJSON shape: drawn on the map (GeometryMap, loaded lazily), typed or pasted as
 * GeoJSON, or read from a .geojson file — so the field works from the keyboard and without WebGL too. Validation
 * messages are the contract's (the server's) own. Use with react-hook-form's Controller.
 */
import {
  Box,
  Button,
  FormHelperText,
  FormLabel,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { FeatureCollection } from 'geojson';
import { lazy, Suspense, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hasWebGl } from './MapView';
import { parseGeometryText, type EditableGeometry, type GeometryKind } from './geometry';

const GeometryMap = lazy(() => import('./GeometryMap'));

export interface GeometryFieldProps {
  kind: GeometryKind;
  value: EditableGeometry | null;
  onChange: (geometry: EditableGeometry | null) => void;
  label: string;
  required?: boolean;
  /** The form's message for this field (react-hook-form / server). */
  error?: string;
  /** Radius of a circle fence, for the preview. */
  radiusM?: number | null;
  /** Shapes drawn faintly around the one being edited (other fences, wards). */
  context?: FeatureCollection;
  height?: number;
  disabled?: boolean;
}

/** "Polygon, 5 corners" / "Point 22.719600, 75.857700": what is drawn, for screen readers and at a glance. */
function useSummary(value: EditableGeometry | null): string {
  const { t } = useTranslation('common');
  if (!value) return t('map.summary.none');
  if (value.type === 'Point') {
    const [lon = 0, lat = 0] = value.coordinates;
    return t('map.summary.point', { lat: lat.toFixed(6), lon: lon.toFixed(6) });
  }
  if (value.type === 'LineString') return t('map.summary.line', { count: value.coordinates.length });
  if (value.type === 'Polygon')
    return t('map.summary.polygon', { count: Math.max(0, (value.coordinates[0]?.length ?? 1) - 1) });
  return t('map.summary.multiPolygon', { count: value.coordinates.length });
}

export function GeometryField({
  kind,
  value,
  onChange,
  label,
  required = false,
  error,
  radiusM,
  context,
  height = 420,
  disabled = false,
}: GeometryFieldProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [textOpen, setTextOpen] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const [fitKey, setFitKey] = useState(0);
  const summary = useSummary(value);

  const applyText = (source: string) => {
    const parsed = parseGeometryText(source, kind);
    if (!parsed.ok) {
      setTextError(parsed.message);
      return false;
    }
    setTextError(null);
    onChange(parsed.geometry);
    setFitKey((k) => k + 1);
    return true;
  };

  const openText = () => {
    setText(value ? JSON.stringify(value, null, 2) : '');
    setTextError(null);
    setTextOpen(true);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const content = await file.text();
    if (applyText(content)) setTextOpen(false);
    else setTextOpen(true);
    setText(content);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={`${id}-summary`}>
      <FormLabel component="legend" required={required} error={Boolean(error)} sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      {hasWebGl() ? (
        <Suspense fallback={<Skeleton variant="rounded" height={height} aria-label={t('map.loading')} />}>
          <GeometryMap
            kind={kind}
            value={value}
            onChange={onChange}
            radiusM={radiusM}
            context={context}
            height={height}
            fitKey={fitKey}
            ariaLabel={label}
            disabled={disabled}
          />
        </Suspense>
      ) : (
        <Typography variant="body2" color="text.secondary" role="note">
          {t('map.unavailable')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id={`${id}-summary`} variant="body2" sx={{ flexGrow: 1 }}>
          {summary}
        </Typography>
        <Button size="small" onClick={textOpen ? () => setTextOpen(false) : openText} disabled={disabled}>
          {textOpen ? t('map.hideGeoJson') : t('map.editGeoJson')}
        </Button>
        <Button size="small" onClick={() => fileRef.current?.click()} disabled={disabled}>
          {t('map.importGeoJson')}
        </Button>
        <input
          ref={fileRef}
          type="file"
          accept=".geojson,.json,application/geo+json,application/json"
          hidden
          data-testid="geometry-file"
          onChange={(e) => void onFile(e)}
        />
      </Stack>
      {textOpen && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField
            label={t('map.geoJson')}
            multiline
            minRows={4}
            maxRows={14}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={Boolean(textError)}
            helperText={textError ?? t(`map.geoJsonHelp.${kind}`)}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
            disabled={disabled}
          />
          <Box>
            <Button size="small" variant="outlined" onClick={() => applyText(text)} disabled={disabled}>
              {t('map.applyGeoJson')}
            </Button>
          </Box>
        </Stack>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}
