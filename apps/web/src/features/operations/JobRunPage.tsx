/**
 * /swm/job-run: the vehicle jobs of one local day (?day=yyyy-MM-dd, default today; ?status= narrows): each run's
 * window, status (Scheduled / Started / Finished / Missed, from the schedules and the GPS), start and finish, route
 * checkpoints met, disposal trips seen against expected, and the score behind SLA compliance.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { JOB_RUN_STATUSES, type JobRunStatusValue } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DatePickerField, isoDateToDayjs } from '@/components/form';
import { PageHeader } from '@/components/PageHeader';
import { useSession } from '@/session';
import { listJobRuns, operationsKeys } from './api/operations';
import { JOB_RUN_COLUMNS, JobRunRow } from './JobRunRow';
import { JOB_RUN_STATUS_COLOURS } from './JobRunStatusChip';
import { readDay, useParamWriter } from './operations-params';
import { Pager, usePaged } from './Pager';

const isStatus = (value: string | null): value is JobRunStatusValue =>
  (JOB_RUN_STATUSES as readonly (string | null)[]).includes(value);

export function JobRunPage() {
  const { t } = useTranslation('operations');
  const { can } = useSession();
  const [params] = useSearchParams();
  const write = useParamWriter();
  const day = readDay(params, 'day');
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const runs = useQuery({
    queryKey: operationsKeys.jobRuns(day),
    queryFn: ({ signal }) => listJobRuns(day, signal),
  });
  const all = runs.data ?? [];
  const shown = status ? all.filter((r) => r.status === status) : all;
  const { pageRows, pager } = usePaged(shown);
  const shiftDay = (days: number) =>
    write({ day: isoDateToDayjs(day)?.add(days, 'day').format('YYYY-MM-DD') ?? day });
  const headers = [
    t('columns.job'),
    t('columns.vehicle'),
    t('columns.window'),
    t('columns.status'),
    t('columns.startedFinished'),
    t('columns.checkpoints'),
    t('columns.trips'),
    t('columns.score'),
    t('columns.actions'),
  ];

  return (
    <Box>
      <PageHeader title={t('jobRuns.title')} subtitle={t('jobRuns.subtitle')} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <IconButton aria-label={t('jobRuns.previousDay')} onClick={() => shiftDay(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Box sx={{ width: 200 }}>
          <DatePickerField
            label={t('jobRuns.day')}
            value={day}
            maxDate={null}
            onChange={(v) => {
              if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) write({ day: v });
            }}
          />
        </Box>
        <IconButton aria-label={t('jobRuns.nextDay')} onClick={() => shiftDay(1)}>
          <ChevronRightIcon />
        </IconButton>
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="group"
          aria-label={t('jobRuns.statusFilter')}
          sx={{ flexWrap: 'wrap', ml: { md: 2 } }}
        >
          <Chip
            label={t('jobRuns.all', { count: all.length })}
            color={status === null ? 'primary' : 'default'}
            variant={status === null ? 'filled' : 'outlined'}
            onClick={() => write({ status: null })}
            aria-pressed={status === null}
          />
          {JOB_RUN_STATUSES.map((s) => (
            <Chip
              key={s}
              label={t('jobRuns.statusCount', {
                status: t(`jobRuns.statuses.${s}`),
                count: all.filter((r) => r.status === s).length,
              })}
              color={status === s ? JOB_RUN_STATUS_COLOURS[s] : 'default'}
              variant={status === s ? 'filled' : 'outlined'}
              onClick={() => write({ status: status === s ? null : s })}
              aria-pressed={status === s}
            />
          ))}
        </Stack>
      </Stack>
      {runs.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void runs.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('common.loadFailed')}
        </Alert>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table
            size="small"
            aria-label={t('jobRuns.title')}
            sx={{ '& > * > tr > td, & > * > tr > th': { px: 1 } }}
          >
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                {headers.map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.isPending &&
                [0, 1, 2, 3].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={JOB_RUN_COLUMNS + 1}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ))}
              {runs.isSuccess && shown.length === 0 && (
                <TableRow>
                  <TableCell
                    colSpan={JOB_RUN_COLUMNS + 1}
                    sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
                  >
                    {all.length === 0 ? t('jobRuns.empty') : t('jobRuns.emptyStatus')}
                  </TableCell>
                </TableRow>
              )}
              {pageRows.map((run) => (
                <JobRunRow key={`${run.jobId}-${run.day}`} run={run} canPlayback={can('route-playback')} />
              ))}
            </TableBody>
          </Table>
          <Pager {...pager} />
        </TableContainer>
      )}
    </Box>
  );
}
