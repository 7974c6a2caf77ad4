/** /management/geofence/add and /management/geofence/edit/:id (spec 01 §2.6 geofence): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { GeofenceForm } from './GeofenceForm';
import { geofenceKeys, getGeofence } from './api/geofences';

export function GeofenceFormPage() {
  const { t } = useTranslation('geofence');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: geofenceKeys.one(id ?? ''),
    queryFn: () => getGeofence(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.name : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
      maxWidth={1080}
    >
      {(fence) => <GeofenceForm fence={fence} />}
    </FormPage>
  );
}
