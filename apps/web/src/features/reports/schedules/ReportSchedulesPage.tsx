/**
 * /reports/schedules (module `report-schedule`): the scheduled reports of the caller's organisations, server-paged,
 * with edit (the same dialog as on the report page), delete, run now and switch on/off.
 */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { reportMeta, type ReportSchedule } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/api-error';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { ScheduleReportDialog } from './ScheduleReportDialog';
import { deleteSchedule, inputOf, listSchedules, runScheduleNow, scheduleKeys, updateSchedule } from './api';

const MODULE = 'report-schedule';
const permission = (action?: string) => ({ module: MODULE, ...(action ? { action } : {}) });

export function ReportSchedulesPage() {
  const { t } = useTranslation('reportSchedules');
  const { can } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ReportSchedule | null>(null);
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });

  const reportTitle = (s: ReportSchedule) => {
    const meta = reportMeta(s.reportId);
    return meta ? t(`${meta.namespace}:${s.reportId}.title`, { defaultValue: s.reportTitle }) : s.reportTitle;
  };
  const when = (s: ReportSchedule) => {
    if (s.frequency === 'weekly')
      return t('when.weekly', { day: t(`weekdays.${s.dayOfWeek ?? 1}`), time: s.timeOfDay });
    if (s.frequency === 'monthly') return t('when.monthly', { day: s.dayOfMonth ?? 1, time: s.timeOfDay });
    return t('when.daily', { time: s.timeOfDay });
  };
  const fail = (error: unknown) =>
    enqueueSnackbar(error instanceof ApiError ? error.message : t('toast.failed'), { variant: 'error' });

  async function runNow(s: ReportSchedule) {
    try {
      const { run } = await runScheduleNow(s.id);
      if (run.status === 'ok') enqueueSnackbar(t('toast.ran', { count: run.mailed }), { variant: 'success' });
      else enqueueSnackbar(run.error ?? t('toast.failed'), { variant: 'error' });
      refresh();
    } catch (error) {
      fail(error);
    }
  }

  async function toggle(s: ReportSchedule) {
    try {
      await updateSchedule(s.id, inputOf(s, { enabled: !s.enabled }));
      enqueueSnackbar(t(s.enabled ? 'toast.disabled' : 'toast.enabled', { name: s.name }), {
        variant: 'success',
      });
      refresh();
    } catch (error) {
      fail(error);
    }
  }

  const columns: ResultsTableColumn<ReportSchedule>[] = [
    { key: 'reportId', header: t('columns.report'), sortable: true, accessor: reportTitle },
    { key: 'name', header: t('columns.name'), sortable: true },
    {
      key: 'frequency',
      header: t('columns.frequency'),
      accessor: when,
      render: (s) => (
        <Stack spacing={0.25}>
          <span>{when(s)}</span>
          <Typography variant="caption" color="text.secondary">
            {t(`ranges.${s.range}`)} · {s.formats.map((f) => f.toUpperCase()).join(', ')}
          </Typography>
        </Stack>
      ),
    },
    {
      key: 'nextRunAt',
      header: t('columns.nextRun'),
      sortable: true,
      accessor: (s) => (s.enabled ? formatDateTime(s.nextRunAt) : t('status.off')),
    },
    {
      key: 'lastRunAt',
      header: t('columns.lastRun'),
      sortable: true,
      accessor: (s) =>
        s.lastRunAt ? `${formatDateTime(s.lastRunAt)} ${t(`status.${s.lastStatus ?? 'ok'}`)}` : '-',
      render: (s) =>
        s.lastRunAt ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{formatDateTime(s.lastRunAt)}</span>
            <Tooltip title={s.lastError ?? ''}>
              <Chip
                size="small"
                variant="outlined"
                color={s.lastStatus === 'failed' ? 'error' : 'success'}
                label={t(`status.${s.lastStatus ?? 'ok'}`)}
              />
            </Tooltip>
          </Stack>
        ) : (
          '-'
        ),
    },
    {
      key: 'recipients',
      header: t('columns.recipients'),
      accessor: (s) => s.recipients.map((r) => r.name).join(', '),
    },
    {
      key: 'enabled',
      header: t('columns.enabled'),
      accessor: (s) => (s.enabled ? t('status.on') : t('status.off')),
      render: (s) => (
        <Chip
          size="small"
          color={s.enabled ? 'success' : 'default'}
          label={s.enabled ? t('status.on') : t('status.off')}
        />
      ),
    },
  ];

  const rowActions: RowAction<ReportSchedule>[] = [
    {
      id: 'run-now',
      label: t('actions.runNow'),
      onSelect: (s) => void runNow(s),
      permission: permission('edit-report-schedule-result-table'),
    },
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: setEditing,
      permission: permission('edit-report-schedule-result-table'),
    },
    {
      id: 'disable',
      label: t('actions.disable'),
      onSelect: (s) => void toggle(s),
      visible: (s) => s.enabled,
      permission: permission('edit-report-schedule-result-table'),
    },
    {
      id: 'enable',
      label: t('actions.enable'),
      onSelect: (s) => void toggle(s),
      visible: (s) => !s.enabled,
      permission: permission('edit-report-schedule-result-table'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-report-schedule-result-table'),
    },
  ];

  return (
    <>
      <ResultsTable<ReportSchedule>
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        columns={columns}
        query={listSchedules}
        queryKey={scheduleKeys.list()}
        getRowLabel={(s) => s.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('page.empty')}
        searchPlaceholder={t('page.search')}
        exportFileBase="Scheduled_Reports"
        defaultPageSize={10}
      />
      {editing && (
        <ScheduleReportDialog
          reportId={editing.reportId}
          filter={editing.filter}
          schedule={editing}
          open
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteSchedule(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
    </>
  );
}
