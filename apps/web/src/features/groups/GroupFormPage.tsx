/** /management/groups/add and /management/groups/edit/:id (spec 01 §2.6 groups): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { GroupForm } from './GroupForm';
import { GroupSummaryCounts } from './GroupSummaryCounts';
import { getGroupWithMembers, groupKeys } from './api/groups';

export function GroupFormPage() {
  const { t } = useTranslation('catalogue');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: groupKeys.one(id ?? ''),
    queryFn: () => getGroupWithMembers(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('groups.form.editTitle') : t('groups.form.addTitle')}
      subtitle={id ? existing.data?.group.name : t('groups.form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('groups.form.notFound')}
    >
      {(record) => (
        <>
          {record && <GroupSummaryCounts summary={record.summary} />}
          <GroupForm record={record} />
        </>
      )}
    </FormPage>
  );
}
