/**
 * /management/settings/:id: an organisation's general settings, alarm and trip thresholds, data retention, the
 * networks its trackers may connect from, and the way to its forwarding targets (module `forwarding`, not in the sidebar).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useSession } from '@/session';
import { PageHeader } from '@/components/PageHeader';
import { DeriveSettingsForm } from './DeriveSettingsForm';
import { DeviceNetworkSettingsForm } from './DeviceNetworkSettingsForm';
import { GeneralSettingsForm } from './GeneralSettingsForm';
import { RetentionSettingsForm } from './RetentionSettingsForm';
import { getDeriveSettings, getOrganisation, getSettings, organisationKeys } from './api/organisations';
import { deviceNetworkKeys, getDeviceNetworkSettings } from './api/device-network-settings';
import { getRetentionSettings, retentionKeys } from './api/retention-settings';

function Section({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 3 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Loading({ isError }: { isError: boolean }) {
  const { t } = useTranslation('admin');
  if (isError) return <Alert severity="error">{t('common.loadFailed')}</Alert>;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}

export function OrganisationSettingsPage() {
  const { t } = useTranslation('admin');
  const { can } = useSession();
  const id = useParams().id ?? '';
  const organisation = useQuery({ queryKey: organisationKeys.one(id), queryFn: () => getOrganisation(id) });
  const settings = useQuery({ queryKey: organisationKeys.settings(id), queryFn: () => getSettings(id) });
  const derive = useQuery({ queryKey: organisationKeys.derive(id), queryFn: () => getDeriveSettings(id) });
  const retention = useQuery({ queryKey: retentionKeys.one(id), queryFn: () => getRetentionSettings(id) });
  const deviceNetwork = useQuery({
    queryKey: deviceNetworkKeys.one(id),
    queryFn: () => getDeviceNetworkSettings(id),
  });

  return (
    <Box sx={{ maxWidth: 1000 }}>
      <PageHeader
        title={t('settings.title')}
        subtitle={
          organisation.data ? t('settings.subtitle', { name: organisation.data.tradeName }) : undefined
        }
      />
      <Section title={t('settings.derive')} hint={t('settings.deriveHint')}>
        {derive.data ? <DeriveSettingsForm settings={derive.data} /> : <Loading isError={derive.isError} />}
      </Section>
      <Section title={t('settings.retentionForm.title')} hint={t('settings.retentionForm.hint')}>
        {retention.data ? (
          <RetentionSettingsForm settings={retention.data} />
        ) : (
          <Loading isError={retention.isError} />
        )}
      </Section>
      <Section title={t('settings.deviceNetwork.title')} hint={t('settings.deviceNetwork.hint')}>
        {deviceNetwork.data ? (
          <DeviceNetworkSettingsForm settings={deviceNetwork.data} />
        ) : (
          <Loading isError={deviceNetwork.isError} />
        )}
      </Section>
      {can('forwarding') && (
        <Section title={t('settings.forwarding.title')} hint={t('settings.forwarding.hint')}>
          <Button component={RouterLink} to="/management/forwarding" variant="outlined">
            {t('settings.forwarding.open')}
          </Button>
        </Section>
      )}
      <Section title={t('settings.general')} hint={t('settings.generalHint')}>
        {settings.data ? (
          <GeneralSettingsForm id={id} settings={settings.data} />
        ) : (
          <Loading isError={settings.isError} />
        )}
      </Section>
    </Box>
  );
}
