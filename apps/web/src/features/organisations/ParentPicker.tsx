/** Parent organisation autocomplete over the caller's subtree (server search); '' = no parent. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { listOrganisations, organisationKeys } from './api/organisations';
import type { OrganisationFormValues } from './organisation-form';

interface Option {
  id: string;
  label: string;
}

interface ParentPickerProps {
  control: Control<OrganisationFormValues>;
  initial?: Option | undefined;
  /** The organisation being edited: it cannot be its own parent. */
  selfId?: string | undefined;
}

export function ParentPicker({ control, initial, selfId }: ParentPickerProps) {
  const { t } = useTranslation('admin');
  const { field, fieldState } = useController({ control, name: 'parentId' });
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<Option | null>(initial ?? null);
  const options = useQuery({
    queryKey: [...organisationKeys.all, 'options', search],
    queryFn: () =>
      listOrganisations({ page: 1, pageSize: 100, search: search.trim() || undefined, sortOrder: 'asc' }),
    placeholderData: keepPreviousData,
    select: (page): Option[] =>
      page.items.filter((o) => o.id !== selfId).map((o) => ({ id: o.id, label: o.tradeName })),
  });
  const list = options.data ?? [];
  const value = list.find((o) => o.id === field.value) ?? (picked?.id === field.value ? picked : null);
  const message = fieldState.error?.message;

  return (
    <Autocomplete
      options={value && !list.some((o) => o.id === value.id) ? [value, ...list] : list}
      value={value}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('common.noOptions')}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, option) => {
        setPicked(option);
        field.onChange(option?.id ?? '');
      }}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear') setSearch('');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t('orgs.parent')}
          placeholder={t('orgs.noParent')}
          margin="normal"
          error={message !== undefined}
          helperText={message ? t(message, { defaultValue: message }) : undefined}
        />
      )}
    />
  );
}
