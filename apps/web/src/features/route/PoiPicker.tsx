/** A POI of the route's organisation, searched on the server; picking one hands it to the checkpoint row. */
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Poi } from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePoiOptions } from './api/options';

export interface PoiPickerProps {
  /** The linked POI's id ('' for none) and the checkpoint's name, shown while the options load. */
  poiId: string;
  name: string;
  organisationId: string | undefined;
  label: string;
  onPick: (poi: Poi | null) => void;
}

export function PoiPicker({ poiId, name, organisationId, label, onPick }: PoiPickerProps) {
  const { t } = useTranslation('divisions');
  const [search, setSearch] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const options = usePoiOptions(search, organisationId, isOpen);
  const list = options.data ?? [];
  // The linked POI as an option even before (or without) the search returning it.
  const current = poiId === '' ? null : (list.find((p) => p.id === poiId) ?? ({ id: poiId, name } as Poi));
  return (
    <Autocomplete<Poi>
      size="small"
      options={current && !list.some((p) => p.id === current.id) ? [current, ...list] : list}
      value={current}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('route.checkpoints.noPois')}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(p) => p.name}
      onChange={(_, poi) => onPick(poi)}
      onInputChange={(_, text, reason) => {
        if (reason === 'input') setSearch(text);
        if (reason === 'clear' || reason === 'reset') setSearch('');
      }}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
