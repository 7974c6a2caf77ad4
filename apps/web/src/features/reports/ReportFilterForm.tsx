/**
 * The report's filter form (spec 02 §2): organisation, From Time, To Time, group, vehicle model (multi), zone (multi),
 * ward (multi, only wards of the chosen zones), vehicle, then the report's own fields. Enter in any field runs.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { organisationOptionsQuery } from '@/api/organisation-options';
import { SearchSelect, type PickerOption, type PickerQuery } from '@/components/SearchPicker';
import { DatePickerField } from '@/components/form';
import { useSession } from '@/session';
import {
  getOptionLabel,
  listReportDivisions,
  listVehicleModels,
  reportGroupOptions,
  reportKeys,
  reportVehicleOptions,
  type LabelKind,
} from './api';
import { isHidden, wardsInZones, zoneOfWard } from './report-filter';
import type { ReportPageConfig, ReportFilterValues } from './types';

export interface ReportFilterFormProps {
  values: ReportFilterValues;
  onChange: (patch: ReportFilterValues) => void;
  onRun: () => void;
  onReset: () => void;
  config: ReportPageConfig;
  isRunning: boolean;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** An id picker whose label is looked up when the id came without one (from the URL). */
function IdSelect({
  kind,
  id,
  query,
  label,
  onChange,
  isDisabled,
}: {
  kind: LabelKind;
  id: string | null;
  query: PickerQuery;
  label: string;
  onChange: (id: string | null) => void;
  isDisabled?: boolean;
}) {
  const [picked, setPicked] = useState<PickerOption | null>(null);
  const known = picked !== null && picked.id === id ? picked : null;
  const lookup = useQuery({
    queryKey: reportKeys.label(kind, id ?? ''),
    queryFn: () => getOptionLabel(kind, id ?? ''),
    enabled: id !== null && known === null,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const value = id === null ? null : (known ?? lookup.data ?? { id, label: id });
  return (
    <SearchSelect
      query={query}
      value={value}
      label={label}
      isRequired={false}
      isDisabled={isDisabled ?? false}
      onChange={(option) => {
        setPicked(option);
        onChange(option?.id ?? null);
      }}
    />
  );
}

function MultiSelect({
  label,
  options,
  value,
  onChange,
  isDisabled,
}: {
  label: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  value: string[];
  onChange: (ids: string[]) => void;
  isDisabled?: boolean;
}) {
  const { t } = useTranslation('reports');
  const byId = new Map(options.map((o) => [o.id, o]));
  const selected = value.map((id) => byId.get(id) ?? { id, label: id });
  return (
    <Autocomplete
      multiple
      options={options as Array<{ id: string; label: string }>}
      value={selected}
      disabled={isDisabled ?? false}
      filterSelectedOptions
      noOptionsText={t('filter.noOptions')}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_, next) => onChange(next.map((o) => o.id))}
      renderInput={(params) => <TextField {...params} label={label} margin="normal" />}
    />
  );
}

export function ReportFilterForm({
  values,
  onChange,
  onRun,
  onReset,
  config,
  isRunning,
}: ReportFilterFormProps) {
  const { t } = useTranslation('reports');
  const { user } = useSession();
  const hide = config.hideFields ?? [];
  const organisationId = str(values.organisationId);
  const scopeOrganisation = organisationId ?? user?.organisation.id;
  const zoneIds = list(values.zoneIds);
  const wardIds = list(values.wardIds);

  const models = useQuery({
    queryKey: reportKeys.models(organisationId ?? undefined),
    queryFn: () => listVehicleModels(organisationId ?? undefined),
    enabled: !isHidden('models', hide),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const divisions = useQuery({
    queryKey: reportKeys.divisions(scopeOrganisation),
    queryFn: () => listReportDivisions(scopeOrganisation),
    enabled: !isHidden('zoneIds', hide) || !isHidden('wardIds', hide),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const all = divisions.data ?? [];
  const zoneOptions = all.filter((d) => d.type === 'ZONE').map((d) => ({ id: d.id, label: d.name }));
  const wardOptions = wardsInZones(all, zoneIds).map((d) => ({ id: d.id, label: d.name }));

  const changeZones = (next: string[]) => {
    // The wards of a zone taken out of the filter go with it.
    const removed = new Set(zoneIds.filter((z) => !next.includes(z)));
    const kept = wardIds.filter((w) => {
      const zone = zoneOfWard(all, w);
      return zone === null || !removed.has(zone);
    });
    onChange({ zoneIds: next, wardIds: kept });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun();
  };

  const { ExtraFilters } = config;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('filter.title')}>
      {!isHidden('organisationId', hide) && (
        <IdSelect
          kind="organisation"
          id={organisationId}
          query={organisationOptionsQuery}
          label={t('filter.organisation')}
          onChange={(id) =>
            onChange({
              organisationId: id,
              groupId: null,
              models: [],
              zoneIds: [],
              wardIds: [],
              vehicleId: null,
            })
          }
        />
      )}
      {!isHidden('from', hide) && (
        <Stack spacing={2} sx={{ mt: 2, mb: 1 }}>
          <DatePickerField
            name="from"
            label={t('filter.from')}
            value={str(values.from)}
            {...(str(values.to) === null ? {} : { maxDate: str(values.to) ?? '' })}
            onChange={(day) => onChange({ from: day })}
          />
          <DatePickerField
            name="to"
            label={t('filter.to')}
            value={str(values.to)}
            {...(str(values.from) === null ? {} : { minDate: str(values.from) ?? '' })}
            onChange={(day) => onChange({ to: day })}
          />
        </Stack>
      )}
      {!isHidden('groupId', hide) && (
        <IdSelect
          key={`group-${scopeOrganisation ?? ''}`}
          kind="group"
          id={str(values.groupId)}
          query={reportGroupOptions(organisationId ?? undefined)}
          label={t('filter.group')}
          onChange={(id) => onChange({ groupId: id })}
        />
      )}
      {!isHidden('models', hide) && (
        <MultiSelect
          label={t('filter.models')}
          options={(models.data ?? []).map((m) => ({ id: m, label: m }))}
          value={list(values.models)}
          onChange={(next) => onChange({ models: next })}
        />
      )}
      {!isHidden('zoneIds', hide) && (
        <MultiSelect label={t('filter.zones')} options={zoneOptions} value={zoneIds} onChange={changeZones} />
      )}
      {!isHidden('wardIds', hide) && (
        <MultiSelect
          label={t('filter.wards')}
          options={wardOptions}
          value={wardIds}
          onChange={(next) => onChange({ wardIds: next })}
        />
      )}
      {!isHidden('vehicleId', hide) && (
        <IdSelect
          key={`vehicle-${scopeOrganisation ?? ''}`}
          kind="vehicle"
          id={str(values.vehicleId)}
          query={reportVehicleOptions(organisationId ?? undefined)}
          label={t('filter.vehicle')}
          onChange={(id) => onChange({ vehicleId: id })}
        />
      )}
      {ExtraFilters && (
        <Box sx={{ mt: 1 }}>
          <ExtraFilters value={values} onChange={onChange} disabled={isRunning} />
        </Box>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={isRunning} fullWidth>
          {t('filter.run')}
        </Button>
        <Button type="button" variant="outlined" onClick={onReset} fullWidth>
          {t('filter.reset')}
        </Button>
      </Stack>
    </Box>
  );
}
