/**
 * How long an organisation's history is kept (GET/PUT /organisation/retention-settings/:id, docs/retention.md): per
 * field what is stored here, what is in effect and where it comes from (this organisation, a parent, the default),
 * in days; clearing a field (or "Reset to inherited") stops storing it. The bounds and the "rollups at least as long
 * as positions" rule are checked here first (the server checks them again). Built on SettingsSectionForm.
 */
import Typography from '@mui/material/Typography';
import {
  RETENTION_BOUNDS,
  type OrganisationRetentionSettings,
  type RetentionSettingsPatch,
  type RetentionSettingsValues,
} from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { putRetentionSettings, retentionKeys } from './api/retention-settings';
import { SettingsSectionForm, type SettingsFieldRow, type SettingsFormValues } from './SettingsSectionForm';

type RetentionField = keyof RetentionSettingsValues;
const FIELDS = Object.keys(RETENTION_BOUNDS) as RetentionField[];

type RetentionFormValues = SettingsFormValues<RetentionField>;

function toForm(stored: Partial<RetentionSettingsValues>): RetentionFormValues {
  return Object.fromEntries(
    FIELDS.map((f) => [f, stored[f] === undefined ? '' : String(stored[f])]),
  ) as RetentionFormValues;
}

type Problem = { field: RetentionField; kind: 'range' | 'rollups'; days?: number };

/** The patch to store, or the problems found: whole days inside the bounds; rollups ≥ positions as they would apply. */
function toPatch(
  values: RetentionFormValues,
  inherited: RetentionSettingsValues,
): { patch: RetentionSettingsPatch; problems: Problem[] } {
  const patch: RetentionSettingsPatch = {};
  const problems: Problem[] = [];
  for (const f of FIELDS) {
    const raw = values[f].trim();
    if (raw === '') continue;
    const days = Number(raw);
    const { min, max } = RETENTION_BOUNDS[f];
    if (!Number.isInteger(days) || days < min || days > max) problems.push({ field: f, kind: 'range' });
    else patch[f] = days;
  }
  const positions = patch.positionsDays ?? inherited.positionsDays;
  const rollups = patch.rollupsDays ?? inherited.rollupsDays;
  if (problems.length === 0 && rollups < positions)
    problems.push({ field: 'rollupsDays', kind: 'rollups', days: positions });
  return { patch, problems };
}

export function RetentionSettingsForm({ settings }: { settings: OrganisationRetentionSettings }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const days = (value: number) => `${value} ${t('settings.retentionForm.days')}`;

  const sourceOf = (f: RetentionField) => {
    if (settings.stored[f] !== undefined) return t('settings.source.own');
    return settings.inherited[f] === settings.defaults[f]
      ? t('settings.source.default')
      : t('settings.source.parent');
  };

  const rows = FIELDS.map((f): SettingsFieldRow<RetentionField> => ({
    field: f,
    label: t(`settings.retentionForm.fields.${f}`),
    hint: t(`settings.retentionForm.fieldHints.${f}`),
    unit: t('settings.retentionForm.days'),
    inputMode: 'numeric',
    placeholder: String(settings.inherited[f]),
    effective: (
      <>
        {days(settings.effective[f])}
        <Typography variant="caption" component="div" color="text.secondary">
          {t('settings.inheritedFrom', { source: sourceOf(f) })}
        </Typography>
      </>
    ),
    defaultValue: days(settings.defaults[f]),
  }));

  return (
    <SettingsSectionForm
      title={t('settings.retentionForm.title')}
      rows={rows}
      values={toForm(settings.stored)}
      noWrap
      toPatch={(values) => {
        const { patch, problems } = toPatch(values, settings.inherited);
        const errors = Object.fromEntries(
          problems.map((p) => [
            p.field,
            p.kind === 'range'
              ? t('settings.retentionForm.range', RETENTION_BOUNDS[p.field])
              : t('settings.retentionForm.rollupsShorter', { days: p.days }),
          ]),
        );
        return { patch, errors };
      }}
      save={async (patch) => {
        const saved = await putRetentionSettings(settings.organisationId, patch as RetentionSettingsPatch);
        queryClient.setQueryData(retentionKeys.one(settings.organisationId), saved);
        return saved;
      }}
      valuesOf={(saved) => toForm(saved.stored)}
    />
  );
}
