/** /management/job/add and /management/job/edit/:id (spec 01 §2.6 job): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { JobForm } from './JobForm';
import { getJob, jobKeys } from './api/jobs';

export function JobFormPage() {
  const { t } = useTranslation('job');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: jobKeys.one(id ?? ''),
    queryFn: () => getJob(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.name : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
    >
      {(job) => <JobForm job={job} />}
    </FormPage>
  );
}
