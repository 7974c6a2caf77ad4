/**
 * Where is a device? (GET /erp/search/{term}?inFeature=…): an IMEI, ICCID, SIM number or registration number (3–40
 * characters) finds the device in stock, its fitment and its SIM activation orders, each in its own list.
 */
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INVENTORY_FEATURES, type InventoryFeature, type InventorySearchResult } from '@civicfleet/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '@/api/client';
import { formatIsoDate } from '@/components/form';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { STATUS_COLOR } from '../device-status';
import { inventoryKeys, searchInventory } from './api/inventory';

const MIN_TERM = 3;
const MAX_TERM = 40;

export function InventorySearchSection() {
  const { t } = useTranslation('device');
  const [term, setTerm] = useState('');
  const [inFeature, setInFeature] = useState<InventoryFeature | ''>('');
  const [submitted, setSubmitted] = useState<{ term: string; inFeature: InventoryFeature | '' } | null>(null);
  const [termError, setTermError] = useState<string | undefined>(undefined);

  const result = useQuery({
    queryKey: inventoryKeys.search(submitted?.term ?? '', submitted?.inFeature ?? ''),
    queryFn: () => searchInventory(submitted?.term ?? '', submitted?.inFeature ?? ''),
    enabled: submitted !== null,
  });

  const submit = () => {
    const trimmed = term.trim();
    if (trimmed.length < MIN_TERM) {
      setTermError(t('inventory.search.tooShort', { n: MIN_TERM }));
      return;
    }
    setTermError(undefined);
    setSubmitted({ term: trimmed, inFeature });
  };

  return (
    <>
      <Stack
        component="form"
        role="search"
        noValidate
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          size="small"
          label={t('inventory.search.term')}
          placeholder={t('inventory.search.placeholder')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          error={termError !== undefined}
          helperText={termError}
          slotProps={{ htmlInput: { maxLength: MAX_TERM } }}
          sx={{ minWidth: 280 }}
        />
        <TextField
          select
          size="small"
          label={t('inventory.search.inFeature')}
          value={inFeature}
          onChange={(e) => setInFeature(e.target.value as InventoryFeature | '')}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('inventory.search.everywhere')}</MenuItem>
          {INVENTORY_FEATURES.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`inventory.search.features.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          {t('inventory.search.submit')}
        </Button>
      </Stack>
      {submitted !== null && (
        <SearchOutcome
          isPending={result.isPending}
          error={result.error}
          onRetry={() => void result.refetch()}
          data={result.data}
          inFeature={submitted.inFeature}
        />
      )}
    </>
  );
}

interface SearchOutcomeProps {
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  data: InventorySearchResult | undefined;
  inFeature: InventoryFeature | '';
}

function SearchOutcome({ isPending, error, onRetry, data, inFeature }: SearchOutcomeProps) {
  const { t } = useTranslation('device');
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
        <CircularProgress size={28} aria-label={t('common.loading')} />
      </Box>
    );
  if (error || !data)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      >
        {error instanceof ApiError && error.hasServerMessage ? error.message : t('common.loadFailed')}
      </Alert>
    );
  if (data.stock.length + data.fitments.length + data.simOrders.length === 0)
    return (
      <Typography color="text.secondary" role="status">
        {t('inventory.search.none', { term: data.term })}
      </Typography>
    );
  const shows = (f: InventoryFeature) => inFeature === '' || inFeature === f;
  return (
    <Stack spacing={2}>
      {shows('stock') && (
        <HitTable
          title={t('inventory.search.features.stock')}
          headers={[
            t('fields.imei'),
            t('fields.status'),
            t('fields.organisation'),
            t('fields.model'),
            t('fields.vehicle'),
          ]}
          empty={t('inventory.search.noneHere')}
          rows={data.stock.map((h) => ({
            key: h.deviceId,
            cells: [
              <Link key="imei" component={RouterLink} to={paths.management.deviceDetails(h.imei)}>
                {h.imei}
              </Link>,
              <Chip
                key="status"
                size="small"
                color={STATUS_COLOR[h.status]}
                label={t(`statuses.${h.status}`)}
              />,
              h.organisation.tradeName,
              h.model ?? '',
              h.vehicle?.registrationNumber ?? '',
            ],
          }))}
        />
      )}
      {shows('fitment') && (
        <HitTable
          title={t('inventory.search.features.fitment')}
          headers={[
            t('fields.imei'),
            t('fields.vehicle'),
            t('inventory.vendor'),
            t('inventory.search.fitmentDate'),
            t('inventory.search.activation'),
            t('fields.expiresAt'),
          ]}
          empty={t('inventory.search.noneHere')}
          rows={data.fitments.map((h) => ({
            key: h.fitmentId,
            cells: [
              h.imei,
              h.registrationNumber,
              h.vendor.tradeName,
              formatIsoDate(h.fitmentDate.slice(0, 10)),
              t(`inventory.search.activationStatuses.${h.activationStatus}`),
              h.expiresOn ? formatIsoDate(h.expiresOn.slice(0, 10)) : '',
            ],
          }))}
        />
      )}
      {shows('sim') && (
        <HitTable
          title={t('inventory.search.features.sim')}
          headers={[
            t('fields.imei'),
            t('fields.status'),
            t('fields.organisation'),
            t('inventory.search.manufacturer'),
            t('inventory.search.raisedAt'),
          ]}
          empty={t('inventory.search.noneHere')}
          rows={data.simOrders.map((h) => ({
            key: h.orderId,
            cells: [
              h.imei,
              `${t(`inventory.search.simStatuses.${h.status}`)}${h.isSimActivated ? ` · ${t('inventory.search.simActive')}` : ''}`,
              h.organisation.tradeName,
              h.manufacturer?.tradeName ?? '',
              formatDateTime(h.createdAt),
            ],
          }))}
        />
      )}
    </Stack>
  );
}

interface HitTableProps {
  title: string;
  headers: string[];
  rows: { key: string; cells: ReactNode[] }[];
  empty: string;
}

function HitTable({ title, headers, rows, empty }: HitTableProps) {
  return (
    <Box component="section" aria-label={title}>
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 0.5 }}>
        {`${title} (${rows.length})`}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                {headers.map((h) => (
                  <TableCell key={h}>{h}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  {row.cells.map((cell, i) => (
                    <TableCell key={headers[i] ?? i}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
