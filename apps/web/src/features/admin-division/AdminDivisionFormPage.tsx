/** /management/admin-division/add and /management/admin-division/edit/:id (spec 01 §2.6): one form for both. */
import { ADMIN_DIVISION_TYPES, type AdminDivisionType } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FormPage } from '@/components/form';
import { AdminDivisionForm } from './AdminDivisionForm';
import { useDivision } from './api/admin-divisions';

const asType = (value: string | null): AdminDivisionType | undefined =>
  ADMIN_DIVISION_TYPES.find((t) => t === value);

export function AdminDivisionFormPage() {
  const { t } = useTranslation('divisions');
  const { id } = useParams();
  const [params] = useSearchParams();
  const existing = useDivision(id);
  return (
    <FormPage
      title={id ? t('adminDivision.form.editTitle') : t('adminDivision.form.addTitle')}
      subtitle={id ? existing.data?.name : t('adminDivision.form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('adminDivision.form.notFound')}
      maxWidth={1100}
    >
      {(division) => <AdminDivisionForm division={division} initialType={asType(params.get('type'))} />}
    </FormPage>
  );
}
