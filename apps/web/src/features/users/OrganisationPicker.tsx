/** Organisation autocomplete over the caller's subtree (server search), bound to a form field holding the id. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useOrganisationOptions, type PickerOption } from './api/options';
import { useFieldError } from '@/components/form';

interface OrganisationPickerProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** The current organisation, shown before the options arrive. */
  initial?: PickerOption | undefined;
  isDisabled?: boolean;
}

export function OrganisationPicker<T extends FieldValues>({
  control,
  name,
  label,
  initial,
  isDisabled = false,
}: OrganisationPickerProps<T>) {
  const { t } = useTranslation('admin');
  const { field, fieldState } = useController({ control, name });
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickerOption | null>(initial ?? null);
  const options = useOrganisationOptions(search, !isDisabled);
  const errorText = useFieldError()(fieldState.error?.message);
  const list = options.data ?? [];
  const value = list.find((o) => o.id === field.value) ?? (picked?.id === field.value ? picked : null);

  return (
    <Autocomplete
      options={value && !list.some((o) => o.id === value.id) ? [value, ...list] : list}
      value={value}
      disabled={isDisabled}
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
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={label}
          required
          margin="normal"
          error={errorText !== undefined}
          helperText={errorText}
        />
      )}
    />
  );
}
