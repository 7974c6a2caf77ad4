/**
 * /vehicle-status (spec 01 §2.3, §2.7): every vehicle the caller may see with its live status, since when, speed,
 * ignition, main power, battery, GSM, last update, place name, group and ward. Counters over the whole scope filter
 * the table (?status= in the URL); rows are server-paged (GET /vehicle/statuses) and the live feed updates the
 * visible cells in place; row actions are filtered by the vehicle-status permissions.
 */
import { VEHICLE_LIVE_STATUSES, type VehicleLiveStatus, type VehicleStatusRow } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { FeatureSlot } from '@/components/slots/feature-slots';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { getVehicleStatusCounts, listVehicleStatusPage, vehicleStatusKeys } from './api/vehicle-statuses';
import { rowTargets } from './row-actions';
import {
  AgoCell,
  BatteryCell,
  GsmCell,
  MainPowerCell,
  NoWrap,
  OnOffCell,
  PlaceCell,
  StatusChip,
} from './StatusCells';
import { StatusCounters } from './StatusCounters';
import { statusView } from './status-view';
import { useLiveStatuses } from './use-live-statuses';

const MODULE = 'vehicle-status';
const permission = (action: string) => ({ module: MODULE, action });
const COUNTS_STALE_MS = 20_000;

const parseStatus = (value: string | null): VehicleLiveStatus | undefined =>
  VEHICLE_LIVE_STATUSES.find((s) => s === value);

export function VehicleStatusPage() {
  const { t } = useTranslation('vehicleStatus');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const status = parseStatus(params.get('status'));
  const [assigning, setAssigning] = useState<VehicleStatusRow | null>(null);
  const live = useLiveStatuses(
    () => void queryClient.invalidateQueries({ queryKey: vehicleStatusKeys.counts() }),
  );

  const counts = useQuery({
    queryKey: vehicleStatusKeys.counts(),
    queryFn: getVehicleStatusCounts,
    staleTime: COUNTS_STALE_MS,
    refetchInterval: 60_000,
  });
  const query = useCallback(
    (q: Parameters<typeof listVehicleStatusPage>[0]) =>
      listVehicleStatusPage(q, status, (c) => queryClient.setQueryData(vehicleStatusKeys.counts(), c)),
    [status, queryClient],
  );

  const selectStatus = (next: VehicleLiveStatus | undefined) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('status', next);
        else copy.delete('status');
        return copy;
      },
      { replace: true },
    );

  const speedText = (speed: number | null) =>
    speed === null ? '' : t('values.kph', { value: Math.round(speed) });
  const view = (row: VehicleStatusRow) => statusView(row, live.get(row.vehicleId));
  const yesNo = { on: t('values.on'), off: t('values.off') };
  const columns: ResultsTableColumn<VehicleStatusRow>[] = [
    { key: 'registrationNumber', header: t('columns.vehicle') },
    {
      key: 'status',
      header: t('columns.status'),
      accessor: (r) => t(`statuses.${view(r).status}`),
      render: (r) => <StatusChip status={view(r).status} />,
    },
    {
      key: 'since',
      header: t('columns.since'),
      accessor: (r) => formatDateTime(view(r).statusSince),
      render: (r) => <AgoCell at={view(r).statusSince} />,
    },
    {
      key: 'speed',
      header: t('columns.speed'),
      align: 'right',
      accessor: (r) => speedText(view(r).speedKph),
      render: (r) => <NoWrap text={speedText(view(r).speedKph)} />,
    },
    {
      key: 'location',
      header: t('columns.location'),
      accessor: (r) => {
        const v = view(r);
        return v.lat === null || v.lon === null ? '' : `${v.lat.toFixed(5)}, ${v.lon.toFixed(5)}`;
      },
      render: (r) => <PlaceCell lat={view(r).lat} lon={view(r).lon} />,
    },
    {
      key: 'lastUpdate',
      header: t('columns.lastUpdate'),
      accessor: (r) => formatDateTime(view(r).lastUpdateAt),
      render: (r) => <AgoCell at={view(r).lastUpdateAt} />,
    },
    {
      key: 'ignition',
      header: t('columns.ignition'),
      accessor: (r) => onOffText(view(r).ignition, yesNo),
      render: (r) => <OnOffCell value={view(r).ignition} {...yesNo} />,
    },
    {
      key: 'mainPower',
      header: t('columns.mainPower'),
      accessor: (r) =>
        onOffText(view(r).mainPower, {
          on: t('values.connected'),
          off: t('values.disconnected'),
        }),
      render: (r) => <MainPowerCell value={view(r).mainPower} />,
    },
    {
      key: 'battery',
      header: t('columns.battery'),
      accessor: (r) => {
        const volts = view(r).batteryVoltageV;
        return volts === null ? '' : t('values.volts', { value: volts.toFixed(1) });
      },
      render: (r) => <BatteryCell volts={view(r).batteryVoltageV} />,
    },
    {
      key: 'gsm',
      header: t('columns.gsm'),
      accessor: (r) => view(r).gsmSignal ?? '',
      render: (r) => <GsmCell signal={view(r).gsmSignal} />,
    },
    {
      key: 'group',
      header: t('columns.group'),
      accessor: (r) => r.groupName ?? '',
      render: (r) => <NoWrap text={r.groupName} />,
    },
    {
      key: 'ward',
      header: t('columns.ward'),
      accessor: (r) => r.wardName ?? '',
      render: (r) => <NoWrap text={r.wardName} />,
    },
  ];

  const go = (to: (row: VehicleStatusRow) => string) => (row: VehicleStatusRow) => void navigate(to(row));
  const rowActions: RowAction<VehicleStatusRow>[] = [
    {
      id: 'live',
      label: t('actions.liveTracking'),
      onSelect: go(rowTargets.liveTracking),
      permission: permission('see-live-tracking'),
      visible: () => can('live-tracking'),
    },
    {
      id: 'playback',
      label: t('actions.playback'),
      onSelect: go(rowTargets.playback),
      permission: permission('see-route-playback'),
      visible: () => can('route-playback'),
    },
    {
      id: 'geofence',
      label: t('actions.assignGeofence'),
      onSelect: setAssigning,
      permission: permission('assign-geofence'),
    },
    {
      id: 'report',
      label: t('actions.viewReport'),
      onSelect: go(rowTargets.dutyReport),
      permission: permission('view-report'),
      visible: (r) => r.groupId !== null && r.groupId !== undefined && can('report-duty-report'),
    },
    {
      id: 'generate-certificate',
      label: t('actions.generateCertificate'),
      onSelect: go(rowTargets.generateCertificate),
      permission: permission('generate-certificate'),
    },
    {
      id: 'edit-certificate',
      label: t('actions.editCertificate'),
      onSelect: go(rowTargets.editCertificate),
      permission: permission('edit-certificate'),
      visible: (r) => r.imei !== null,
    },
    {
      id: 'view-certificate',
      label: t('actions.viewCertificate'),
      onSelect: go(rowTargets.viewCertificate),
      permission: permission('view-certificate'),
      visible: (r) => r.imei !== null,
    },
  ];

  return (
    <>
      <StatusCounters counts={counts.data} selected={status} onSelect={selectStatus} />
      <ResultsTable<VehicleStatusRow>
        // A new filter starts again at page 1.
        key={status ?? 'all'}
        title={t('title')}
        subtitle={t('subtitle')}
        columns={columns}
        query={query}
        queryKey={vehicleStatusKeys.list(status)}
        getRowId={(r) => r.vehicleId}
        getRowLabel={(r) => r.registrationNumber}
        rowActions={rowActions}
        can={can}
        emptyMessage={status ? t('emptyFiltered') : t('empty')}
        searchPlaceholder={t('search')}
        exportFileBase="Vehicle Status"
        exportFilters={[
          { label: t('columns.status'), value: status ? t(`statuses.${status}`) : t('counters.allLabel') },
        ]}
      />
      <FeatureSlot
        name="AssignGeofencesDialog"
        vehicle={assigning && { id: assigning.vehicleId, registrationNumber: assigning.registrationNumber }}
        onClose={() => setAssigning(null)}
      />
    </>
  );
}

function onOffText(value: boolean | null, labels: { on: string; off: string }): string {
  if (value === null) return '';
  return value ? labels.on : labels.off;
}
