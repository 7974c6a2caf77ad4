/**
 * /management/device-details/:searchTerm and /device-details/:searchTerm (spec 02 §2 "Device details"): a device by
 * IMEI, ICCID or id with its identity, health, linked vehicle and its newest 50 raw packets, decoded.
 */
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { RawLog } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '@/api/client';
import { PageHeader } from '@/components/PageHeader';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/session';
import { DecodedJson } from '@/components/DecodedJson';
import { HealthCard, IdentityCard } from './DetailCards';
import { deviceKeys, getDeviceDetails } from './api/devices';

function usePacketColumns(): ResultsTableColumn<RawLog>[] {
  const { t } = useTranslation('device');
  return [
    {
      key: 'receivedAt',
      header: t('packets.receivedAt'),
      sortable: true,
      accessor: (r) => new Date(r.receivedAt),
      render: (r) => formatDateTime(r.receivedAt),
      width: 150,
    },
    { key: 'length', header: t('packets.length'), align: 'right', width: 70 },
    {
      key: 'text',
      header: t('packets.bytes'),
      render: (r) => (
        <Box sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', maxWidth: 360 }}>
          {r.protocol === 'ais140' ? r.text : r.hex}
        </Box>
      ),
      accessor: (r) => (r.protocol === 'ais140' ? r.text : r.hex),
    },
    {
      key: 'decoded',
      header: t('packets.decoded'),
      accessor: (r) => (r.decoded ? JSON.stringify(r.decoded) : ''),
      render: (r) => <DecodedJson decoded={r.decoded} />,
    },
    {
      key: 'decodeError',
      header: t('packets.problem'),
      accessor: (r) => r.decodeError ?? (r.checksumOk === false ? t('packets.badChecksum') : ''),
    },
  ];
}

export function DeviceDetailsPage() {
  const { t } = useTranslation('device');
  const { searchTerm = '' } = useParams();
  const { can } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [term, setTerm] = useState(searchTerm);
  const details = useQuery({
    queryKey: deviceKeys.details(searchTerm),
    queryFn: () => getDeviceDetails(searchTerm),
    enabled: searchTerm !== '',
  });
  const columns = usePacketColumns();
  const base = pathname.startsWith('/management/') ? '/management/device-details' : '/device-details';
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (term.trim()) void navigate(`${base}/${encodeURIComponent(term.trim())}`);
  };

  return (
    <>
      <PageHeader
        title={t('details.title')}
        subtitle={t('details.subtitle')}
        actions={
          <Box component="form" onSubmit={search} role="search">
            <TextField
              size="small"
              value={term}
              onChange={(e) => setTerm(e.target.value)}
              label={t('details.search')}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Button type="submit" size="small" startIcon={<SearchIcon />}>
                        {t('details.go')}
                      </Button>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Box>
        }
      />
      {details.isPending && searchTerm !== '' && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      )}
      {details.isError && (
        <Alert
          severity={details.error instanceof ApiError && details.error.status === 404 ? 'info' : 'error'}
          action={
            <Button color="inherit" size="small" onClick={() => void details.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {details.error instanceof ApiError && details.error.status === 404
            ? t('details.notFound', { term: searchTerm })
            : t('common.loadFailed')}
        </Alert>
      )}
      {details.data && (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <IdentityCard
                details={details.data}
                actions={
                  can('device', 'edit-device-result-table') ? (
                    <Button
                      size="small"
                      onClick={() => void navigate(`/management/device/edit/${details.data.device.id}`)}
                    >
                      {t('common.edit')}
                    </Button>
                  ) : undefined
                }
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <HealthCard details={details.data} />
            </Grid>
          </Grid>
          <ResultsTable<RawLog>
            title={t('packets.title')}
            subtitle={t('packets.subtitle')}
            columns={columns}
            rows={details.data.rawPackets}
            emptyMessage={t('packets.empty')}
            defaultSort={{ sortBy: 'receivedAt', sortOrder: 'desc' }}
            exportFileBase={`Raw_Packets_${details.data.device.imei}`}
          />
        </>
      )}
    </>
  );
}
