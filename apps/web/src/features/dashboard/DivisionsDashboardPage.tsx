/**
 * /dashboardv2 (marked new): the city's key figures by zone → circle → ward. Breadcrumbs and the table drill down
 * (the choice is the URL's zoneId / circleId / wardId, shared with the filter bar); the map colours the wards below by
 * the chosen metric (?metric=) and the chart shows it per day over the range.
 */
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { DivisionNode } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/PageHeader';
import { formatDateTime, toAppTime } from '@/lib/format';
import { useDashboardSeries, useDivisionList, useDivisionsDashboard, useLiveRefresh } from './api/dashboard';
import { Lines } from './charts';
import { DashboardFilterBar } from './DashboardFilterBar';
import { formatNumber, formatPercent } from './dashboard-format';
import { useDashboardFilters } from './dashboard-params';
import { DRILL_METRICS, findNode, wardsOf, type DrillMetric } from './division-metrics';
import { WardMetricMap } from './WardMetricMap';
import { Widget, WidgetGrid } from './Widget';

const isMetric = (v: string | null): v is DrillMetric => DRILL_METRICS.includes(v as DrillMetric);

export function DivisionsDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const { filters, write, params } = useDashboardFilters();
  const metricParam = params.get('metric');
  const metric: DrillMetric = isMetric(metricParam) ? metricParam : 'trips';
  const dashboard = useDivisionsDashboard(filters);
  const series = useDashboardSeries(filters, metric);
  const names = new Map((useDivisionList().data ?? []).map((d) => [d.id, d.name]));
  useLiveRefresh();

  const tree = dashboard.data?.tree ?? [];
  const currentId = filters.wardId ?? filters.circleId ?? filters.zoneId;
  const current = findNode(tree, currentId);
  const rows: DivisionNode[] = current ? (current.type === 'WARD' ? [current] : current.children) : tree;
  const wards = current ? wardsOf([current]) : wardsOf(tree);
  const format = (value: number | null) =>
    metric === 'coverage'
      ? formatPercent(value, i18n.language)
      : value === null
        ? '–'
        : formatNumber(value, i18n.language, metric === 'distance' ? 1 : 0);

  const drill = (node: DivisionNode) => {
    if (node.type === 'ZONE') write({ zoneId: node.id, circleId: null, wardId: null });
    else if (node.type === 'CIRCLE') write({ circleId: node.id, wardId: null });
    else write({ wardId: node.id });
  };
  const crumbs: Array<{ label: string; onClick?: () => void }> = [
    { label: t('divisions.city'), onClick: () => write({ zoneId: null, circleId: null, wardId: null }) },
  ];
  if (filters.zoneId)
    crumbs.push({
      label: names.get(filters.zoneId) ?? filters.zoneId,
      onClick: () => write({ circleId: null, wardId: null }),
    });
  if (filters.circleId)
    crumbs.push({
      label: names.get(filters.circleId) ?? filters.circleId,
      onClick: () => write({ wardId: null }),
    });
  if (filters.wardId) crumbs.push({ label: names.get(filters.wardId) ?? filters.wardId });

  const common = {
    isLoading: dashboard.isPending,
    error: dashboard.error,
    onRetry: () => void dashboard.refetch(),
  };
  return (
    <>
      <PageHeader
        title={t('divisions.title')}
        subtitle={
          dashboard.data ? t('updatedAt', { at: formatDateTime(dashboard.data.generatedAt) }) : undefined
        }
      />
      <DashboardFilterBar />
      <Stack direction={{ xs: 'column', md: 'row' }} sx={{ justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Breadcrumbs aria-label={t('divisions.breadcrumbs')}>
          {crumbs.map((c, i) =>
            i === crumbs.length - 1 || !c.onClick ? (
              <Typography key={c.label} color="text.primary" aria-current="page">
                {c.label}
              </Typography>
            ) : (
              <Link key={c.label} component="button" type="button" underline="hover" onClick={c.onClick}>
                {c.label}
              </Link>
            ),
          )}
        </Breadcrumbs>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={metric}
          onChange={(_, value: DrillMetric | null) => value && write({ metric: value })}
          aria-label={t('divisions.metric')}
        >
          {DRILL_METRICS.map((m) => (
            <ToggleButton key={m} value={m}>
              {t(`metrics.${m}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <WidgetGrid min={420}>
        <Widget
          title={t('divisions.mapTitle', { metric: t(`metrics.${metric}`) })}
          {...common}
          skeletonHeight={360}
          emptyText={dashboard.data && wards.length === 0 ? t('divisions.noWards') : null}
        >
          <WardMetricMap wards={wards} metric={metric} formatValue={format} />
        </Widget>
        <Widget
          title={t('divisions.seriesTitle', { metric: t(`metrics.${metric}`) })}
          isLoading={series.isPending}
          error={series.error}
          onRetry={() => void series.refetch()}
          skeletonHeight={240}
        >
          {series.data && (
            <Lines
              ariaLabel={t('divisions.seriesTitle', { metric: t(`metrics.${metric}`) })}
              labels={series.data.points.map(
                (p) => toAppTime(`${p.day}T12:00:00+05:30`)?.format('DD/MM') ?? p.day,
              )}
              series={[
                {
                  label: t(`metrics.${metric}`),
                  values: series.data.points.map((p) =>
                    // Coverage in %, the others to one decimal.
                    p.value === null ? null : Math.round(p.value * (metric === 'coverage' ? 1000 : 10)) / 10,
                  ),
                },
              ]}
            />
          )}
        </Widget>
      </WidgetGrid>
      <Widget
        title={current ? t('divisions.below', { name: current.name }) : t('divisions.zones')}
        {...common}
        emptyText={dashboard.data && rows.length === 0 ? t('divisions.noDivisions') : null}
      >
        <TableContainer>
          <Table size="small" aria-label={t('divisions.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('divisions.name')}</TableCell>
                {(
                  [
                    'vehicles',
                    'moving',
                    'offline',
                    'distance',
                    'trips',
                    'coverage',
                    'attendance',
                    'complaints',
                  ] as const
                ).map((c) => (
                  <TableCell key={c} align="right">
                    {t(`columns.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((n) => (
                <TableRow key={n.id} hover>
                  <TableCell>
                    {n.type === 'WARD' && n.id === currentId ? (
                      n.name
                    ) : (
                      <Link component="button" type="button" underline="hover" onClick={() => drill(n)}>
                        {n.name}
                      </Link>
                    )}
                  </TableCell>
                  <TableCell align="right">{formatNumber(n.figures.vehicles, i18n.language)}</TableCell>
                  <TableCell align="right">{formatNumber(n.figures.moving, i18n.language)}</TableCell>
                  <TableCell align="right">{formatNumber(n.figures.offline, i18n.language)}</TableCell>
                  <TableCell align="right">
                    {formatNumber(n.figures.distanceM / 1000, i18n.language, 1)}
                  </TableCell>
                  <TableCell align="right">{formatNumber(n.figures.disposalTrips, i18n.language)}</TableCell>
                  <TableCell align="right">{formatPercent(n.figures.coverage, i18n.language)}</TableCell>
                  <TableCell align="right">
                    {t('divisions.presentOf', { present: n.figures.present, staff: n.figures.staff })}
                  </TableCell>
                  <TableCell align="right">
                    {t('divisions.complaintsCell', {
                      open: n.figures.openComplaints,
                      overdue: n.figures.overdueComplaints,
                    })}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Widget>
    </>
  );
}
