/**
 * A temporary device just added: its IMEI, owner, expiry and where to point the tracker (gateway host, port and
 * protocol), with links to its device details page and the port checker.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Device } from '@civicfleet/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { gatewayEndpoints, useGatewayInfo } from './gateway';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 160 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

export function TemporaryDeviceCard({ device, now }: { device: Device; now: Date }) {
  const { t } = useTranslation('catalogue');
  const { can } = useSession();
  const isExpired = device.expiresAt !== null && new Date(device.expiresAt) <= now;
  const gateway = useGatewayInfo();
  const host = gateway.data?.host ?? '';
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={t('debug.temporary.cardLabel', { imei: device.imei })}
    >
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
          <Typography variant="h6" component="h3">
            {device.imei}
          </Typography>
          <Chip
            size="small"
            color={isExpired ? 'default' : 'success'}
            label={isExpired ? t('debug.temporary.expired') : t('debug.temporary.active')}
          />
        </Box>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
          <Fact label={t('debug.temporary.expiresAt')}>{formatDateTime(device.expiresAt) || '-'}</Fact>
          <Fact label={t('debug.temporary.protocol')}>
            {device.protocol ? t(`protocols.${device.protocol}`) : t('debug.temporary.anyProtocol')}
          </Fact>
          <Fact label={t('debug.temporary.organisation')}>
            {device.organisation.brandName ?? device.organisation.tradeName}
          </Fact>
          <Fact label={t('debug.temporary.gatewayHost')}>{host || '-'}</Fact>
        </Box>
        <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
          {t('debug.temporary.pointTracker')}
        </Typography>
        {gateway.isError && (
          <Alert severity="error" variant="outlined" sx={{ mt: 1 }}>
            {t('debug.temporary.gatewayError')}
          </Alert>
        )}
        {gateway.isPending && <Skeleton width={260} aria-label={t('debug.temporary.gatewayLoading')} />}
        {gateway.data && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {gatewayEndpoints(device.protocol, gateway.data).map((e) => (
              <li key={e.protocol}>
                {t('debug.temporary.endpoint', {
                  protocol: t(`protocols.${e.protocol}`),
                  host: host || '-',
                  port: e.port,
                })}
              </li>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 2 }}>
        {can('device-details') && (
          <Link component={RouterLink} to={paths.management.deviceDetails(device.imei)}>
            {t('debug.temporary.openDetails')}
          </Link>
        )}
        <Link component={RouterLink} to={paths.public.portChecker}>
          {t('debug.temporary.checkPort')}
        </Link>
      </CardActions>
    </Card>
  );
}
