/** /management/route/add and /management/route/edit/:id (spec 01 §2.6): one form for both. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { useRoute } from './api/routes';
import { RouteForm } from './RouteForm';

export function RouteFormPage() {
  const { t } = useTranslation('divisions');
  const { id } = useParams();
  const existing = useRoute(id);
  return (
    <FormPage
      title={id ? t('route.form.editTitle') : t('route.form.addTitle')}
      subtitle={id ? existing.data?.name : t('route.form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('route.form.notFound')}
      maxWidth={1100}
    >
      {(route) => <RouteForm route={route} />}
    </FormPage>
  );
}
