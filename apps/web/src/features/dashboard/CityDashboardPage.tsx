/**
 * /dashboard (spec 01 §2.3): the city view — vehicles by status now, distance, collection coverage, disposal trips,
 * dump-yard presence, open SOS/tamper alerts, offline vehicles with reasons, attendance and open complaints. Every
 * number links to the list or report behind it, with the filters. Refetches every 30 s and on live alerts.
 */
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { VEHICLE_LIVE_STATUSES, type CityDashboard } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime, toAppTime } from '@/lib/format';
import { useCityDashboard, useLiveRefresh } from './api/dashboard';
import { Bars, StatusDonut } from './charts';
import { DashboardFilterBar } from './DashboardFilterBar';
import { formatDurationS, formatKm, formatNumber, formatPercent } from './dashboard-format';
import { filterQuery, useDashboardFilters, type DashboardFilters } from './dashboard-params';
import { StatLink, Widget, WidgetGrid } from './Widget';

const withQuery = (path: string, query: string) =>
  query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path;

export function CityDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { filters } = useDashboardFilters();
  const city = useCityDashboard(filters);
  useLiveRefresh();
  const data = city.data;
  const common = { isLoading: city.isPending, error: city.error, onRetry: () => void city.refetch() };
  return (
    <>
      <PageHeader
        title={t('city.title')}
        subtitle={data ? t('updatedAt', { at: formatDateTime(data.generatedAt) }) : undefined}
      />
      <DashboardFilterBar />
      <WidgetGrid>
        <Widget title={t('city.vehicles')} {...common} skeletonHeight={180}>
          {data && <VehicleStatusBody data={data} />}
        </Widget>
        <Widget title={t('city.disposalTrips')} {...common} skeletonHeight={180}>
          {data && <TripsBody data={data} filters={filters} />}
        </Widget>
        <Widget title={t('city.operations')} {...common}>
          {data && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <StatLink
                value={formatKm(data.distanceM, i18n.language)}
                label={t('city.distanceKm')}
                to={withQuery('/reports/daily-run-summary', filterQuery(filters, ['from', 'to']))}
              />
              <StatLink
                value={formatPercent(data.coverage.ratio, i18n.language)}
                label={t('city.coverage', {
                  met: data.coverage.checkpointsMet,
                  total: data.coverage.checkpointsTotal,
                })}
                to={withQuery('/swm/job-run', filterQuery(filters, ['from', 'to']))}
              />
            </Stack>
          )}
        </Widget>
        <Widget title={t('city.attendance', { day: formatDay(filters.to) })} {...common}>
          {data && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <StatLink
                value={formatNumber(data.attendance.present, i18n.language)}
                label={t('city.present')}
                tone="success"
                to={`/swm/attendance?day=${filters.to}`}
              />
              <StatLink
                value={formatNumber(data.attendance.absent, i18n.language)}
                label={t('city.absent')}
                tone="error"
                to={`/swm/attendance?day=${filters.to}`}
              />
              <StatLink
                value={formatNumber(data.attendance.notMarked, i18n.language)}
                label={t('city.notMarked')}
                to={`/swm/attendance?day=${filters.to}`}
              />
            </Stack>
          )}
        </Widget>
        <Widget title={t('city.complaints')} {...common}>
          {data && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <StatLink
                value={formatNumber(data.complaints.total, i18n.language)}
                label={t('city.openComplaints')}
                to="/swm/complaint?status=unresolved"
              />
              <StatLink
                value={formatNumber(data.complaints.overdue, i18n.language)}
                label={t('city.overdue')}
                tone={data.complaints.overdue > 0 ? 'error' : 'default'}
                to="/swm/complaint?status=unresolved&overdue=true"
              />
            </Stack>
          )}
        </Widget>
        <Widget title={t('city.alerts')} {...common}>
          {data && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
              <StatLink
                value={formatNumber(data.alerts.total, i18n.language)}
                label={t('city.openAlerts')}
                tone={data.alerts.total > 0 ? 'error' : 'default'}
                to="/view-operations/sos-desk"
              />
              {Object.entries(data.alerts.byType).map(([type, count]) => (
                <StatLink
                  key={type}
                  value={formatNumber(count, i18n.language)}
                  label={t(`alertTypes.${type}`, { defaultValue: type })}
                  to={`/view-operations/sos-desk?type=${type}`}
                />
              ))}
            </Stack>
          )}
        </Widget>
        <Widget
          title={t('city.presence')}
          {...common}
          emptyText={data && data.dumpYardPresence.length === 0 ? t('city.noPresence') : null}
        >
          {data && <PresenceBody data={data} />}
        </Widget>
        <Widget title={t('city.offline')} {...common}>
          {data && <OfflineBody data={data} />}
        </Widget>
      </WidgetGrid>
    </>
  );
}

const formatDay = (day: string) => toAppTime(`${day}T12:00:00+05:30`)?.format('DD/MM/YYYY') ?? day;

function VehicleStatusBody({ data }: { data: CityDashboard }) {
  const { t, i18n } = useTranslation('dashboard');
  if (data.vehicles.total === 0)
    return <Typography color="text.secondary">{t('city.noVehicles')}</Typography>;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Stack sx={{ width: 180 }}>
        <StatusDonut counts={data.vehicles} />
      </Stack>
      <Stack sx={{ gap: 0.5 }}>
        <StatLink
          value={formatNumber(data.vehicles.total ?? 0, i18n.language)}
          label={t('city.allVehicles')}
          to="/vehicle-status"
        />
        {VEHICLE_LIVE_STATUSES.map((s) => (
          <Typography key={s} variant="body2">
            <StatInline
              value={formatNumber(data.vehicles[s] ?? 0, i18n.language)}
              label={t(`statuses.${s}`)}
              to={`/vehicle-status?status=${s}`}
            />
          </Typography>
        ))}
      </Stack>
    </Stack>
  );
}

function StatInline({ value, label, to }: { value: string; label: string; to: string }) {
  return (
    <Link component={RouterLink} to={to} underline="hover" aria-label={`${value} ${label}`}>
      <strong>{value}</strong> {label}
    </Link>
  );
}

function TripsBody({ data, filters }: { data: CityDashboard; filters: DashboardFilters }) {
  const { t, i18n } = useTranslation('dashboard');
  const trips = data.disposalTrips;
  const isOneDay = filters.from === filters.to;
  const link = withQuery('/swm/dump-yard?tab=trips', filterQuery(filters, ['from', 'to']));
  return (
    <>
      <StatLink
        value={formatNumber(trips.total, i18n.language)}
        label={t('city.trips')}
        to={link}
        linkLabel={t('city.tripsLink', { n: trips.total })}
      />
      {trips.total === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {isOneDay ? t('city.noTripsToday') : t('city.noTrips')}
        </Typography>
      ) : isOneDay ? (
        <Bars
          labels={trips.byHour.map((_, h) => String(h).padStart(2, '0'))}
          values={trips.byHour}
          label={t('city.trips')}
          ariaLabel={t('city.tripsPerHour')}
          height={150}
        />
      ) : (
        <Bars
          labels={trips.byDay.map((d) => formatDay(d.day).slice(0, 5))}
          values={trips.byDay.map((d) => d.count)}
          label={t('city.trips')}
          ariaLabel={t('city.tripsPerDay')}
          height={150}
        />
      )}
    </>
  );
}

function PresenceBody({ data }: { data: CityDashboard }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <>
      <StatLink
        value={formatNumber(data.dumpYardPresence.length, i18n.language)}
        label={t('city.insideNow')}
        to="/swm/dump-yard?tab=presence"
      />
      <List dense aria-label={t('city.presence')}>
        {data.dumpYardPresence.slice(0, 5).map((p) => (
          <ListItem key={`${p.vehicleId}-${p.geofenceId}`} disableGutters>
            <ListItemText
              primary={`${p.registrationNumber} · ${p.geofenceName}`}
              secondary={t('city.insideFor', { duration: formatDurationS(p.insideS, t) })}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
}

function OfflineBody({ data }: { data: CityDashboard }) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
        <StatLink
          value={formatNumber(data.offline.total, i18n.language)}
          label={t('city.offlineNow')}
          tone={data.offline.total > 0 ? 'warning' : 'default'}
          to="/vehicle-status?status=offline"
        />
        <StatLink
          value={formatNumber(data.offline.byReason['never-connected'], i18n.language)}
          label={t('reasons.never-connected')}
          to="/vehicle-status?status=never-connected"
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('city.offlineReasons', {
          powerCut: data.offline.byReason['power-cut'],
          silent: data.offline.byReason.silent,
        })}
      </Typography>
      {data.offline.vehicles.length > 0 && (
        <List dense aria-label={t('city.offline')}>
          {data.offline.vehicles.slice(0, 5).map((v) => (
            <ListItem key={v.vehicleId} disableGutters>
              <ListItemText
                primary={`${v.registrationNumber} · ${t(`reasons.${v.reason}`)}`}
                secondary={v.since ? t('city.lastSeen', { at: formatDateTime(v.since) }) : null}
              />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
