/**
 * /management/job (spec 01 §2.6 job): job schedules of the caller's organisations, server-paged; what runs, when
 * (schedule, dates, daily window in Asia/Kolkata), with which vehicle on which route.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { Job } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { formatIsoDate } from '@/components/form';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { deleteJob, jobKeys, listJobs } from './api/jobs';
import { JOB_LIST_PATH, recurrenceKey, SCHEDULE_TYPE_KEYS } from './job-form';

const MODULE = 'job';
const permission = (action: string) => ({ module: MODULE, action });

export function JobListPage() {
  const { t } = useTranslation('job');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Job | null>(null);

  const describeSchedule = (j: Job): string => {
    if (j.scheduleType === 'One Time' || !j.recurrence) return t(SCHEDULE_TYPE_KEYS[j.scheduleType]);
    if (j.recurrence !== 'custom') return t(recurrenceKey(j.recurrence));
    return t('list.customDays', { days: j.daysOfWeek.map((d) => t(`daysShort.${d}`)).join(', ') });
  };
  const describeDates = (j: Job): string => {
    const start = formatIsoDate(j.startDate);
    if (j.scheduleType === 'One Time') return start;
    return j.endDate
      ? t('list.dateRange', { from: start, to: formatIsoDate(j.endDate) })
      : t('list.openEnded', { from: start });
  };
  const describeWindow = (j: Job): string =>
    j.endTime < j.startTime
      ? t('list.windowNextDay', { from: j.startTime, to: j.endTime })
      : t('list.window', { from: j.startTime, to: j.endTime });

  const columns: ResultsTableColumn<Job>[] = [
    { key: 'name', header: t('fields.name'), sortable: true },
    { key: 'schedule', header: t('list.schedule'), accessor: describeSchedule },
    { key: 'startDate', header: t('list.dates'), sortable: true, accessor: describeDates },
    { key: 'startTime', header: t('list.timeWindow'), sortable: true, accessor: describeWindow },
    {
      key: 'vehicle',
      header: t('fields.vehicle'),
      sortable: true,
      accessor: (j) => j.vehicle.registrationNumber,
    },
    { key: 'route', header: t('fields.route'), accessor: (j) => j.route?.name ?? '' },
  ];

  const rowActions: RowAction<Job>[] = [
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (j) => void navigate(`${JOB_LIST_PATH}/edit/${j.id}`),
      permission: permission('edit-job-result-table'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      isDestructive: true,
      permission: permission('delete-job-result-table'),
    },
  ];

  return (
    <>
      <ResultsTable<Job>
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        columns={columns}
        query={listJobs}
        queryKey={jobKeys.list()}
        getRowLabel={(j) => j.name}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="Jobs"
        toolbarActions={
          can(MODULE, 'add-job') ? (
            <Button
              component={RouterLink}
              to={`${JOB_LIST_PATH}/add`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('form.add')}
            </Button>
          ) : undefined
        }
      />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteJob(deleting.id) : Promise.resolve())}
        onDeleted={() => void queryClient.invalidateQueries({ queryKey: jobKeys.all })}
      />
    </>
  );
}
