/**
 * The members of a group: a multi-select Autocomplete over the organisation's vehicles, searched on the server
 * (GET /v1/vehicle, 300 ms after typing stops). Bound to a react-hook-form field holding VehicleOption[].
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/components/form';
import { groupKeys, searchVehicles, type VehicleOption } from './api/groups';
import type { GroupFormValues } from './group-form';

export const VEHICLE_SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

interface VehiclePickerProps {
  control: Control<GroupFormValues>;
  /** Whose vehicles may be members (the server refuses others). */
  organisationId: string | undefined;
  /** The group being edited: its own members are not "in another group". */
  groupId: string | undefined;
  /** Searching needs the vehicle module; without it the current members still show. */
  canSearch: boolean;
  isDisabled: boolean;
}

export function VehiclePicker({
  control,
  organisationId,
  groupId,
  canSearch,
  isDisabled,
}: VehiclePickerProps) {
  const { t } = useTranslation('catalogue');
  const { field, fieldState } = useController({ control, name: 'vehicles' });
  const errorText = useFieldError()(fieldState.error?.message);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), VEHICLE_SEARCH_DEBOUNCE_MS);
  const options = useQuery({
    queryKey: groupKeys.vehicleOptions(organisationId, debounced),
    queryFn: () => searchVehicles(organisationId, debounced),
    enabled: canSearch && !isDisabled,
    placeholderData: keepPreviousData,
  });
  const value = field.value;
  const isInOtherGroup = (v: VehicleOption) => v.groupId !== null && v.groupId !== groupId;
  const helper = !canSearch
    ? t('groups.form.noVehicleAccess')
    : options.isError
      ? t('common.loadFailed')
      : t('groups.form.vehiclesHint', { count: value.length });
  return (
    <Autocomplete
      multiple
      options={options.data ?? []}
      value={value}
      disabled={isDisabled}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('groups.form.noVehicles')}
      filterOptions={(x) => x}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(v) => v.registrationNumber}
      onChange={(_, chosen) => field.onChange(chosen)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear' || reason === 'reset') setSearch('');
      }}
      onBlur={field.onBlur}
      renderOption={({ key, ...props }, v) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
          <span>{v.registrationNumber}</span>
          {isInOtherGroup(v) && (
            <Typography component="span" variant="caption" color="text.secondary">
              {t('groups.form.inOtherGroup')}
            </Typography>
          )}
        </Box>
      )}
      renderValue={(chosen, getItemProps) =>
        chosen.map((v, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={v.registrationNumber} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t('groups.fields.vehicles')}
          placeholder={canSearch ? t('groups.form.vehiclesPlaceholder') : undefined}
          margin="normal"
          error={errorText !== undefined}
          helperText={errorText ?? helper}
        />
      )}
    />
  );
}
