/** /management/vehicle/add and /management/vehicle/edit/:id (spec 01 §2.6): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { VehicleForm } from './VehicleForm';
import { getVehicle, vehicleKeys } from './api/vehicles';

export function VehicleFormPage() {
  const { t } = useTranslation('vehicle');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: vehicleKeys.one(id ?? ''),
    queryFn: () => getVehicle(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.registrationNumber : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
    >
      {(vehicle) => <VehicleForm vehicle={vehicle} />}
    </FormPage>
  );
}
