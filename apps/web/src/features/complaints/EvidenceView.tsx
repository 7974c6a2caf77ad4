/**
 * GPS evidence (docs/swm.md "Complaints"): which of the organisation's vehicles passed within the radius of the
 * complaint in the window — a prominent warning when none did, the map, and a table of closest approaches.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ComplaintEvidence } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { EvidenceMap } from './EvidenceMap';

export function EvidenceView({ evidence, mapHeight }: { evidence: ComplaintEvidence; mapHeight?: number }) {
  const { t } = useTranslation('complaints');
  const span = { from: formatDateTime(evidence.from), to: formatDateTime(evidence.to) };
  return (
    <Stack spacing={1.5}>
      {evidence.anyVehiclePassed ? (
        <Alert severity="success" data-testid="evidence-summary">
          {t('evidence.passed', { count: evidence.vehicles.length, radius: evidence.radiusM, ...span })}
        </Alert>
      ) : (
        <Alert severity="warning" variant="filled" data-testid="evidence-summary">
          <AlertTitle>{t('evidence.noneTitle')}</AlertTitle>
          {t('evidence.none', { radius: evidence.radiusM, ...span })}
        </Alert>
      )}
      <EvidenceMap
        lat={evidence.lat}
        lon={evidence.lon}
        radiusM={evidence.radiusM}
        evidence={evidence}
        {...(mapHeight === undefined ? {} : { height: mapHeight })}
      />
      {evidence.vehicles.length > 0 && (
        <TableContainer>
          <Table size="small" aria-label={t('evidence.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('evidence.vehicle')}</TableCell>
                <TableCell align="right">{t('evidence.distance')}</TableCell>
                <TableCell>{t('evidence.time')}</TableCell>
                <TableCell align="right">{t('evidence.speed')}</TableCell>
                <TableCell align="right">{t('evidence.fixes')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {evidence.vehicles.map((v) => (
                <TableRow key={v.vehicleId}>
                  <TableCell>{v.registrationNumber}</TableCell>
                  <TableCell align="right">
                    {t('evidence.metres', { value: Math.round(v.closestDistanceM) })}
                  </TableCell>
                  <TableCell>{formatDateTime(v.closestAt)}</TableCell>
                  <TableCell align="right">
                    {v.speedKph === null ? '-' : t('evidence.kph', { value: Math.round(v.speedKph) })}
                  </TableCell>
                  <TableCell align="right">{v.fixesInside}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="caption" color="text.secondary">
        {t('evidence.computedAt', { at: formatDateTime(evidence.computedAt) })}
      </Typography>
    </Stack>
  );
}
