/**
 * /management/debug (spec 01 §2.6 "debug (action: add temporary device)"): bench-test tools. The "Temporary device"
 * tab adds an expiring device, lists the active ones of the caller's organisations and shows where to point a tracker; the "RTO reference data" tab browses the RTO
 * table the fitment and vehicle forms read (there is no RTO module in the catalogue, so it lives here). The tab is
 * in the URL (?tab=rto).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import type { Device } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { listTemporaryDevices, temporaryDeviceKeys } from './api/debug';
import { RtoPanel } from './RtoPanel';
import { TemporaryDeviceCard } from './TemporaryDeviceCard';
import { TemporaryDeviceForm } from './TemporaryDeviceForm';

const TABS = ['temporary', 'rto'] as const;
type DebugTab = (typeof TABS)[number];

export function DebugPage() {
  const { t } = useTranslation('catalogue');
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const tab: DebugTab = TABS.find((x) => x === params.get('tab')) ?? 'temporary';
  const queryClient = useQueryClient();
  const active = useQuery({ queryKey: temporaryDeviceKeys.all, queryFn: listTemporaryDevices });
  const canAdd = can('debug', 'add-temporary-device');
  const now = new Date();
  const onCreated = (device: Device) => {
    // Shown at once (top of the list), then the list is asked again for its server order.
    queryClient.setQueryData<Device[]>(temporaryDeviceKeys.all, (list = []) => [
      device,
      ...list.filter((d) => d.id !== device.id),
    ]);
    void queryClient.invalidateQueries({ queryKey: temporaryDeviceKeys.all });
  };

  return (
    <Box>
      <PageHeader title={t('debug.title')} subtitle={t('debug.subtitle')} />
      <Tabs
        value={tab}
        onChange={(_, value: DebugTab) => setParams(value === 'temporary' ? {} : { tab: value })}
        sx={{ mb: 2 }}
      >
        <Tab value="temporary" label={t('debug.tabs.temporary')} id="debug-tab-temporary" />
        <Tab value="rto" label={t('debug.tabs.rto')} id="debug-tab-rto" />
      </Tabs>
      {tab === 'temporary' && (
        <Stack spacing={2} role="tabpanel" aria-labelledby="debug-tab-temporary">
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {t('debug.temporary.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('debug.temporary.hint')}
              </Typography>
              {canAdd ? (
                <TemporaryDeviceForm onCreated={onCreated} />
              ) : (
                <Alert severity="info">{t('debug.temporary.notAllowed')}</Alert>
              )}
            </CardContent>
          </Card>
          <section aria-label={t('debug.temporary.createdTitle')} aria-busy={active.isPending}>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('debug.temporary.createdTitle')}
            </Typography>
            {active.isPending ? (
              <CircularProgress size={24} aria-label={t('debug.temporary.listLoading')} />
            ) : active.isError ? (
              <Alert severity="error">{t('debug.temporary.listError')}</Alert>
            ) : active.data.length === 0 ? (
              <Typography color="text.secondary">{t('debug.temporary.noneYet')}</Typography>
            ) : (
              <Stack spacing={2}>
                {active.data.map((d) => (
                  <TemporaryDeviceCard key={`${d.id}-${d.createdAt}`} device={d} now={now} />
                ))}
              </Stack>
            )}
          </section>
        </Stack>
      )}
      {tab === 'rto' && (
        <Box role="tabpanel" aria-labelledby="debug-tab-rto">
          <RtoPanel />
        </Box>
      )}
    </Box>
  );
}
