/**
 * Circle and ward selects of the people boards (staff list, attendance), kept in the URL by the page: shown only when
 * the user may read admin divisions and the organisation has some; the wards narrow to the chosen circle.
 */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/session';
import { divisionsQuery } from './api/people';

export function CircleWardFilters({
  circleId,
  wardId,
  onChange,
  minWidth,
}: {
  circleId: string | undefined | null;
  wardId: string | undefined | null;
  /** A new circle clears the ward. */
  onChange: (patch: { circleId?: string | null; wardId?: string | null }) => void;
  minWidth: number;
}) {
  const { t } = useTranslation('people');
  const { can, user } = useSession();
  const canDivisions = can('admin-division');
  const circles = useQuery({ ...divisionsQuery('CIRCLE', user?.organisation.id), enabled: canDivisions });
  const wards = useQuery({ ...divisionsQuery('WARD', user?.organisation.id), enabled: canDivisions });
  const wardOptions = (wards.data ?? []).filter((w) => !circleId || w.parentId === circleId);
  const select = (
    label: string,
    value: string,
    options: ReadonlyArray<{ id: string; name: string }>,
    change: (id: string) => void,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => change(e.target.value)}
      sx={{ minWidth }}
    >
      <MenuItem value="">{t('common.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <>
      {(circles.data ?? []).length > 0 &&
        select(t('fields.circle'), circleId ?? '', circles.data ?? [], (id) =>
          onChange({ circleId: id, wardId: null }),
        )}
      {wardOptions.length > 0 &&
        select(t('fields.ward'), wardId ?? '', wardOptions, (id) => onChange({ wardId: id }))}
    </>
  );
}
