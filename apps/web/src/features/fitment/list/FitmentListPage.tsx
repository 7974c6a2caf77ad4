/**
 * /fitment (spec 02 §2 Fitment): the caller's fitments, server-paged, filtered by activation status and fitment date
 * (in the URL), with the permitted row actions: edit, approve / undo activation, download and view the certificate,
 * delete (while pending).
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import type { FitmentRow } from '@civicfleet/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '@/components/ConfirmDeleteDialog';
import { formatIsoDate, todayIsoDate } from '@/components/form';
import { PageHeader } from '@/components/PageHeader';
import { ResultsTable, type ResultsTableColumn, type RowAction } from '@/components/table';
import { useSession } from '@/session';
import { deleteFitment, fitmentKeys, listFitments } from '../api/fitments';
import { formatYearsDays } from '../duration';
import { certificatePagePath, certificatePdfHref, FITMENT_ADD_PATH, fitmentEditPath, MODULE } from '../paths';
import { ActivationDialog, type ActivationChange } from './ActivationDialogs';
import { FitmentFiltersBar, useFitmentFilters } from './FitmentFilters';

const permission = (action: string) => ({ module: MODULE, action });
const personName = (p: { firstName: string; lastName: string } | null) =>
  p ? `${p.firstName} ${p.lastName}`.trim() : '';

type ShownStatus = 'PENDING' | 'APPROVED' | 'EXPIRED';
const STATUS_COLOR = { PENDING: 'warning', APPROVED: 'success', EXPIRED: 'default' } as const;

/** An approved activation past its expiry day (Asia/Kolkata) reads Expired. */
function shownStatus(f: FitmentRow, today: string): ShownStatus {
  if (f.activationStatus === 'APPROVED' && f.expiresOn !== null && f.expiresOn < today) return 'EXPIRED';
  return f.activationStatus;
}

/** Opens the public PDF; the server names the file registrationNumber-VLTD_Certificate-{fitment date}.pdf. */
function openPdf(imei: string) {
  const link = document.createElement('a');
  link.href = certificatePdfHref(imei);
  link.target = '_blank';
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

export function FitmentListPage() {
  const { t } = useTranslation('fitment');
  const { can } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [filters] = useFitmentFilters();
  const [changing, setChanging] = useState<{ fitment: FitmentRow; change: ActivationChange } | null>(null);
  const [deleting, setDeleting] = useState<FitmentRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: fitmentKeys.all });
  const today = todayIsoDate();

  const columns: ResultsTableColumn<FitmentRow>[] = [
    {
      key: 'registrationNumber',
      header: t('fields.registrationNumber'),
      sortable: true,
      accessor: (f) => f.vehicle.registrationNumber,
    },
    { key: 'imei', header: t('fields.imei'), sortable: true, accessor: (f) => f.device.imei },
    { key: 'customer', header: t('list.customer'), accessor: (f) => personName(f.customer) },
    { key: 'fitter', header: t('list.fitter'), accessor: (f) => personName(f.fitter) || '-' },
    {
      key: 'fitmentDate',
      header: t('fields.fitmentDate'),
      sortable: true,
      accessor: (f) => formatIsoDate(f.fitmentDate),
    },
    {
      key: 'duration',
      header: t('list.duration'),
      accessor: (f) => formatYearsDays(f.durationInDays, t),
    },
    {
      key: 'activationStatus',
      header: t('list.status'),
      sortable: true,
      accessor: (f) => t(`statuses.${shownStatus(f, today)}`),
      render: (f) => {
        const status = shownStatus(f, today);
        return <Chip size="small" color={STATUS_COLOR[status]} label={t(`statuses.${status}`)} />;
      },
    },
    {
      key: 'expiresOn',
      header: t('list.expiresOn'),
      sortable: true,
      accessor: (f) => (f.expiresOn ? formatIsoDate(f.expiresOn) : '-'),
    },
  ];

  const rowActions: RowAction<FitmentRow>[] = [
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (f) => void navigate(fitmentEditPath(f.id)),
      permission: permission('edit-fitment-result-table'),
    },
    {
      id: 'approve',
      label: t('actions.approve'),
      onSelect: (fitment) => setChanging({ fitment, change: 'approve' }),
      visible: (f) => f.activationStatus === 'PENDING',
      permission: permission('change-status-result-table'),
    },
    {
      id: 'undo',
      label: t('actions.undo'),
      onSelect: (fitment) => setChanging({ fitment, change: 'undo' }),
      visible: (f) => f.activationStatus === 'APPROVED',
      permission: permission('change-status-result-table'),
    },
    {
      id: 'download-certificate',
      label: t('actions.downloadCertificate'),
      onSelect: (f) => openPdf(f.device.imei),
      permission: permission('view-certificate'),
    },
    {
      id: 'view-certificate',
      label: t('actions.viewCertificate'),
      onSelect: (f) => window.open(certificatePagePath(f.device.imei), '_blank', 'noopener'),
      permission: permission('view-certificate'),
    },
    {
      id: 'delete',
      label: t('actions.delete'),
      onSelect: setDeleting,
      visible: (f) => f.activationStatus === 'PENDING',
      isDestructive: true,
      permission: permission('delete-fitment-result-table'),
    },
  ];

  const exportFilters = [
    ...(filters.activationStatus
      ? [{ label: t('list.status'), value: t(`statuses.${filters.activationStatus}`) }]
      : []),
    ...(filters.fromDate ? [{ label: t('list.from'), value: formatIsoDate(filters.fromDate) }] : []),
    ...(filters.toDate ? [{ label: t('list.to'), value: formatIsoDate(filters.toDate) }] : []),
  ];

  return (
    <>
      <PageHeader
        title={t('list.title')}
        subtitle={t('list.subtitle')}
        actions={
          can(MODULE, 'add-fitment') ? (
            <Button component={RouterLink} to={FITMENT_ADD_PATH} variant="contained" startIcon={<AddIcon />}>
              {t('form.add')}
            </Button>
          ) : undefined
        }
      />
      <FitmentFiltersBar />
      <ResultsTable<FitmentRow>
        title={t('list.title')}
        columns={columns}
        query={(q) => listFitments({ ...q, ...filters })}
        queryKey={fitmentKeys.list(filters)}
        getRowLabel={(f) => f.vehicle.registrationNumber}
        rowActions={rowActions}
        can={can}
        emptyMessage={t('list.empty')}
        searchPlaceholder={t('list.search')}
        exportFileBase="Fitments"
        exportFilters={exportFilters}
        defaultSort={{ sortBy: 'fitmentDate', sortOrder: 'desc' }}
      />
      <ActivationDialog target={changing} onClose={() => setChanging(null)} onChanged={refresh} />
      <ConfirmDeleteDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        onDelete={() => (deleting ? deleteFitment(deleting.id) : Promise.resolve())}
        onDeleted={refresh}
      />
    </>
  );
}
