/**
 * Read-only RTO reference data (GET /v1/rto/states, GET /v1/rto?state=…): pick a state, see its RTOs and the
 * `rtoCode` a vehicle carries (`MP_09`). SUPER_ADMIN also gets the CSV import (POST /v1/rto/import).
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INDIAN_STATE_CODES, isSuperAdmin } from '@civicfleet/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResultsTable, type ResultsTableColumn } from '@/components/table';
import { useSession } from '@/session';
import { RtoImportDialog } from './RtoImportDialog';
import { listRtos, listStates, rtoKeys } from './api/debug';

interface RtoRow {
  id: string;
  code: string;
  name: string;
  rtoCode: string;
}

const DEFAULT_STATE = 'MP';

export function RtoPanel() {
  const { t } = useTranslation('catalogue');
  const { user } = useSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const requested = params.get('state')?.toUpperCase();
  const state = INDIAN_STATE_CODES.find((c) => c === requested) ?? DEFAULT_STATE;
  const states = useQuery({ queryKey: rtoKeys.states(), queryFn: listStates, staleTime: Infinity });
  const rtos = useQuery({ queryKey: rtoKeys.list(state), queryFn: () => listRtos(state) });
  const rows: RtoRow[] = Object.entries(rtos.data?.[state]?.no ?? {})
    .map(([code, name]) => ({ id: `${state}_${code}`, code, name, rtoCode: `${state}_${code}` }))
    .sort((a, b) => a.code.localeCompare(b.code));
  const stateName = states.data?.find((s) => s.code === state)?.name ?? state;

  const columns: ResultsTableColumn<RtoRow>[] = [
    { key: 'code', header: t('rto.code'), sortable: true, width: 100 },
    { key: 'name', header: t('rto.name'), sortable: true },
    { key: 'rtoCode', header: t('rto.rtoCode'), sortable: true, width: 140 },
  ];

  return (
    <>
      {states.isError && <Alert severity="error">{t('common.loadFailed')}</Alert>}
      <ResultsTable<RtoRow>
        title={t('rto.title')}
        subtitle={t('rto.subtitle')}
        columns={columns}
        rows={rows}
        isLoading={rtos.isPending}
        error={rtos.error}
        onRetry={() => void rtos.refetch()}
        getRowLabel={(r) => r.rtoCode}
        emptyMessage={t('rto.empty', { state: stateName })}
        searchPlaceholder={t('rto.search')}
        exportFileBase={`RTOs ${state}`}
        exportFilters={[{ label: t('rto.state'), value: stateName }]}
        toolbarActions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('rto.state')}
              value={states.data ? state : ''}
              onChange={(e) =>
                setParams((p) => {
                  p.set('state', e.target.value);
                  return p;
                })
              }
              sx={{ minWidth: 220 }}
            >
              {(states.data ?? []).map((s) => (
                <MenuItem key={s.code} value={s.code}>
                  {`${s.name} (${s.code})`}
                </MenuItem>
              ))}
            </TextField>
            {isSuperAdmin(user?.role.name) && (
              <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setIsImportOpen(true)}>
                {t('rto.import.open')}
              </Button>
            )}
          </Stack>
        }
      />
      <RtoImportDialog
        open={isImportOpen}
        onClose={() => setIsImportOpen(false)}
        onDone={() => void queryClient.invalidateQueries({ queryKey: rtoKeys.all })}
      />
    </>
  );
}
