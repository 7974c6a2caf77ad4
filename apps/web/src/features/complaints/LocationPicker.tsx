/**
 * The complaint's location on a map over the organisation's wards: click or drag the point; the typed coordinates of
 * the form stay the source of truth (and work without WebGL or a mouse).
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { featureCollection, GeometryField } from '@/components/map';
import { useSession } from '@/session';
import { wardsQuery } from './api/wards';

export interface LocationPickerProps {
  lat: number | null;
  lon: number | null;
  onPick: (point: { lat: number; lon: number }) => void;
  error?: string | undefined;
}

export function LocationPicker({ lat, lon, onPick, error }: LocationPickerProps) {
  const { t } = useTranslation('complaints');
  const { can, user } = useSession();
  const wards = useQuery({ ...wardsQuery(user?.organisation.id, true), enabled: can('admin-division') });
  const context = useMemo(
    () =>
      featureCollection(
        (wards.data ?? []).map((w) => ({ id: w.id, geometry: w.geometry, properties: { name: w.name } })),
      ),
    [wards.data],
  );
  return (
    <GeometryField
      kind="point"
      label={t('form.mapPicker')}
      required
      error={error}
      value={lat !== null && lon !== null ? { type: 'Point', coordinates: [lon, lat] } : null}
      onChange={(geometry) => {
        if (geometry?.type !== 'Point') return;
        const [pickedLon, pickedLat] = geometry.coordinates;
        if (pickedLon !== undefined && pickedLat !== undefined)
          onPick({ lat: Number(pickedLat.toFixed(6)), lon: Number(pickedLon.toFixed(6)) });
      }}
      context={context}
      height={340}
    />
  );
}
