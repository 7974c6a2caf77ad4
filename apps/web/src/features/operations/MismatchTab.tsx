/** "Mismatch": expected vs GPS vs operator disposal trips per vehicle per day, for the range and vehicle filters. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { listMismatch, operationsKeys } from './api/operations';
import { MismatchTable } from './MismatchTable';
import { useParamWriter } from './operations-params';
import { useRangeFilters } from './use-range-filters';

export function MismatchTab() {
  const { t } = useTranslation('operations');
  const [params] = useSearchParams();
  const write = useParamWriter();
  const onlyProblems = params.get('problems') === '1';
  const { filters } = useRangeFilters();
  const mismatch = useQuery({
    queryKey: operationsKeys.mismatch(filters),
    queryFn: ({ signal }) => listMismatch(filters, signal),
  });
  const rows = (mismatch.data ?? []).filter((r) => !onlyProblems || r.status !== 'ok');
  const problems = (mismatch.data ?? []).filter((r) => r.status !== 'ok').length;
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          {t('mismatch.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={onlyProblems}
              onChange={(e) => write({ problems: e.target.checked ? '1' : null })}
            />
          }
          label={t('mismatch.onlyProblems', { count: problems })}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('mismatch.subtitle')}
      </Typography>
      {mismatch.isPending && <Skeleton variant="rounded" height={200} aria-label={t('common.loading')} />}
      {mismatch.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void mismatch.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('common.loadFailed')}
        </Alert>
      )}
      {mismatch.isSuccess && <MismatchTable rows={rows} />}
    </Stack>
  );
}
