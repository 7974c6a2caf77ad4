/** /management/item/add and /management/item/edit/:id (spec 01 §2.6 item): one form for both. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FormPage } from '@/components/form';
import { ItemForm } from './ItemForm';
import { getItem, itemKeys } from './api/items';

export function ItemFormPage() {
  const { t } = useTranslation('item');
  const { id } = useParams();
  const existing = useQuery({
    queryKey: itemKeys.one(id ?? ''),
    queryFn: () => getItem(id ?? ''),
    enabled: id !== undefined,
  });
  return (
    <FormPage
      title={id ? t('form.editTitle') : t('form.addTitle')}
      subtitle={id ? existing.data?.code : t('form.addSubtitle')}
      record={id ? existing : undefined}
      notFoundText={t('form.notFound')}
    >
      {(item) => <ItemForm item={item} />}
    </FormPage>
  );
}
