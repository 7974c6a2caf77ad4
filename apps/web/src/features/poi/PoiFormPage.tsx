/** /management/POI/add and /management/POI/edit/:id (spec 01 §2.6 POI): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { PoiForm } from './PoiForm';
import { getPoi, poiKeys } from './api/pois';

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
      {(poi) => <PoiForm poi={poi} />}
    </FormPage>
  );
}
