/**
 * The scorecard table: one row per ward or contractor and a totals row. Coverage = route checkpoints met in their
 * windows; trips = disposal trips GPS saw against those the jobs expect; SLA compliance over the last 61 job runs
 * (a share with a small bar); complaints raised / resolved / median hours to resolve / overdue; tampering events.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { SLA_DEFAULT_WINDOW, type ScorecardRow } from '@civicfleet/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatHours, formatPct, formatShare } from './format';
import { complaintsHref, jobRunsHref, tripsHref, type ScorecardLinkContext } from './scorecard-links';

function NumberLink({ to, label, children }: { to: string | null; label: string; children: ReactNode }) {
  if (to === null) return <>{children}</>;
  return (
    <Link component={RouterLink} to={to} title={label} underline="hover">
      {children}
    </Link>
  );
}

function SlaCell({ row }: { row: ScorecardRow }) {
  const { t } = useTranslation('operations');
  if (row.slaCompliance === null) return <>{t('scorecard.noSamples')}</>;
  const pct = row.slaCompliance * 100;
  return (
    <Tooltip title={t('scorecard.slaSamples', { count: row.slaSamples, window: SLA_DEFAULT_WINDOW })}>
      <Box tabIndex={0} sx={{ minWidth: 96 }}>
        <Typography variant="body2">{formatShare(row.slaCompliance)}</Typography>
        <LinearProgress
          variant="determinate"
          value={pct}
          color={pct >= 90 ? 'success' : pct >= 60 ? 'warning' : 'error'}
          sx={{ height: 6, borderRadius: 3 }}
          aria-hidden
        />
      </Box>
    </Tooltip>
  );
}

export function ScorecardTable({
  rows,
  totals,
  ctx,
}: {
  rows: ScorecardRow[];
  totals: ScorecardRow;
  ctx: ScorecardLinkContext;
}) {
  const { t } = useTranslation('operations');
  const headers = [
    { id: 'name', label: t(`scorecard.groupBy.${ctx.groupBy}`) },
    { id: 'vehicles', label: t('scorecard.vehicles'), isNumber: true },
    { id: 'coverage', label: t('scorecard.coverage'), isNumber: true },
    { id: 'trips', label: t('scorecard.trips'), isNumber: true },
    { id: 'sla', label: t('scorecard.sla', { window: SLA_DEFAULT_WINDOW }) },
    { id: 'raised', label: t('scorecard.raised'), isNumber: true },
    { id: 'resolved', label: t('scorecard.resolved'), isNumber: true },
    { id: 'median', label: t('scorecard.medianH'), isNumber: true },
    { id: 'overdue', label: t('scorecard.overdue'), isNumber: true },
    { id: 'tampering', label: t('scorecard.tampering'), isNumber: true },
  ];
  const renderRow = (row: ScorecardRow, isTotal: boolean) => {
    const linkRow = isTotal ? null : row;
    const name = isTotal ? t('scorecard.total') : row.key === null ? t('scorecard.unassigned') : row.label;
    const cellSx = isTotal ? { fontWeight: 700, borderTop: 2, borderTopColor: 'divider' } : undefined;
    return (
      <TableRow key={isTotal ? 'total' : (row.key ?? 'unassigned')} hover={!isTotal}>
        <TableCell component="th" scope="row" sx={{ fontWeight: 600, ...cellSx }}>
          {name}
        </TableCell>
        <TableCell align="right" sx={cellSx}>
          {row.vehicles}
        </TableCell>
        <TableCell align="right" sx={cellSx}>
          <NumberLink to={jobRunsHref(ctx)} label={t('scorecard.coverageOf', { name })}>
            {row.coveragePct === null ? '-' : formatPct(row.coveragePct)}
          </NumberLink>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: 'nowrap' }}>
            {t('scorecard.checkpoints', { met: row.checkpointsMet, total: row.checkpointsTotal })}
          </Typography>
        </TableCell>
        <TableCell
          align="right"
          sx={{ ...cellSx, ...(row.gpsTrips < row.expectedTrips ? { color: 'warning.main' } : {}) }}
        >
          <NumberLink to={tripsHref(ctx)} label={t('scorecard.tripsOf', { name })}>
            {t('scorecard.ofTotal', { met: row.gpsTrips, total: row.expectedTrips })}
          </NumberLink>
        </TableCell>
        <TableCell sx={cellSx}>
          <SlaCell row={row} />
        </TableCell>
        <TableCell align="right" sx={cellSx}>
          <NumberLink to={complaintsHref(linkRow, ctx)} label={t('scorecard.raisedOf', { name })}>
            {row.complaintsRaised}
          </NumberLink>
        </TableCell>
        <TableCell align="right" sx={cellSx}>
          <NumberLink
            to={complaintsHref(linkRow, ctx, { status: 'resolved' })}
            label={t('scorecard.resolvedOf', { name })}
          >
            {row.complaintsResolved}
          </NumberLink>
        </TableCell>
        <TableCell align="right" sx={cellSx}>
          {row.resolutionMedianH === null ? '-' : formatHours(row.resolutionMedianH)}
        </TableCell>
        <TableCell
          align="right"
          sx={{ ...cellSx, ...(row.complaintsOverdue > 0 ? { color: 'error.main', fontWeight: 700 } : {}) }}
        >
          <NumberLink
            to={complaintsHref(linkRow, ctx, { overdue: 'true' })}
            label={t('scorecard.overdueOf', { name })}
          >
            {row.complaintsOverdue}
          </NumberLink>
        </TableCell>
        <TableCell
          align="right"
          sx={{ ...cellSx, ...(row.tamperingEvents > 0 ? { color: 'error.main', fontWeight: 700 } : {}) }}
        >
          {row.tamperingEvents}
        </TableCell>
      </TableRow>
    );
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        size="small"
        sx={{ '& td, & th': { px: 1 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } }}
        aria-label={t('scorecard.tableLabel', { groupBy: t(`scorecard.groupBy.${ctx.groupBy}`) })}
      >
        <TableHead>
          <TableRow>
            {headers.map((h) => (
              <TableCell key={h.id} align={h.isNumber ? 'right' : 'left'} sx={{ fontWeight: 600 }}>
                {h.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell
                colSpan={headers.length}
                sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
              >
                {t('scorecard.empty')}
              </TableCell>
            </TableRow>
          ) : (
            rows.map((row) => renderRow(row, false))
          )}
          {rows.length > 0 && renderRow(totals, true)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
