/**
 * The derive thresholds of one organisation (GET/PUT /organisation/derive-settings/:id, docs/derivations.md): per
 * field what is stored here, what is in effect (inherited from a parent or the default when not stored) and the
 * default, with units; clearing a field (or "Reset to inherited") stops storing it. Built on SettingsSectionForm.
 */
import type { DeriveSettingsPatch, OrganisationDeriveSettings } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { organisationKeys, putDeriveSettings } from './api/organisations';
import { DERIVE_FIELDS, toDeriveForm, toDerivePatch, unitOf, type DeriveField } from './derive-fields';
import { SettingsSectionForm, type SettingsFieldRow } from './SettingsSectionForm';

export function DeriveSettingsForm({ settings }: { settings: OrganisationDeriveSettings }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();

  const show = (field: DeriveField, value: number | string | null) => {
    if (value === null) return t('settings.units.none');
    const unit = unitOf(field);
    return unit === 'text' ? String(value) : `${value} ${t(`settings.units.${unit}`)}`;
  };

  const rows = DERIVE_FIELDS.map((f): SettingsFieldRow<DeriveField> => {
    const unit = unitOf(f);
    return {
      field: f,
      label: t(`settings.fields.${f}`),
      ...(unit === 'text' ? {} : { unit: t(`settings.units.${unit}`) }),
      inputMode: unit === 'text' ? 'text' : 'decimal',
      placeholder: String(settings.effective[f] ?? '—'),
      effective: show(f, settings.effective[f]),
      defaultValue: show(f, settings.defaults[f]),
    };
  });

  return (
    <SettingsSectionForm
      title={t('settings.derive')}
      rows={rows}
      values={toDeriveForm(settings.stored)}
      toPatch={(values) => {
        const { patch, invalid } = toDerivePatch(values);
        return { patch, errors: Object.fromEntries(invalid.map((f) => [f, t('validation.number')])) };
      }}
      save={async (patch) => {
        const saved = await putDeriveSettings(settings.organisationId, patch as DeriveSettingsPatch);
        queryClient.setQueryData(organisationKeys.derive(settings.organisationId), saved);
        return saved;
      }}
      valuesOf={(saved) => toDeriveForm(saved.stored)}
    />
  );
}
