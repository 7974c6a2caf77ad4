/**
 * /fleet-dashboard (marked beta): utilisation (run time / shift time), idle time, fuel (only from a fuel sensor —
 * never estimated), over-speeding, driver performance, vehicle usage per day and the top and bottom vehicles.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { FleetVehicleRow } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime, toAppTime } from '@/lib/format';
import { useFleetDashboard, useLiveRefresh } from './api/dashboard';
import { Bars } from './charts';
import { DashboardFilterBar } from './DashboardFilterBar';
import { formatDurationS, formatKm, formatNumber, formatPercent } from './dashboard-format';
import { filterQuery, useDashboardFilters } from './dashboard-params';
import { StatLink, Widget, WidgetGrid } from './Widget';

export function FleetDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { filters } = useDashboardFilters();
  const fleet = useFleetDashboard(filters);
  useLiveRefresh();
  const data = fleet.data;
  const common = { isLoading: fleet.isPending, error: fleet.error, onRetry: () => void fleet.refetch() };
  const range = filterQuery(filters, ['from', 'to']);
  const lang = i18n.language;
  return (
    <>
      <PageHeader
        title={t('fleet.title')}
        subtitle={data ? t('updatedAt', { at: formatDateTime(data.generatedAt) }) : undefined}
      />
      <DashboardFilterBar />
      <WidgetGrid min={220}>
        <Widget title={t('fleet.utilisation')} {...common}>
          {data && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <StatLink
                value={formatPercent(data.totals.utilisation, lang)}
                label={t('fleet.runOfShift', {
                  run: formatDurationS(data.totals.runS, t),
                  shift: formatDurationS(data.totals.shiftS, t),
                })}
                to={`/reports/daily-vehicle-operation-report?${range}`}
              />
              <StatLink
                value={`${formatNumber(data.totals.activeVehicles, lang)} / ${formatNumber(data.totals.vehicles, lang)}`}
                label={t('fleet.activeVehicles')}
                to="/vehicle-status"
              />
            </Stack>
          )}
        </Widget>
        <Widget title={t('fleet.distanceIdle')} {...common}>
          {data && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <StatLink
                value={formatKm(data.totals.distanceM, lang)}
                label={t('city.distanceKm')}
                to={`/reports/cumulative-distance-report?${range}`}
              />
              <StatLink
                value={formatDurationS(data.totals.idleS, t)}
                label={t('fleet.idle')}
                to={`/reports/daily-run-summary?${range}`}
              />
            </Stack>
          )}
        </Widget>
        <Widget title={t('fleet.fuel')} {...common}>
          {data &&
            (data.fuel.hasSensorData ? (
              <StatLink
                value={formatNumber(data.fuel.consumedL ?? 0, lang, 1)}
                label={t('fleet.fuelConsumed', { vehicles: data.fuel.vehicles.length })}
                to={`/reports/fuel-consumption?${range}`}
              />
            ) : (
              <Alert severity="info" variant="outlined">
                {t('fleet.noFuel')}
              </Alert>
            ))}
        </Widget>
        <Widget title={t('fleet.overspeed')} {...common}>
          {data && (
            <StatLink
              value={formatNumber(data.totals.overspeedEvents, lang)}
              label={t('fleet.overspeedEvents')}
              tone={data.totals.overspeedEvents > 0 ? 'warning' : 'default'}
              to={`/reports/route-violation?${range}`}
            />
          )}
        </Widget>
      </WidgetGrid>
      <WidgetGrid min={420}>
        <Widget
          title={t('fleet.usage')}
          {...common}
          skeletonHeight={220}
          emptyText={
            data && data.totals.distanceM === 0 && data.totals.runS === 0 ? t('fleet.noUsage') : null
          }
        >
          {data && (
            <Bars
              ariaLabel={t('fleet.usage')}
              label={t('city.distanceKm')}
              labels={data.usageByDay.map(
                (d) => toAppTime(`${d.day}T12:00:00+05:30`)?.format('DD/MM') ?? d.day,
              )}
              values={data.usageByDay.map((d) => Math.round(d.distanceM / 100) / 10)}
              height={220}
            />
          )}
        </Widget>
        <Widget title={t('fleet.ranking')} {...common} skeletonHeight={220}>
          {data && (
            <Stack sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <RankList
                title={t('fleet.topDistance')}
                rows={data.top.byDistance}
                value={(r) => `${formatKm(r.distanceM, lang)} km`}
              />
              <RankList
                title={t('fleet.bottomDistance')}
                rows={data.bottom.byDistance}
                value={(r) => `${formatKm(r.distanceM, lang)} km`}
              />
              <RankList
                title={t('fleet.topUtilisation')}
                rows={data.top.byUtilisation}
                value={(r) => formatPercent(r.utilisation, lang)}
              />
              <RankList
                title={t('fleet.bottomUtilisation')}
                rows={data.bottom.byUtilisation}
                value={(r) => formatPercent(r.utilisation, lang)}
              />
            </Stack>
          )}
        </Widget>
      </WidgetGrid>
      <Widget
        title={t('fleet.drivers')}
        {...common}
        emptyText={data && data.drivers.length === 0 ? t('fleet.noDrivers') : null}
      >
        {data && (
          <TableContainer>
            <Table size="small" aria-label={t('fleet.drivers')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('drivers.name')}</TableCell>
                  <TableCell>{t('drivers.vehicles')}</TableCell>
                  <TableCell align="right">{t('drivers.distanceKm')}</TableCell>
                  <TableCell align="right">{t('drivers.harshPer100Km')}</TableCell>
                  <TableCell align="right">{t('drivers.overspeedPer100Km')}</TableCell>
                  <TableCell align="right">{t('drivers.idleMinPer100Km')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.drivers.map((d) => (
                  <TableRow key={d.staffId} hover>
                    <TableCell>{d.name}</TableCell>
                    <TableCell>{d.vehicles.join(', ')}</TableCell>
                    <TableCell align="right">{formatNumber(d.distanceKm, lang, 1)}</TableCell>
                    <TableCell align="right">{per100(d.harshPer100Km, lang)}</TableCell>
                    <TableCell align="right">{per100(d.overspeedPer100Km, lang)}</TableCell>
                    <TableCell align="right">{per100(d.idleMinPer100Km, lang)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Widget>
    </>
  );
}

const per100 = (value: number | null, lang: string) => (value === null ? '–' : formatNumber(value, lang, 1));

function RankList({
  title,
  rows,
  value,
}: {
  title: string;
  rows: FleetVehicleRow[];
  value: (r: FleetVehicleRow) => string;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Stack sx={{ flex: 1, minWidth: 0 }} component="section" aria-label={title}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('fleet.noRanking')}
        </Typography>
      ) : (
        <Stack component="ol" sx={{ m: 0, pl: 2.5, gap: 0.25 }}>
          {rows.map((r) => (
            <Typography component="li" variant="body2" key={r.vehicleId} noWrap>
              {r.registrationNumber} · {value(r)}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
