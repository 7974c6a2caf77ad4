/**
 * /swm/attendance: the day board. Every active person of the caller's organisations with their mark for the day
 * (?day=yyyy-MM-dd, default today; ?circleId=, ?wardId=, ?status=PRESENT|ABSENT|NOT_MARKED in the URL), where the
 * mark came from (driver-id read, vehicle duty, supervisor, day close) and the duty start/end; supervisors mark
 * PRESENT/ABSENT with a reason.
 */
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ATTENDANCE_FILTERS, type AttendanceFilter, type AttendanceRow } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DatePickerField, formatIsoDate, isoDateToDayjs, todayIsoDate } from '@/components/form';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { attendanceBoard, peopleKeys, type BoardFilters } from './api/people';
import { SourceChip, STATUS_COLOURS, StatusChip } from './AttendanceChips';
import { CircleWardFilters } from './CircleWardFilters';
import { MarkDialog } from './MarkDialog';
import { readDay, readId, useParamWriter } from './params';

const isFilter = (v: string | null): v is AttendanceFilter =>
  (ATTENDANCE_FILTERS as readonly (string | null)[]).includes(v);
const timeOf = (iso: string | null) => (iso ? formatDateTime(iso).slice(11, 16) : '');

export function AttendancePage() {
  const { t } = useTranslation('people');
  const { can } = useSession();
  const [params] = useSearchParams();
  const write = useParamWriter();
  const [marking, setMarking] = useState<AttendanceRow | null>(null);
  const day = readDay(params);
  const statusParam = params.get('status');
  const status = isFilter(statusParam) ? statusParam : undefined;
  const place = { circleId: readId(params, 'circleId'), wardId: readId(params, 'wardId') };
  const filters: BoardFilters = { day, ...place, status };
  // The counters cover the day and place, whatever the status filter.
  const counts = useQuery({
    queryKey: peopleKeys.attendanceCounts({ day, ...place }),
    queryFn: () =>
      attendanceBoard({ page: 1, pageSize: 5, sortOrder: 'asc' }, { day, ...place }).then((b) => b.counts),
  });
  const shiftDay = (days: number) =>
    write({ day: isoDateToDayjs(day)?.add(days, 'day').format('YYYY-MM-DD') ?? day });
  const isToday = day >= todayIsoDate();

  const columns: ResultsTableColumn<AttendanceRow>[] = [
    { key: 'name', header: t('fields.name'), sortable: true, accessor: (r) => r.staff.name },
    { key: 'role', header: t('fields.role'), sortable: true, accessor: (r) => t(`roles.${r.staff.role}`) },
    {
      key: 'ward',
      header: t('fields.wardCircle'),
      sortable: true,
      accessor: (r) => [r.ward?.name, r.circle?.name].filter(Boolean).join(' · '),
      render: (r) => (
        <>
          {r.ward?.name ?? '-'}
          {r.circle && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {r.circle.name}
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      accessor: (r) => t(`statuses.${r.status ?? 'NOT_MARKED'}`),
      render: (r) => <StatusChip status={r.status} />,
    },
    {
      key: 'source',
      header: t('fields.source'),
      accessor: (r) => (r.source ? t(`sources.${r.source}`) : ''),
      render: (r) => <SourceChip source={r.source} markedBy={r.markedBy?.name} />,
      exportValue: (r) =>
        [r.source ? t(`sources.${r.source}`) : '', r.markedBy?.name ?? ''].filter(Boolean).join(' · '),
    },
    { key: 'vehicle', header: t('fields.vehicle'), accessor: (r) => r.vehicle?.registrationNumber ?? '' },
    {
      key: 'dutyStartAt',
      header: t('fields.duty'),
      sortable: true,
      accessor: (r) => [timeOf(r.dutyStartAt), timeOf(r.dutyEndAt)].filter(Boolean).join('–'),
      exportValue: (r) =>
        r.dutyStartAt ? `${formatDateTime(r.dutyStartAt)} – ${formatDateTime(r.dutyEndAt)}` : '',
    },
    { key: 'reason', header: t('fields.reason'), accessor: (r) => r.reason ?? '' },
  ];

  const rowActions: RowAction<AttendanceRow>[] = [
    {
      id: 'mark',
      label: t('attendance.mark'),
      onSelect: setMarking,
      permission: { module: 'attendance', action: 'mark-attendance' },
      visible: () => day <= todayIsoDate(),
    },
  ];

  const counterChip = (key: AttendanceFilter, count: number | undefined) => (
    <Chip
      key={key}
      label={t(`attendance.counter.${key}`, { count: count ?? 0 })}
      color={status === key ? STATUS_COLOURS[key] : 'default'}
      variant={status === key ? 'filled' : 'outlined'}
      onClick={() => write({ status: status === key ? null : key })}
      aria-pressed={status === key}
      data-counter={key}
    />
  );

  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        component="section"
        aria-label={t('common.filters')}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
      >
        <IconButton aria-label={t('common.previousDay')} onClick={() => shiftDay(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Box sx={{ width: 210 }}>
          <DatePickerField
            label={t('fields.day')}
            value={day}
            onChange={(v) => {
              if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) write({ day: v });
            }}
          />
        </Box>
        <IconButton aria-label={t('common.nextDay')} onClick={() => shiftDay(1)} disabled={isToday}>
          <ChevronRightIcon />
        </IconButton>
        <CircleWardFilters circleId={place.circleId} wardId={place.wardId} onChange={write} minWidth={180} />
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="group"
          aria-label={t('attendance.counters')}
          sx={{ flexWrap: 'wrap', ml: { md: 1 } }}
        >
          {counterChip('PRESENT', counts.data?.present)}
          {counterChip('ABSENT', counts.data?.absent)}
          {counterChip('NOT_MARKED', counts.data?.notMarked)}
        </Stack>
      </Stack>
      <ResultsTable<AttendanceRow>
        title={t('attendance.title')}
        subtitle={t('attendance.subtitle', { day: formatIsoDate(day) })}
        columns={columns}
        query={(q) => attendanceBoard(q, filters)}
        queryKey={[...peopleKeys.attendance(), 'board', filters]}
        getRowId={(r) => r.staff.id}
        getRowLabel={(r) => r.staff.name}
        rowActions={rowActions}
        can={can}
        defaultPageSize={25}
        emptyMessage={t('attendance.empty')}
        searchPlaceholder={t('attendance.search')}
        exportFileBase={`Attendance ${day}`}
        exportFilters={[{ label: t('fields.day'), value: formatIsoDate(day) }]}
      />
      <MarkDialog row={marking} day={day} onClose={() => setMarking(null)} />
    </Box>
  );
}
