/**
 * The source networks an organisation's trackers may connect from (GET/PUT /organisation/device-network-settings/:id,
 * docs/security.md "Device identity"), built on SettingsSectionForm: networks typed with commas or spaces; empty =
 * inherited from the parent (none anywhere: any address). A bad network is refused by the server, whose message shows
 * on the field. A device can override the list on its own form.
 */
import Typography from '@mui/material/Typography';
import type { OrganisationDeviceNetworkSettings } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { deviceNetworkKeys, putDeviceNetworkSettings } from './api/device-network-settings';
import { SettingsSectionForm, type SettingsFieldRow, type SettingsFormValues } from './SettingsSectionForm';

type Field = 'allowedNetworks';

const toForm = (settings: OrganisationDeviceNetworkSettings): SettingsFormValues<Field> => ({
  allowedNetworks: settings.stored.allowedNetworks?.join(', ') ?? '',
});

const splitNetworks = (text: string) => text.split(/[\s,]+/).filter((n) => n !== '');

export function DeviceNetworkSettingsForm({ settings }: { settings: OrganisationDeviceNetworkSettings }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const describe = (networks: readonly string[]) =>
    networks.length === 0 ? t('settings.deviceNetwork.any') : networks.join(', ');
  const source =
    settings.stored.allowedNetworks !== undefined
      ? t('settings.source.own')
      : settings.effective.allowedNetworks.length > 0
        ? t('settings.source.parent')
        : t('settings.source.default');

  const rows: SettingsFieldRow<Field>[] = [
    {
      field: 'allowedNetworks',
      label: t('settings.deviceNetwork.field'),
      hint: t('settings.deviceNetwork.fieldHint'),
      inputMode: 'text',
      placeholder: t('settings.deviceNetwork.placeholder'),
      effective: (
        <>
          {describe(settings.effective.allowedNetworks)}
          <Typography variant="caption" component="div" color="text.secondary">
            {t('settings.inheritedFrom', { source })}
          </Typography>
        </>
      ),
      defaultValue: describe(settings.defaults.allowedNetworks),
    },
  ];

  return (
    <SettingsSectionForm
      title={t('settings.deviceNetwork.title')}
      rows={rows}
      values={toForm(settings)}
      toPatch={(values) => {
        const networks = splitNetworks(values.allowedNetworks);
        return { patch: networks.length === 0 ? {} : { allowedNetworks: networks }, errors: {} };
      }}
      save={async (patch) => {
        const saved = await putDeviceNetworkSettings(settings.organisationId, patch);
        queryClient.setQueryData(deviceNetworkKeys.one(settings.organisationId), saved);
        return saved;
      }}
      valuesOf={toForm}
    />
  );
}
