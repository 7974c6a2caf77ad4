/**
 * The device details page's cards: identity (with linked vehicle, allowed source networks and the identity conflict
 * marks) and health.
 */
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DeviceDetails } from '@civicfleet/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { STATUS_COLOR } from './device-status';
import { IdentityMarks } from './IdentityMarks';

function Facts({ rows }: { rows: Array<[label: string, value: ReactNode]> }) {
  return (
    <dl
      style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 16, rowGap: 6, margin: 0 }}
    >
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
            {value ?? '—'}
          </Typography>
        </div>
      ))}
    </dl>
  );
}

export function IdentityCard({ details, actions }: { details: DeviceDetails; actions?: ReactNode }) {
  const { t } = useTranslation('device');
  const d = details.device;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader
        title={t('details.identity')}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pt: 0.5, pr: 1 }}>
            {actions}
            <IdentityMarks device={d} />
            <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`statuses.${d.status}`)} />
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Facts
          rows={[
            [t('fields.imei'), d.imei],
            [t('fields.uid'), d.uid],
            [t('fields.iccid'), d.iccid],
            [t('fields.sim1'), d.sim1],
            [t('fields.sim2'), d.sim2],
            [t('fields.eSimProvider'), d.eSimProvider],
            [t('fields.model'), d.model],
            [
              t('fields.firmware'),
              d.targetFirmware ? `${d.firmware ?? '—'} → ${d.targetFirmware}` : d.firmware,
            ],
            [t('fields.protocol'), d.protocol],
            [t('fields.organisation'), d.organisation.brandName ?? d.organisation.tradeName],
            [t('fields.vehicle'), d.vehicle?.registrationNumber ?? t('details.noVehicle')],
            [
              t('fields.allowedNetworks'),
              d.allowedNetworks === null
                ? t('networks.inherited')
                : d.allowedNetworks.length === 0
                  ? t('networks.any')
                  : d.allowedNetworks.join(', '),
            ],
            ...(d.identityConflictAt
              ? [
                  [
                    t('identity.conflict'),
                    t('identity.conflictValue', {
                      count: d.identityConflicts,
                      at: formatDateTime(d.identityConflictAt),
                    }),
                  ] as [string, string],
                ]
              : []),
            ...(d.expiresAt
              ? [[t('fields.expiresAt'), formatDateTime(d.expiresAt)] as [string, string]]
              : []),
          ]}
        />
      </CardContent>
    </Card>
  );
}

const yesNo = (value: boolean | null, yes: string, no: string) => (value === null ? null : value ? yes : no);

export function HealthCard({ details }: { details: DeviceDetails }) {
  const { t } = useTranslation('device');
  const h = details.health;
  const latest = details.latest;
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardHeader title={t('details.health')} />
      <CardContent sx={{ pt: 0 }}>
        <Facts
          rows={[
            [t('health.lastPacket'), h.lastPacketAt ? formatDateTime(h.lastPacketAt) : t('health.never')],
            [t('health.mainPower'), yesNo(h.mainPower, t('health.connected'), t('health.disconnected'))],
            [t('health.mainVoltage'), h.mainVoltageV === null ? null : `${h.mainVoltageV.toFixed(1)} V`],
            [t('health.battery'), h.batteryVoltageV === null ? null : `${h.batteryVoltageV.toFixed(2)} V`],
            [t('health.gsm'), h.gsmSignal],
            [t('health.gps'), yesNo(h.gpsValid, t('health.fix'), t('health.noFix'))],
            [t('health.satellites'), h.satellites],
            [t('health.liveStatus'), latest?.status ?? null],
            [
              t('health.position'),
              latest?.lat != null && latest.lon != null
                ? `${latest.lat.toFixed(5)}, ${latest.lon.toFixed(5)}`
                : null,
            ],
            [t('health.fixedAt'), latest?.fixedAt ? formatDateTime(latest.fixedAt) : null],
          ]}
        />
      </CardContent>
    </Card>
  );
}
