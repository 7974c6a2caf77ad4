/**
 * One job run in the vehicle-jobs table, with its checkpoint list behind an expand button (reached at, or missed),
 * and a link to the route playback of that vehicle over the run's window.
 */
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import RouteIcon from '@mui/icons-material/Route';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { JobRun } from '@civicfleet/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/lib/paths';
import { toAppTime } from '@/lib/format';
import { formatShare } from './format';
import { JobRunStatusChip } from './JobRunStatusChip';

const clock = (iso: string | null) => toAppTime(iso)?.format('HH:mm') ?? '';
const offsetIso = (iso: string) => toAppTime(iso)?.format('YYYY-MM-DDTHH:mm:ssZ') ?? '';

export function playbackHref(run: JobRun): string {
  const query = new URLSearchParams({
    vehicleId: run.vehicle.id,
    from: offsetIso(run.windowStart),
    to: offsetIso(run.windowEnd),
  });
  return `${paths.routePlayback}?${query.toString()}`;
}

export const JOB_RUN_COLUMNS = 9;

export function JobRunRow({ run, canPlayback }: { run: JobRun; canPlayback: boolean }) {
  const { t } = useTranslation('operations');
  const [isOpen, setIsOpen] = useState(false);
  const detailsId = `job-run-${run.jobId}-${run.day}`;
  const hasCheckpoints = run.checkpoints.length > 0;
  const window = t('jobRuns.window', { from: clock(run.windowStart), to: clock(run.windowEnd) });
  // Short of trips only matters once the run is over.
  const tripsShort =
    run.gpsTrips < run.expectedTrips && (run.status === 'finished' || run.status === 'missed');
  return (
    <>
      <TableRow hover sx={{ '& > td': { borderBottom: isOpen ? 0 : undefined } }}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            disabled={!hasCheckpoints}
            aria-expanded={isOpen}
            aria-controls={detailsId}
            aria-label={t('jobRuns.checkpointsOf', { job: run.jobName })}
            onClick={() => setIsOpen((v) => !v)}
          >
            {isOpen ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ minWidth: 150, maxWidth: 200 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={run.jobName}>
            {run.jobName}
          </Typography>
          {run.route && (
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              component="div"
              title={run.route.name}
            >
              {run.route.name}
            </Typography>
          )}
        </TableCell>
        <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{run.vehicle.registrationNumber}</TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{window}</TableCell>
        <TableCell>
          <JobRunStatusChip status={run.status} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          {run.startedAt || run.finishedAt
            ? t('jobRuns.startedFinished', {
                started: clock(run.startedAt) || '-',
                finished: clock(run.finishedAt) || '-',
              })
            : '-'}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {t('jobRuns.ofTotal', { met: run.checkpointsMet, total: run.checkpointsTotal })}
        </TableCell>
        <TableCell
          align="right"
          sx={{ whiteSpace: 'nowrap', ...(tripsShort ? { color: 'warning.main', fontWeight: 700 } : {}) }}
        >
          {t('jobRuns.ofTotal', { met: run.gpsTrips, total: run.expectedTrips })}
        </TableCell>
        <TableCell align="right" sx={{ minWidth: 72 }}>
          {run.score === null ? (
            <Typography variant="body2" color="text.secondary">
              {t('jobRuns.notEvaluated')}
            </Typography>
          ) : (
            <Box>
              <Typography variant="body2">{formatShare(run.score)}</Typography>
              <LinearProgress
                variant="determinate"
                value={run.score * 100}
                color={run.score >= 0.9 ? 'success' : run.score >= 0.6 ? 'warning' : 'error'}
                aria-hidden
              />
            </Box>
          )}
        </TableCell>
        <TableCell>
          {canPlayback && (
            <Tooltip title={t('jobRuns.playback')}>
              <IconButton
                component={RouterLink}
                to={playbackHref(run)}
                size="small"
                aria-label={t('jobRuns.playbackOf', { vehicle: run.vehicle.registrationNumber })}
              >
                <RouteIcon />
              </IconButton>
            </Tooltip>
          )}
        </TableCell>
      </TableRow>
      {hasCheckpoints && (
        <TableRow>
          <TableCell colSpan={JOB_RUN_COLUMNS + 1} sx={{ py: 0 }}>
            <Collapse in={isOpen} timeout="auto" unmountOnExit>
              <Box id={detailsId} sx={{ py: 1, pl: 6 }}>
                <Table size="small" aria-label={t('jobRuns.checkpointsOf', { job: run.jobName })}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('jobRuns.checkpoint')}</TableCell>
                      <TableCell>{t('jobRuns.reachedAt')}</TableCell>
                      <TableCell>{t('jobRuns.location')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {run.checkpoints.map((c, i) => (
                      <TableRow key={`${c.name}-${i}`}>
                        <TableCell>{c.name}</TableCell>
                        <TableCell>
                          {c.reachedAt ? (
                            clock(c.reachedAt)
                          ) : (
                            <Chip size="small" color="error" variant="outlined" label={t('jobRuns.missed')} />
                          )}
                        </TableCell>
                        <TableCell>{`${c.lat.toFixed(5)}, ${c.lon.toFixed(5)}`}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}
