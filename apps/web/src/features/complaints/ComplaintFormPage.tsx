/** /swm/complaint/add: raise a complaint. */
import { useTranslation } from 'react-i18next';
import { FormPage } from '@/components/form';
import { ComplaintForm } from './ComplaintForm';

export function ComplaintFormPage() {
  const { t } = useTranslation('complaints');
  return (
    <FormPage title={t('form.addTitle')} subtitle={t('form.addSubtitle')} notFoundText={t('form.notFound')}>
      {() => <ComplaintForm />}
    </FormPage>
  );
}
