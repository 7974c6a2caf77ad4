/**
 * A server-searched Autocomplete: the caller gives a query per search text (TanStack Query options whose queryFn
 * answers `{ id, label }` options) and the picker asks again 300 ms after typing stops, keeping the previous options
 * meanwhile. `SearchSelect` is controlled with an option (dialogs); `SearchPicker` binds it to a react-hook-form field
 * holding the id ('' = none), its message translated by `FieldMessages`. Organisation, owner and group pickers are
 * built on it.
 */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { type Ref, useEffect, useState } from 'react';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from './form';

export interface PickerOption {
  id: string;
  label: string;
}

/** The options matching a search text ('' = the first page, unfiltered). */
export type PickerQuery = (search: string) => {
  queryKey: QueryKey;
  queryFn: () => Promise<PickerOption[]>;
};

export const PICKER_SEARCH_DEBOUNCE_MS = 300;

export interface SearchSelectProps {
  query: PickerQuery;
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  label: string;
  error?: string | undefined;
  helperText?: string | undefined;
  /** Left out of the options (e.g. the device's current owner, the organisation that cannot be its own parent). */
  excludeId?: string | undefined;
  /** Shows the asterisk (default). The form's rule decides whether an empty value passes. */
  isRequired?: boolean;
  isDisabled?: boolean;
  /** Shown while nothing is picked, e.g. "None (top level)". */
  placeholder?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

export function SearchSelect({
  query,
  value,
  onChange,
  label,
  error,
  helperText,
  excludeId,
  isRequired = true,
  isDisabled = false,
  placeholder,
  inputRef,
  onBlur,
}: SearchSelectProps) {
  const { t } = useTranslation('common');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), PICKER_SEARCH_DEBOUNCE_MS);
  const options = useQuery({ ...query(debounced), enabled: !isDisabled, placeholderData: keepPreviousData });
  const list = (options.data ?? []).filter((o) => o.id !== excludeId);
  return (
    <Autocomplete
      // The picked option stays listed while a search runs that does not return it.
      options={value && !list.some((o) => o.id === value.id) ? [value, ...list] : list}
      value={value}
      disabled={isDisabled}
      loading={options.isFetching}
      loadingText={t('picker.loading')}
      noOptionsText={t('picker.noOptions')}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, option) => onChange(option)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear') setSearch('');
      }}
      onBlur={onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          label={label}
          placeholder={placeholder}
          required={isRequired}
          margin="normal"
          error={error !== undefined}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}

export interface SearchPickerProps<T extends FieldValues> extends Omit<
  SearchSelectProps,
  'value' | 'onChange' | 'error' | 'inputRef' | 'onBlur'
> {
  control: Control<T>;
  name: Path<T>;
  /** The current option, shown before (or without) the options that contain it. May arrive later. */
  initial?: PickerOption | undefined;
}

export function SearchPicker<T extends FieldValues>({
  control,
  name,
  initial,
  ...select
}: SearchPickerProps<T>) {
  const { field, fieldState } = useController({ control, name });
  const [picked, setPicked] = useState<PickerOption | null>(null);
  // The unfiltered options already fetched (never fetches itself): they name an id set by the form's defaults.
  const firstPage = useQuery({ ...select.query(''), enabled: false });
  const id: unknown = field.value;
  const value =
    [picked, initial ?? null, ...(firstPage.data ?? [])].find((o) => o !== null && o.id === id) ?? null;
  const errorText = useFieldError()(fieldState.error?.message);
  return (
    <SearchSelect
      {...select}
      value={value}
      onChange={(option) => {
        setPicked(option);
        field.onChange(option?.id ?? '');
      }}
      error={errorText}
      inputRef={field.ref}
      onBlur={field.onBlur}
    />
  );
}
