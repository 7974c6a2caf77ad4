/** /management/device-model/add and /management/device-model/edit/:id (spec 01 §2.6): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { DeviceModelForm } from './DeviceModelForm';
import { deviceModelKeys, getDeviceModel } from './api/device-models';

export function DeviceModelFormPage() {
  const { t } = useTranslation('catalogue');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: deviceModelKeys.one(id ?? ''),
    queryFn: () => getDeviceModel(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('deviceModel.form.editTitle') : t('deviceModel.form.addTitle')}
      subtitle={id ? existing.data?.name : t('deviceModel.form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('deviceModel.form.notFound')}
    >
      {(model) => <DeviceModelForm model={model} />}
    </FormPage>
  );
}
