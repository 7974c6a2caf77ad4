/**
 * The IMEI field: 15 digits typed, or picked from the devices the caller can see (suggestions only when the session
 * may list devices). Read-only when editing: an order stays with its device.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/components/form';
import { imeiOptionsQuery } from './api/sim-activation';
import type { SimActivationFormValues } from './sim-activation-form';

const DEBOUNCE_MS = 300;
const MIN_SEARCH_DIGITS = 3;

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return debounced;
}

export function ImeiField({
  control,
  canSuggest,
  isReadOnly,
}: {
  control: Control<SimActivationFormValues>;
  canSuggest: boolean;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation('simActivation');
  const { field, fieldState } = useController({ control, name: 'imei' });
  const message = useFieldError()(fieldState.error?.message);
  const search = useDebounced(field.value.trim());
  const options = useQuery({
    ...imeiOptionsQuery(search),
    enabled: canSuggest && !isReadOnly && search.length >= MIN_SEARCH_DIGITS,
    placeholderData: keepPreviousData,
  });
  const suggestions = search.length >= MIN_SEARCH_DIGITS ? (options.data ?? []) : [];
  return (
    <Autocomplete
      freeSolo
      disableClearable
      disabled={isReadOnly}
      options={suggestions.map((o) => o.imei)}
      filterOptions={(x) => x}
      inputValue={field.value}
      onInputChange={(_, value) => field.onChange(value.replace(/\D/g, '').slice(0, 15))}
      renderOption={(props, imei) => {
        const device = suggestions.find((o) => o.imei === imei);
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {device?.model ? `${imei} · ${device.model}` : imei}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          onBlur={field.onBlur}
          label={t('fields.imei')}
          required
          margin="normal"
          error={message !== undefined}
          helperText={message ?? (isReadOnly ? t('form.imeiFixed') : t('form.imeiHint'))}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, inputMode: 'numeric', maxLength: 15 },
          }}
        />
      )}
    />
  );
}
