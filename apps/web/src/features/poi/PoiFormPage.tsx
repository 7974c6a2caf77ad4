/** /management/POI/add and /management/POI/edit/:id (spec 01 §2.6 POI): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { featureCollection, GeometryField } from '@/components/map';
import { useSession } from '@/session';
import { PoiForm, type PoiLocationPickerProps } from './PoiForm';
import { getPoi, listWardShapes, poiKeys } from './api/pois';

/**
 * The map picker of the location section: the POI's circle, placed or dragged on the map, over the organisation's
 * wards (so a new POI's map opens on the city, not on all of India).
 */
function PoiMapPicker({ lat, lon, radiusM, onPick }: PoiLocationPickerProps) {
  const { t } = useTranslation('poi');
  const { can, user } = useSession();
  const organisationId = user?.organisation.id;
  const wards = useQuery({
    queryKey: ['admin-divisions', 'WARD', organisationId, 'shapes'],
    queryFn: () => listWardShapes(organisationId),
    enabled: can('admin-division'),
  });
  const context = useMemo(
    () =>
      featureCollection(
        (wards.data ?? []).map((w) => ({ id: w.id, geometry: w.geometry, properties: { name: w.name } })),
      ),
    [wards.data],
  );
  return (
    <GeometryField
      kind="circle"
      label={t('form.mapPicker')}
      value={lat !== null && lon !== null ? { type: 'Point', coordinates: [lon, lat] } : null}
      onChange={(geometry) => {
        if (geometry?.type !== 'Point') return;
        const [pickedLon, pickedLat] = geometry.coordinates;
        if (pickedLon !== undefined && pickedLat !== undefined)
          onPick({ lat: Number(pickedLat.toFixed(6)), lon: Number(pickedLon.toFixed(6)) });
      }}
      radiusM={radiusM}
      context={context}
      height={320}
    />
  );
}

export function PoiFormPage() {
  const { t } = useTranslation('poi');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: poiKeys.one(id ?? ''),
    queryFn: () => getPoi(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.name : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
    >
      {(poi) => <PoiForm poi={poi} renderLocationPicker={(props) => <PoiMapPicker {...props} />} />}
    </FormPage>
  );
}
