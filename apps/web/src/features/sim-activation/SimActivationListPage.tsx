/**
 * /sim-activation-order (spec 01 §2.10; spec 02 §2 "Sim Activation Order", §4, §6): a filter panel (large screens; a
 * drawer behind a Filters button on small ones) and the results table. Filters live in the URL; the default status
 * is INITIATED. Edit and Change Status show only to SUPER_ADMIN or users of the order's manufacturer organisation who
 * hold the action, and never on COMPLETED or REJECTED rows (the server enforces the same).
 */
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { isSimOrderLocked, isSuperAdmin, type SimActivationOrder } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ResultsTable, type RowAction } from '@/components/table';
import { paths } from '@/lib/paths';
import { useSession } from '@/session';
import { activationPlansQuery, listSimOrders, simActivationKeys } from './api/sim-activation';
import { ChangeStatusDialog } from './ChangeStatusDialog';
import { useSimOrderColumns } from './sim-order-columns';
import { hasAnyFilter, toQueryFilters, useSimOrderFilters } from './sim-order-filters';
import { SimOrderFilterForm } from './SimOrderFilterForm';

const MODULE = 'sim-activation-order';
const FILTER_PANEL_WIDTH_PX = 260;

export function SimActivationListPage() {
  const { t } = useTranslation('simActivation');
  const { can, user } = useSession();
  const navigate = useNavigate();
  const theme = useTheme();
  const isLarge = useMediaQuery(theme.breakpoints.up('lg'));
  const [filters, applyFilters] = useSimOrderFilters();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [changing, setChanging] = useState<SimActivationOrder | null>(null);
  const plans = useQuery(activationPlansQuery);
  const columns = useSimOrderColumns(plans.data ?? []);

  const query = toQueryFilters(filters);
  const isFiltered = hasAnyFilter(filters);
  /** SUPER_ADMIN, or the order's manufacturer organisation; never a locked row. */
  const canManage = (o: SimActivationOrder) =>
    !isSimOrderLocked(o.status) &&
    (isSuperAdmin(user?.role.name) ||
      (o.manufacturer !== null && o.manufacturer.id === user?.organisation.id));

  const rowActions: RowAction<SimActivationOrder>[] = [
    {
      id: 'edit',
      label: t('actions.edit'),
      onSelect: (o) => void navigate(paths.simActivation.edit(o.id)),
      visible: canManage,
      permission: { module: MODULE, action: 'edit-sim-activation-order-result-table' },
    },
    {
      id: 'change-status',
      label: t('actions.changeStatus'),
      onSelect: setChanging,
      visible: canManage,
      permission: { module: MODULE, action: 'change-status-result-table' },
    },
  ];

  const filterForm = (
    <SimOrderFilterForm
      // A new key re-seeds the form's draft when the URL changes (back/forward, the drawer's twin).
      key={JSON.stringify(query)}
      applied={filters}
      onApply={(next) => {
        applyFilters(next);
        setIsDrawerOpen(false);
      }}
    />
  );

  const toolbar = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {!isLarge && (
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setIsDrawerOpen(true)}>
          {t('filters.open')}
        </Button>
      )}
      {can(MODULE, 'raise-sim-activation') && (
        <Button
          component={RouterLink}
          to={paths.simActivation.add}
          variant="contained"
          startIcon={<AddIcon />}
        >
          {t('actions.raise')}
        </Button>
      )}
    </Stack>
  );

  const common = {
    title: t('list.title'),
    subtitle: t('list.subtitle'),
    columns,
    getRowLabel: (o: SimActivationOrder) => o.imei,
    rowActions,
    can,
    searchPlaceholder: t('list.search'),
    exportFileBase: 'SIM_Activation_Orders',
    exportFilters: [
      ...(query.simStatus ? [{ label: t('fields.status'), value: t(`statuses.${query.simStatus}`) }] : []),
      ...(filters.organisation
        ? [{ label: t('fields.organisation'), value: filters.organisation.label }]
        : []),
      ...(query.imei ? [{ label: t('fields.imei'), value: query.imei }] : []),
    ],
    toolbarActions: toolbar,
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      {isLarge && (
        <Paper variant="outlined" sx={{ p: 2, width: FILTER_PANEL_WIDTH_PX, flexShrink: 0 }}>
          {filterForm}
        </Paper>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {isFiltered ? (
          <ResultsTable<SimActivationOrder>
            {...common}
            query={(q) => listSimOrders({ ...q, ...query })}
            queryKey={simActivationKeys.list(query)}
            emptyMessage={t('list.emptyFiltered')}
          />
        ) : (
          // Nothing is fetched until a filter is applied (spec 02 §2 empty states).
          <ResultsTable<SimActivationOrder> {...common} rows={[]} emptyMessage={t('list.emptyUnfiltered')} />
        )}
      </Box>
      {!isLarge && (
        <Drawer anchor="right" open={isDrawerOpen} onClose={() => setIsDrawerOpen(false)}>
          <Box sx={{ p: 2, width: FILTER_PANEL_WIDTH_PX }}>{filterForm}</Box>
        </Drawer>
      )}
      {changing && <ChangeStatusDialog order={changing} onClose={() => setChanging(null)} />}
    </Box>
  );
}
