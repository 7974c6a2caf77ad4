/** /fitment/add and /fitment/edit/:id (spec 02 §2 Fitment): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { fitmentKeys, getFitment } from '../api/fitments';
import { FitmentForm } from './FitmentForm';

export function FitmentFormPage() {
  const { t } = useTranslation('fitment');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: fitmentKeys.one(id ?? ''),
    queryFn: () => getFitment(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.vehicle.registrationNumber : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
      maxWidth={960}
    >
      {(fitment) => <FitmentForm fitment={fitment} />}
    </FormPage>
  );
}
