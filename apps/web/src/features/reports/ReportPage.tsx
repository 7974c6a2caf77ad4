/**
 * The one report page (spec 01 §2.4, spec 02 §2, §8, §9) for /reports/<id>: the filter on the left (kept in the URL,
 * so dashboard links open it filled in and run at once), the results on the right (the report's columns formatted
 * exactly as in its files, the 10,000-row notice, the report's facts and view), a server-made export with progress
 * and, with the permission, a schedule. Driven by the shared contract (`reportMeta(id)`) and the family's page config.
 */
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REPORT_MESSAGES,
  REPORT_TIME_ZONE,
  formatReportCell,
  reportMeta,
  type ReportMeta,
  type ReportRow,
  type ReportRun,
} from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { type ReactNode, Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { ApiError } from '@/api/client';
import { ComingSoon } from '@/components/ComingSoon';
import { PageHeader } from '@/components/PageHeader';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { useSession } from '@/session';
import { reportKeys, runReport } from './api';
import { REPORT_PAGES } from './families';
import { ReportFilterForm } from './ReportFilterForm';
import { ExportProgress, ReportExportMenu, useReportExport } from './ReportExportMenu';
import {
  emptyValues,
  hasChosenFilter,
  requestFilter,
  searchFromValues,
  valuesFromSearch,
} from './report-filter';
import type { ReportFilterValues, ReportPageConfig } from './types';

/** The schedules' dialog, loaded on first use. */
const ScheduleReportDialog = lazy(() =>
  import('./schedules/ScheduleReportDialog').then((m) => ({ default: m.ScheduleReportDialog })),
);

const RIGHT_ALIGNED = new Set(['serial', 'int', 'km', 'dec2', 'percent', 'duration']);

interface TableRowItem {
  key: string;
  cells: ReportRow;
}

/** The report id of the current path: /reports/<id>. */
export function reportIdOf(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  return parts[0] === 'reports' ? (parts[1] ?? '') : '';
}

export function ReportPage() {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  const id = reportIdOf(pathname);
  const meta = reportMeta(id);
  if (!meta) return <ComingSoon screen={t(`nav.reports.${id}`, { defaultValue: id })} />;
  return <ReportScreen key={id} meta={meta} config={REPORT_PAGES[id] ?? {}} />;
}

function formatFact(value: unknown): string {
  if (typeof value === 'number') return value.toLocaleString('en-IN', { maximumFractionDigits: 2 });
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function ReportScreen({ meta, config }: { meta: ReportMeta; config: ReportPageConfig }) {
  const { id, namespace: ns } = meta;
  const { t } = useTranslation(['reports', ns]);
  const { enqueueSnackbar } = useSnackbar();
  const { can } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const defaults = useMemo(() => config.defaults ?? {}, [config.defaults]);
  const search = searchParams.toString();
  const urlValues = useMemo(
    () => valuesFromSearch(new URLSearchParams(search), defaults),
    [search, defaults],
  );
  const [values, setValues] = useState<ReportFilterValues>(urlValues);
  // A new URL (a link, back/forward, Run) fills the form again; adjusted while rendering, not in an effect.
  const [seenSearch, setSeenSearch] = useState(search);
  if (seenSearch !== search) {
    setSeenSearch(search);
    setValues(urlValues);
  }
  // A URL carrying a filter runs (a link, Run): a bare URL with only the report's defaults waits for Run.
  const submitted = useMemo(() => {
    const filter = requestFilter(urlValues);
    const chosen = hasChosenFilter(urlValues, defaults) || (search !== '' && Object.keys(filter).length > 0);
    return chosen ? filter : null;
  }, [urlValues, defaults, search]);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // Mounted from the first opening on, so that it can animate out when closed.
  const [scheduleUsed, setScheduleUsed] = useState(false);

  const title = t(`${ns}:${id}.title`, { defaultValue: meta.title });
  const subtitle = t(`${ns}:${id}.subtitle`, { defaultValue: meta.subtitle });
  const headerOf = (key: string, label: string) => t(`${ns}:${id}.columns.${key}`, { defaultValue: label });

  const run = useQuery({
    queryKey: reportKeys.run(id, submitted ?? {}),
    queryFn: ({ signal }) => runReport(id, submitted ?? {}, signal),
    enabled: submitted !== null,
    retry: false,
    // A report is run on purpose (Run, a link): never again behind the user's back.
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // A failed run says why in a toast (spec 02 §8); the table keeps a Retry.
  const { error, errorUpdatedAt } = run;
  useEffect(() => {
    if (!error) return;
    const message =
      error instanceof ApiError && error.hasServerMessage ? error.message : t('reports:run.failed');
    enqueueSnackbar(message, { variant: 'error' });
  }, [error, errorUpdatedAt, enqueueSnackbar, t]);

  const labels = {
    title,
    subtitle,
    columns: Object.fromEntries(meta.columns.map((c) => [c.key, headerOf(c.key, c.label)])),
  };
  const exporter = useReportExport({ reportId: id, fileBase: meta.fileBase, filter: submitted, labels });

  const onRun = () => {
    // Every field with a value counts, the report's own shown defaults too (a Monthly Summary's month).
    if (Object.keys(requestFilter(values)).length === 0) {
      enqueueSnackbar(REPORT_MESSAGES.atLeastOne, { variant: 'warning' });
      return;
    }
    const checked = meta.filter.safeParse(requestFilter(values));
    if (!checked.success) {
      enqueueSnackbar(checked.error.issues[0]?.message ?? REPORT_MESSAGES.atLeastOne, { variant: 'warning' });
      return;
    }
    const next = searchFromValues(values);
    if (next.toString() === search) void run.refetch();
    else setSearchParams(next);
  };
  const onReset = () => {
    setValues(emptyValues(defaults));
    setSearchParams(new URLSearchParams());
  };

  const canSchedule = can('report-schedule', 'add-report-schedule');

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canSchedule && (
            <Button
              variant="outlined"
              size="small"
              startIcon={<ScheduleOutlinedIcon />}
              onClick={() => {
                setScheduleUsed(true);
                setScheduleOpen(true);
              }}
            >
              {t('reports:schedule')}
            </Button>
          )
        }
      />
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          alignItems: { xs: 'stretch', md: 'flex-start' },
          gap: 2,
        }}
      >
        <Paper
          variant="outlined"
          component="section"
          aria-label={t('reports:filter.title')}
          sx={{ p: 2, width: { xs: '100%', md: 320 }, flexShrink: 0, boxSizing: 'border-box' }}
        >
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('reports:filter.title')}
          </Typography>
          <ReportFilterForm
            values={values}
            onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
            onRun={onRun}
            onReset={onReset}
            config={config}
            isRunning={run.isFetching}
          />
        </Paper>
        <Box component="section" aria-label={t('reports:results')} sx={{ flex: 1, minWidth: 0 }}>
          {submitted === null ? (
            <Paper variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
              <Typography color="text.secondary">{t('reports:prompt')}</Typography>
            </Paper>
          ) : (
            <ReportResults
              meta={meta}
              config={config}
              run={run.data}
              isLoading={run.isFetching}
              error={run.error ?? undefined}
              onRetry={() => void run.refetch()}
              filter={submitted}
              title={title}
              headerOf={headerOf}
              toolbar={
                <Stack direction="row" spacing={1}>
                  <ReportExportMenu
                    state={exporter.state}
                    isDisabled={run.data === undefined || run.isFetching}
                    onExport={(format) => void exporter.run(format)}
                  />
                </Stack>
              }
              progress={<ExportProgress state={exporter.state} />}
            />
          )}
        </Box>
      </Box>
      {canSchedule && scheduleUsed && (
        <Suspense fallback={null}>
          <ScheduleReportDialog
            reportId={id}
            filter={requestFilter(values)}
            open={scheduleOpen}
            onClose={() => setScheduleOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}

function ReportResults({
  meta,
  config,
  run,
  isLoading,
  error,
  onRetry,
  filter,
  title,
  headerOf,
  toolbar,
  progress,
}: {
  meta: ReportMeta;
  config: ReportPageConfig;
  run: ReportRun | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  filter: Record<string, unknown>;
  title: string;
  headerOf: (key: string, label: string) => string;
  toolbar: ReactNode;
  progress: ReactNode;
}) {
  const { id, namespace: ns } = meta;
  const { t } = useTranslation(['reports', ns]);
  const { rowHref, View } = config;

  const only = run?.columns ? new Set(run.columns) : null;
  const shown = meta.columns.filter((c) => !c.hidden && (only === null || only.has(c.key)));
  const linkColumn = shown.find((c) => c.kind !== 'serial')?.key;

  const rows: TableRowItem[] = isLoading
    ? []
    : (run?.rows ?? []).map((cells, index) => ({ key: String(index), cells }));

  const columns: ResultsTableColumn<TableRowItem>[] = shown.map((column) => ({
    key: column.key,
    header: headerOf(column.key, column.label),
    accessor: (row) => row.cells[column.key] ?? null,
    exportValue: (row) => formatReportCell(column, row.cells[column.key], REPORT_TIME_ZONE),
    sortable: column.kind !== 'serial',
    align: RIGHT_ALIGNED.has(column.kind) ? 'right' : 'left',
    render: (row) => {
      const text = formatReportCell(column, row.cells[column.key], REPORT_TIME_ZONE);
      const href = column.key === linkColumn ? (rowHref?.(row.cells, filter) ?? null) : null;
      return href === null ? (
        text
      ) : (
        <Link component={RouterLink} to={href}>
          {text}
        </Link>
      );
    },
  }));

  const facts = Object.entries(run?.meta ?? {}).filter(([, v]) => v !== null && v !== undefined);
  return (
    <Stack spacing={2}>
      {run?.truncated && !isLoading && (
        <Alert severity="info">
          {t('reports:truncated', {
            shown: run.rows.length.toLocaleString('en-IN'),
            total: run.total.toLocaleString('en-IN'),
          })}
        </Alert>
      )}
      {facts.length > 0 && !isLoading && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          aria-label={t('reports:facts')}
        >
          {facts.map(([key, value]) => (
            <Chip
              key={key}
              size="small"
              variant="outlined"
              label={`${t(`${ns}:${id}.meta.${key}`, { defaultValue: key })}: ${formatFact(value)}`}
            />
          ))}
        </Stack>
      )}
      {View && run && !isLoading && <View run={run} filter={filter} />}
      {progress}
      <ResultsTable<TableRowItem>
        title={title}
        columns={columns}
        rows={rows}
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        getRowId={(row) => row.key}
        getRowLabel={(row) => String(row.cells.regNo ?? row.key)}
        emptyMessage={t(`${ns}:${id}.empty`, { defaultValue: meta.emptyMessage })}
        isExportable={false}
        toolbarActions={toolbar}
      />
    </Stack>
  );
}
