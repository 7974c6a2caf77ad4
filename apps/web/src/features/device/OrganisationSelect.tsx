/** Organisation autocomplete over the caller's subtree (server search), controlled by the parent dialog. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisationOptions, type PickerOption } from './api/options';

interface OrganisationSelectProps {
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  label: string;
  error?: string | undefined;
  /** Left out of the options (e.g. the device's current owner). */
  excludeId?: string | undefined;
}

export function OrganisationSelect({ value, onChange, label, error, excludeId }: OrganisationSelectProps) {
  const { t } = useTranslation('device');
  const [search, setSearch] = useState('');
  const options = useOrganisationOptions(search);
  const list = (options.data ?? []).filter((o) => o.id !== excludeId);
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
      onChange={(_, option) => onChange(option)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear') setSearch('');
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          margin="normal"
          error={error !== undefined}
          helperText={error}
        />
      )}
    />
  );
}
