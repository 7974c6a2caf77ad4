/** /swm/staff/add and /swm/staff/edit/:id: one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { getStaff, peopleKeys } from './api/people';
import { StaffForm } from './StaffForm';

export function StaffFormPage() {
  const { t } = useTranslation('people');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: peopleKeys.staffOne(id ?? ''),
    queryFn: () => getStaff(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('staff.editTitle') : t('staff.addTitle')}
      subtitle={id ? existing.data?.name : t('staff.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('staff.notFound')}
    >
      {(staff) => <StaffForm staff={staff} />}
    </FormPage>
  );
}
