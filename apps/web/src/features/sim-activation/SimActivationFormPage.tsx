/** /sim-activation-order/add and /sim-activation-order/edit/:id (spec 01 §2.10): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { getSimOrder, simActivationKeys } from './api/sim-activation';
import { SimActivationForm } from './SimActivationForm';

export function SimActivationFormPage() {
  const { t } = useTranslation('simActivation');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: simActivationKeys.one(id ?? ''),
    queryFn: () => getSimOrder(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.imei : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
    >
      {(order) => <SimActivationForm order={order} />}
    </FormPage>
  );
}
