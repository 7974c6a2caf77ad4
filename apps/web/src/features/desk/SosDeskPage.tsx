/**
 * /view-operations/sos-desk (module sos-desk): open SOS, tamper, box-opened, wire-cut and power-cut alerts first,
 * the selected alert's details, actions and timeline beside them; the alarm rings while any alert is new. Filters
 * and the selected alert live in the URL. Refreshed every 15 s, and at once when the live feed brings a desk alert.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ALERT_DESK_STATUS_FILTERS, type AlertDeskStatusFilter } from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/PageHeader';
import { useLiveFleet } from '@/realtime';
import { DESK_POLL_MS, deskKeys, listDeskAlerts } from './api/alert-desk';
import { AlarmControls } from './AlarmControls';
import { DeskAlertDetail } from './DeskAlertDetail';
import { DeskAlertList } from './DeskAlertList';
import { useDeskLiveRefresh } from './use-desk';

const PAGE_SIZE = 25;

const isStatusFilter = (value: string | null): value is AlertDeskStatusFilter =>
  (ALERT_DESK_STATUS_FILTERS as readonly (string | null)[]).includes(value);

export function SosDeskPage() {
  const { t } = useTranslation('desk');
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: AlertDeskStatusFilter = isStatusFilter(statusParam) ? statusParam : 'open';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const search = params.get('q') ?? '';
  const selectedId = params.get('alert');
  const [searchText, setSearchText] = useState(search);
  const live = useLiveFleet();
  useDeskLiveRefresh(live.alerts, live.deskChanges);

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes))
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (searchText.trim() !== search) update({ q: searchText.trim(), page: null });
    }, 300);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update only writes the URL
  }, [searchText, search]);

  const list = useQuery({
    queryKey: deskKeys.list(status, page, search),
    queryFn: () => listDeskAlerts({ status, page, pageSize: PAGE_SIZE, search: search || undefined }),
    refetchInterval: DESK_POLL_MS,
    placeholderData: keepPreviousData,
  });
  const newCount = list.data?.counts.new ?? 0;
  const pageCount = list.data ? Math.ceil(list.data.total / PAGE_SIZE) : 0;

  return (
    <Box>
      <PageHeader
        title={t('title')}
        subtitle={
          list.data
            ? t('subtitle', { new: list.data.counts.new, acknowledged: list.data.counts.acknowledged })
            : undefined
        }
        actions={<AlarmControls newCount={newCount} />}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' } }}>
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          <Tabs
            value={status}
            onChange={(_, value: AlertDeskStatusFilter) => update({ status: value, page: null, alert: null })}
            aria-label={t('filter.label')}
            variant="fullWidth"
          >
            {ALERT_DESK_STATUS_FILTERS.map((s) => (
              <Tab key={s} value={s} label={t(`filter.${s}`)} />
            ))}
          </Tabs>
          <Box sx={{ px: 2 }}>
            <TextField
              fullWidth
              size="small"
              margin="normal"
              type="search"
              label={t('filter.search')}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </Box>
          {list.isPending ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : list.isError ? (
            <Alert severity="error" sx={{ m: 2 }}>
              {t('loadFailed')}
            </Alert>
          ) : list.data.items.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {t(search ? 'empty.search' : `empty.${status}`)}
            </Typography>
          ) : (
            <DeskAlertList
              alerts={list.data.items}
              selectedId={selectedId}
              onSelect={(id) => update({ alert: id })}
            />
          )}
          {pageCount > 1 && (
            <Pagination
              count={pageCount}
              page={page}
              onChange={(_, p) => update({ page: String(p) })}
              sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}
            />
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }}>
          {selectedId ? (
            <DeskAlertDetail key={selectedId} alertId={selectedId} />
          ) : (
            <Typography color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
              {t('detail.choose')}
            </Typography>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
