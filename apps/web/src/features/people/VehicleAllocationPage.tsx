/**
 * /swm/vehicle-allocation: who is on which vehicle on a day (?day=, default today) — set by a supervisor or detected
 * from a driver-id read — with start/end and why it ended; and the day's driver changes (?tab=changes).
 */
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { DriverChange, VehicleAllocation } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DatePickerField, formatIsoDate, isoDateToDayjs } from '@/components/form';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { endAllocation, listAllocations, listDriverChanges, peopleKeys } from './api/people';
import { readDay, useParamWriter } from './params';
import { ALLOCATION_PATH } from './paths';
import { usePeopleMessages } from './people-messages';

const MODULE = 'vehicle-allocation';

export function VehicleAllocationPage() {
  const { t } = useTranslation('people');
  const { can } = useSession();
  const [params] = useSearchParams();
  const write = useParamWriter();
  const day = readDay(params);
  const tab = params.get('tab') === 'changes' ? 'changes' : 'allocations';
  const shiftDay = (days: number) =>
    write({ day: isoDateToDayjs(day)?.add(days, 'day').format('YYYY-MM-DD') ?? day });

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <IconButton aria-label={t('common.previousDay')} onClick={() => shiftDay(-1)}>
          <ChevronLeftIcon />
        </IconButton>
        <Box sx={{ width: 210 }}>
          <DatePickerField
            label={t('fields.day')}
            value={day}
            maxDate={null}
            onChange={(v) => {
              if (v && /^\d{4}-\d{2}-\d{2}$/.test(v)) write({ day: v });
            }}
          />
        </Box>
        <IconButton aria-label={t('common.nextDay')} onClick={() => shiftDay(1)}>
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, value: string) => write({ tab: value === 'changes' ? 'changes' : null })}
        sx={{ mb: 2 }}
      >
        <Tab value="allocations" label={t('allocation.tab')} />
        <Tab value="changes" label={t('allocation.changesTab')} />
      </Tabs>
      {tab === 'allocations' ? (
        <AllocationsTab day={day} canAdd={can(MODULE, 'add-vehicle-allocation')} />
      ) : null}
      {tab === 'changes' ? <DriverChangesTab day={day} /> : null}
    </Box>
  );
}

function AllocationsTab({ day, canAdd }: { day: string; canAdd: boolean }) {
  const { t } = useTranslation('people');
  const { can } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const messages = usePeopleMessages();

  const end = async (a: VehicleAllocation) => {
    try {
      await endAllocation(a.id);
      await queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      enqueueSnackbar(t('allocation.ended'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? messages(error.message) : t('common.failed'), {
        variant: 'error',
      });
    }
  };

  const columns: ResultsTableColumn<VehicleAllocation>[] = [
    {
      key: 'vehicle',
      header: t('fields.vehicle'),
      sortable: true,
      accessor: (a) => a.vehicle.registrationNumber,
    },
    { key: 'staff', header: t('fields.staff'), sortable: true, accessor: (a) => a.staff.name },
    { key: 'role', header: t('fields.role'), accessor: (a) => t(`roles.${a.staff.role}`) },
    { key: 'shift', header: t('fields.shift'), sortable: true, accessor: (a) => t(`shifts.${a.shift}`) },
    {
      key: 'source',
      header: t('fields.source'),
      accessor: (a) =>
        a.source === 'supervisor' ? (a.createdBy?.name ?? t('sources.supervisor')) : t('sources.driver-id'),
      render: (a) => (
        <Chip
          size="small"
          variant="outlined"
          label={
            a.source === 'supervisor'
              ? (a.createdBy?.name ?? t('sources.supervisor'))
              : t('sources.driver-id')
          }
        />
      ),
    },
    {
      key: 'startedAt',
      header: t('fields.start'),
      sortable: true,
      accessor: (a) => formatDateTime(a.startedAt),
    },
    { key: 'endedAt', header: t('fields.end'), accessor: (a) => formatDateTime(a.endedAt) },
    {
      key: 'endReason',
      header: t('fields.endReason'),
      accessor: (a) => (a.endReason ? t(`endReasons.${a.endReason}`) : a.endedAt ? '' : t('allocation.open')),
    },
  ];
  const rowActions: RowAction<VehicleAllocation>[] = [
    {
      id: 'end',
      label: t('allocation.end'),
      onSelect: (a) => void end(a),
      permission: { module: MODULE, action: 'end-vehicle-allocation' },
      visible: (a) => a.endedAt === null,
    },
  ];
  return (
    <ResultsTable<VehicleAllocation>
      title={t('allocation.title')}
      subtitle={t('allocation.subtitle', { day: formatIsoDate(day) })}
      columns={columns}
      query={(q) => listAllocations(q, { day })}
      queryKey={[...peopleKeys.allocations(), 'list', day]}
      getRowLabel={(a) => `${a.vehicle.registrationNumber} ${a.staff.name}`}
      rowActions={rowActions}
      can={can}
      emptyMessage={t('allocation.empty')}
      searchPlaceholder={t('allocation.search')}
      exportFileBase={`Vehicle allocation ${day}`}
      toolbarActions={
        canAdd ? (
          <Button
            component={RouterLink}
            to={`${ALLOCATION_PATH}/add?day=${day}`}
            variant="contained"
            startIcon={<AddIcon />}
          >
            {t('allocation.add')}
          </Button>
        ) : undefined
      }
    />
  );
}

function DriverChangesTab({ day }: { day: string }) {
  const { t } = useTranslation('people');
  const changes = useQuery({
    queryKey: peopleKeys.driverChanges(day, day),
    queryFn: ({ signal }) => listDriverChanges(day, day, signal),
  });
  const columns: ResultsTableColumn<DriverChange>[] = [
    { key: 'at', header: t('fields.at'), sortable: true, accessor: (c) => formatDateTime(c.at) },
    {
      key: 'vehicle',
      header: t('fields.vehicle'),
      sortable: true,
      accessor: (c) => c.vehicle.registrationNumber,
    },
    { key: 'from', header: t('fields.fromDriver'), sortable: true, accessor: (c) => c.fromDriver.name },
    { key: 'to', header: t('fields.toDriver'), sortable: true, accessor: (c) => c.toDriver.name },
    { key: 'source', header: t('fields.source'), accessor: (c) => t(`sources.${c.source}`) },
  ];
  return (
    <ResultsTable<DriverChange>
      title={t('allocation.changesTitle')}
      subtitle={t('allocation.subtitle', { day: formatIsoDate(day) })}
      columns={columns}
      rows={changes.data ?? []}
      isLoading={changes.isPending}
      error={changes.error}
      onRetry={() => void changes.refetch()}
      getRowId={(c) => `${c.vehicle.id}-${c.at}`}
      emptyMessage={t('allocation.noChanges')}
      exportFileBase={`Driver changes ${day}`}
    />
  );
}
