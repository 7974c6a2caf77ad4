/**
 * The parent of a division, chosen from the API: a circle's zone; a ward's circle, narrowed by an optional zone
 * (circles of that zone, `parentZone`). Picking a circle while no zone is chosen fills in the circle's zone.
 */
import MenuItem from '@mui/material/MenuItem';
import { useEffect } from 'react';
import type { Control, UseFormSetValue } from 'react-hook-form';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '@/components/form';
import { useDivisions } from './api/admin-divisions';
import type { DivisionFormValues } from './division-form';

export interface ParentFieldsProps {
  control: Control<DivisionFormValues>;
  setValue: UseFormSetValue<DivisionFormValues>;
  /** The division being edited: never offered as its own parent. */
  selfId?: string | undefined;
}

export function ParentFields({ control, setValue, selfId }: ParentFieldsProps) {
  const { t } = useTranslation('divisions');
  const [type, zoneId, circleId] = useWatch({ control, name: ['type', 'zoneId', 'circleId'] });
  const isCircle = type === 'CIRCLE';
  const isWard = type === 'WARD';
  const zones = useDivisions({ type: 'ZONE' }, isCircle || isWard);
  const circles = useDivisions({ type: 'CIRCLE', parentZone: zoneId || undefined }, isWard);
  const circleOptions = (circles.data ?? []).filter((c) => c.id !== selfId);
  const chosenCircle = circleOptions.find((c) => c.id === circleId);

  // A circle picked (or loaded for edit) with no zone chosen: show its zone.
  useEffect(() => {
    if (isWard && zoneId === '' && chosenCircle?.parentId) setValue('zoneId', chosenCircle.parentId);
  }, [isWard, zoneId, chosenCircle, setValue]);
  // Another zone chosen: a circle outside it is no longer a choice.
  const isCircleGone = isWard && circles.isSuccess && circleId !== '' && chosenCircle === undefined;
  useEffect(() => {
    if (isCircleGone) setValue('circleId', '');
  }, [isCircleGone, setValue]);

  if (!isCircle && !isWard) return null;
  // The saved parent while its choices load (MUI refuses a value no option has).
  const pending = (value: string, ids: readonly string[]) =>
    value !== '' && !ids.includes(value) ? (
      <MenuItem value={value} sx={{ display: 'none' }}>
        {t('common.loading')}
      </MenuItem>
    ) : null;
  const loadFailed = (failed: boolean, hint?: string) => (failed ? t('common.loadFailed') : hint);

  return (
    <>
      <FormTextField
        control={control}
        name="zoneId"
        select
        required={isCircle}
        label={isCircle ? t('adminDivision.fields.parentZone') : t('adminDivision.fields.zone')}
        helperText={loadFailed(zones.isError, isWard ? t('adminDivision.form.zoneHint') : undefined)}
      >
        {isWard && <MenuItem value="">{t('adminDivision.form.anyZone')}</MenuItem>}
        {pending(
          zoneId,
          (zones.data ?? []).map((z) => z.id),
        )}
        {(zones.data ?? []).map((z) => (
          <MenuItem key={z.id} value={z.id}>
            {z.name}
          </MenuItem>
        ))}
      </FormTextField>
      {isWard && (
        <FormTextField
          control={control}
          name="circleId"
          select
          required
          label={t('adminDivision.fields.parentCircle')}
          helperText={loadFailed(
            circles.isError,
            !circles.isPending && circleOptions.length === 0 ? t('adminDivision.form.noCircles') : undefined,
          )}
        >
          {pending(
            circleId,
            circleOptions.map((c) => c.id),
          )}
          {circleOptions.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </FormTextField>
      )}
    </>
  );
}
