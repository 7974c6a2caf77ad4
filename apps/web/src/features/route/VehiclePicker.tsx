/** The vehicles that run the route: several, searched on the server within the route's organisation. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '@/components/form';
import { useVehicleLabels, useVehicleOptions, type VehicleOption } from './api/options';
import type { RouteFormValues } from './route-form';

export interface VehiclePickerProps {
  control: Control<RouteFormValues>;
  organisationId: string | undefined;
  /** The ids saved with the route, whose labels are fetched. */
  savedIds: readonly string[];
}

export function VehiclePicker({ control, organisationId, savedIds }: VehiclePickerProps) {
  const { t } = useTranslation('divisions');
  const { field, fieldState } = useController({ control, name: 'vehicleIds' });
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [picked, setPicked] = useState<VehicleOption[]>([]);
  const options = useVehicleOptions(search, organisationId, isOpen);
  const saved = useVehicleLabels(savedIds, true);
  const errorText = useFieldError()(fieldState.error?.message);
  const ids = field.value;
  const value = useMemo(() => {
    const known = new Map([...saved, ...picked].map((o) => [o.id, o]));
    return ids.map((id) => known.get(id) ?? { id, label: `#${id}` });
  }, [ids, saved, picked]);

  return (
    <Autocomplete<VehicleOption, true>
      multiple
      options={options.data ?? []}
      value={value}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('route.vehicles.none')}
      filterOptions={(x) => x}
      filterSelectedOptions
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, next) => {
        setPicked((p) => [...p, ...next.filter((o) => !p.some((q) => q.id === o.id))]);
        field.onChange(next.map((o) => o.id));
      }}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear' || reason === 'reset') setSearch('');
      }}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          label={t('route.fields.vehicles')}
          margin="normal"
          error={errorText !== undefined}
          helperText={errorText ?? t('route.vehicles.hint')}
        />
      )}
    />
  );
}
