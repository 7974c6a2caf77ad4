/**
 * The list's filters, kept in the URL: type, and for circles and wards the parent as the API offers it — a zone
 * (`parentZone`: its circles, or the wards of all its circles) and for wards a circle of that zone (`parentCircle`).
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADMIN_DIVISION_TYPES, type AdminDivision, type AdminDivisionType } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDivisions, type DivisionFilter } from './api/admin-divisions';

export interface FilterState {
  type: AdminDivisionType | undefined;
  zone: string;
  circle: string;
}

export function useFilterState(): [FilterState, (next: Partial<FilterState>) => void] {
  const [params, setParams] = useSearchParams();
  const state: FilterState = {
    type: ADMIN_DIVISION_TYPES.find((t) => t === params.get('type')),
    zone: params.get('zone') ?? '',
    circle: params.get('circle') ?? '',
  };
  const update = (next: Partial<FilterState>) =>
    setParams(
      (p) => {
        const merged = { ...state, ...next };
        for (const [key, value] of Object.entries(merged))
          if (value) p.set(key, value);
          else p.delete(key);
        return p;
      },
      { replace: true },
    );
  return [state, update];
}

/** What the list asks the API for: parent filters only where they mean something for the type. */
export function toDivisionFilter({ type, zone, circle }: FilterState): DivisionFilter {
  return {
    type,
    parentZone: (type === 'CIRCLE' || type === 'WARD') && zone ? zone : undefined,
    parentCircle: type === 'WARD' && circle ? circle : undefined,
  };
}

export function DivisionFilters({
  state,
  onChange,
  zones,
}: {
  state: FilterState;
  onChange: (next: Partial<FilterState>) => void;
  zones: readonly AdminDivision[];
}) {
  const { t } = useTranslation('divisions');
  const hasZone = state.type === 'CIRCLE' || state.type === 'WARD';
  const hasCircle = state.type === 'WARD';
  const circles = useDivisions({ type: 'CIRCLE', parentZone: state.zone || undefined }, hasCircle);
  const select = { select: true, size: 'small', sx: { minWidth: 180 } } as const;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <TextField
        {...select}
        label={t('adminDivision.filters.type')}
        value={state.type ?? ''}
        onChange={(e) =>
          onChange({ type: ADMIN_DIVISION_TYPES.find((v) => v === e.target.value), zone: '', circle: '' })
        }
      >
        <MenuItem value="">{t('adminDivision.filters.allTypes')}</MenuItem>
        {ADMIN_DIVISION_TYPES.map((v) => (
          <MenuItem key={v} value={v}>
            {t(`adminDivision.typesPlural.${v}`)}
          </MenuItem>
        ))}
      </TextField>
      {hasZone && (
        <TextField
          {...select}
          label={t('adminDivision.filters.zone')}
          value={zones.some((z) => z.id === state.zone) ? state.zone : ''}
          onChange={(e) => onChange({ zone: e.target.value, circle: '' })}
        >
          <MenuItem value="">{t('adminDivision.filters.allZones')}</MenuItem>
          {zones.map((z) => (
            <MenuItem key={z.id} value={z.id}>
              {z.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {hasCircle && (
        <TextField
          {...select}
          label={t('adminDivision.filters.circle')}
          value={circles.data?.some((c) => c.id === state.circle) ? state.circle : ''}
          onChange={(e) => onChange({ circle: e.target.value })}
        >
          <MenuItem value="">{t('adminDivision.filters.allCircles')}</MenuItem>
          {(circles.data ?? []).map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Stack>
  );
}
