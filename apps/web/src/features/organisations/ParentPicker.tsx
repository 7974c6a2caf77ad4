/** The parent organisation field: the shared organisation picker, optional ('' = top level), never the edited one. */
import { type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from '@/components/form';
import { OrganisationPicker, type OrganisationOption } from '@/components/OrganisationPicker';
import type { OrganisationFormValues } from './organisation-form';

interface ParentPickerProps {
  control: Control<OrganisationFormValues>;
  initial?: OrganisationOption | undefined;
  /** The organisation being edited: it cannot be its own parent. */
  selfId?: string | undefined;
}

export function ParentPicker({ control, initial, selfId }: ParentPickerProps) {
  const { t } = useTranslation('admin');
  return (
    <FieldMessages translate={(message) => t(message, { defaultValue: message })}>
      <OrganisationPicker
        control={control}
        name="parentId"
        label={t('orgs.parent')}
        placeholder={t('orgs.noParent')}
        initial={initial}
        excludeId={selfId}
        isRequired={false}
      />
    </FieldMessages>
  );
}
