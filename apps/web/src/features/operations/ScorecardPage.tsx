/**
 * /swm/scorecard: the ward and contractor scorecard (issue 7; contractor payment tied to route adherence) for a period
 * (?from=&to=, local days; default this month so far) grouped by ward or contractor (?groupBy=), with "Download PDF"
 * (GET /v1/operations/scorecard.pdf, same filters). Numbers link to the lists behind them.
 */
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { OPERATIONS_MAX_RANGE_DAYS, SCORECARD_GROUP_BYS, type ScorecardGroupBy } from '@civicfleet/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DatePickerField, todayIsoDate } from '@/components/form';
import { PageHeader } from '@/components/PageHeader';
import { dayjs, APP_TIME_ZONE, formatDateTime } from '@/lib/format';
import { getScorecard, operationsKeys, SCORECARD_PDF_PATH, type ScorecardFilters } from './api/operations';
import { downloadServerFile } from './download';
import { readDay, useParamWriter } from './operations-params';
import { rangeDays } from './RangeFilters';
import { ScorecardTable } from './ScorecardTable';

const PRESETS = ['thisMonth', 'lastMonth', 'last7Days', 'last30Days'] as const;
type Preset = (typeof PRESETS)[number];
const ISO = 'YYYY-MM-DD';

function presetRange(preset: Preset, nowMs = Date.now()): { from: string; to: string } {
  const today = dayjs(nowMs).tz(APP_TIME_ZONE).startOf('day');
  switch (preset) {
    case 'thisMonth':
      return { from: today.startOf('month').format(ISO), to: today.format(ISO) };
    case 'lastMonth': {
      const last = today.startOf('month').subtract(1, 'day');
      return { from: last.startOf('month').format(ISO), to: last.format(ISO) };
    }
    case 'last7Days':
      return { from: today.subtract(6, 'day').format(ISO), to: today.format(ISO) };
    case 'last30Days':
      return { from: today.subtract(29, 'day').format(ISO), to: today.format(ISO) };
  }
}

const isGroupBy = (value: string | null): value is ScorecardGroupBy =>
  (SCORECARD_GROUP_BYS as readonly (string | null)[]).includes(value);
const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function ScorecardPage() {
  const { t } = useTranslation('operations');
  const { enqueueSnackbar } = useSnackbar();
  const [params] = useSearchParams();
  const write = useParamWriter();
  const [isDownloading, setIsDownloading] = useState(false);
  const month = presetRange('thisMonth');
  const from = readDay(params, 'from', month.from);
  const to = readDay(params, 'to', todayIsoDate());
  const groupByParam = params.get('groupBy');
  const groupBy: ScorecardGroupBy = isGroupBy(groupByParam) ? groupByParam : 'ward';
  const filters: ScorecardFilters = { from, to, groupBy };
  const days = rangeDays(from, to);
  const problem =
    days <= 0
      ? t('filters.order')
      : days > OPERATIONS_MAX_RANGE_DAYS
        ? t('filters.tooLong', { days: OPERATIONS_MAX_RANGE_DAYS })
        : null;

  const scorecard = useQuery({
    queryKey: operationsKeys.scorecard(filters),
    queryFn: ({ signal }) => getScorecard(filters, signal),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const rows = scorecard.data ? (groupBy === 'ward' ? scorecard.data.wards : scorecard.data.contractors) : [];

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadServerFile(SCORECARD_PDF_PATH, { ...filters }, `Scorecard_${groupBy}_${from}_${to}.pdf`);
    } catch (error) {
      console.error('The scorecard PDF failed', error);
      enqueueSnackbar(t('scorecard.pdfFailed'), { variant: 'error' });
    } finally {
      setIsDownloading(false);
    }
  };

  const setDay = (key: 'from' | 'to', value: string | null) => {
    if (isDay(value)) write({ [key]: value });
  };

  return (
    <Box>
      <PageHeader
        title={t('scorecard.title')}
        subtitle={t('scorecard.subtitle')}
        actions={
          <Button
            variant="contained"
            startIcon={isDownloading ? <CircularProgress size={16} color="inherit" /> : <PictureAsPdfIcon />}
            disabled={isDownloading || problem !== null}
            onClick={() => void download()}
          >
            {t('scorecard.downloadPdf')}
          </Button>
        }
      />
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        role="group"
        aria-label={t('filters.label')}
        sx={{ alignItems: { md: 'center' }, flexWrap: 'wrap', mb: 2 }}
      >
        <Box sx={{ width: { xs: '100%', md: 210 } }}>
          <DatePickerField label={t('filters.from')} value={from} onChange={(v) => setDay('from', v)} />
        </Box>
        <Box sx={{ width: { xs: '100%', md: 210 } }}>
          <DatePickerField label={t('filters.to')} value={to} onChange={(v) => setDay('to', v)} />
        </Box>
        <ButtonGroup size="small" aria-label={t('scorecard.presets')}>
          {PRESETS.map((p) => (
            <Button key={p} onClick={() => write(presetRange(p))}>
              {t(`scorecard.preset.${p}`)}
            </Button>
          ))}
        </ButtonGroup>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={groupBy}
          onChange={(_, next: ScorecardGroupBy | null) => {
            if (next) write({ groupBy: next });
          }}
          aria-label={t('scorecard.groupByLabel')}
        >
          {SCORECARD_GROUP_BYS.map((g) => (
            <ToggleButton key={g} value={g}>
              {t(`scorecard.groupBy.${g}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {problem && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {problem === null && scorecard.isPending && (
        <Skeleton variant="rounded" height={240} aria-label={t('common.loading')} />
      )}
      {scorecard.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void scorecard.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('common.loadFailed')}
        </Alert>
      )}
      {scorecard.data && problem === null && (
        <Box sx={{ opacity: scorecard.isPlaceholderData ? 0.6 : 1 }}>
          <ScorecardTable rows={rows} totals={scorecard.data.totals} ctx={filters} />
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {t('scorecard.generatedAt', { time: formatDateTime(scorecard.data.generatedAt) })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
