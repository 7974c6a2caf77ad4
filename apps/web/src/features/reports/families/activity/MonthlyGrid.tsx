/**
 * Monthly summary: the month as a grid — a row per vehicle, a cell per day with the distance (km) and, on a second
 * line, the run hours. Weekends are shaded, days still to come are greyed, and a cell's colour deepens with its
 * distance (the theme's primary colour, so it reads in light and dark mode). The grid shows the first GRID_ROW_CAP
 * vehicles; the table below (and the files) have them all.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { formatReportCell, monthDayKey, monthRunKey, type ReportColumn } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import type { ReportViewProps } from '../../types';
import { currentMonth } from './filters';

const GRID_ROW_CAP = 200;
const KM: ReportColumn = { key: 'km', label: 'km', kind: 'km' };

/** Today's day of the month in Asia/Kolkata when `month` is the current month; 0 before, 99 after. */
function lastPastDay(month: string, now = new Date()): number {
  const current = currentMonth(now);
  if (month < current) return 99;
  if (month > current) return 0;
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', day: '2-digit' }).format(now));
}

export function MonthlyGrid({ run }: ReportViewProps) {
  const { t, i18n } = useTranslation('reportsActivity');
  const theme = useTheme();
  const month = typeof run.meta?.month === 'string' ? run.meta.month : currentMonth();
  const length = Number(run.meta?.days ?? 30);
  const [year, monthNumber] = month.split('-').map(Number);
  const days = Array.from({ length }, (_, i) => {
    const date = new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, i + 1));
    const weekday = date.getUTCDay();
    return {
      n: i + 1,
      isWeekend: weekday === 0 || weekday === 6,
      label: new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
        weekday: 'narrow',
        timeZone: 'UTC',
      }).format(date),
    };
  });
  const pastUntil = lastPastDay(month);
  const rows = run.rows.slice(0, GRID_ROW_CAP);
  const maxM = Math.max(1, ...rows.flatMap((row) => days.map((d) => Number(row[monthDayKey(d.n)] ?? 0))));
  const monthName = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)));

  if (rows.length === 0) return null;
  const cell = {
    px: 0.5,
    py: 0.25,
    minWidth: 44,
    textAlign: 'center' as const,
    borderBottom: 1,
    borderColor: 'divider',
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('monthly-summary.gridTitle', { month: monthName })}
      </Typography>
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('monthly-summary.gridTitle', { month: monthName })}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}
      >
        <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 12, width: '100%' }}>
          <thead>
            <tr>
              <Box
                component="th"
                scope="col"
                sx={{
                  ...cell,
                  textAlign: 'left',
                  position: 'sticky',
                  left: 0,
                  bgcolor: 'background.paper',
                  zIndex: 1,
                }}
              >
                {t('monthly-summary.columns.regNo')}
              </Box>
              {days.map((d) => (
                <Box
                  component="th"
                  scope="col"
                  key={d.n}
                  sx={{
                    ...cell,
                    bgcolor: d.isWeekend ? 'action.hover' : undefined,
                    color: d.n > pastUntil ? 'text.disabled' : 'text.primary',
                  }}
                >
                  <div>{d.n}</div>
                  <Box component="div" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                    {d.label}
                  </Box>
                </Box>
              ))}
              <Box component="th" scope="col" sx={cell}>
                {t('monthly-summary.columns.total')}
              </Box>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row.vehicleId ?? row.regNo)}>
                <Box
                  component="th"
                  scope="row"
                  sx={{
                    ...cell,
                    textAlign: 'left',
                    whiteSpace: 'nowrap',
                    position: 'sticky',
                    left: 0,
                    bgcolor: 'background.paper',
                    zIndex: 1,
                  }}
                >
                  {String(row.regNo ?? '')}
                </Box>
                {days.map((d) => {
                  const isFuture = d.n > pastUntil;
                  const distanceM = Number(row[monthDayKey(d.n)] ?? 0);
                  const runS = Number(row[monthRunKey(d.n)] ?? 0);
                  const km = formatReportCell(KM, distanceM);
                  const hours = (runS / 3600).toFixed(1);
                  const strength = distanceM > 0 ? 0.12 + 0.6 * (distanceM / maxM) : 0;
                  return (
                    <Box
                      component="td"
                      key={d.n}
                      title={
                        isFuture
                          ? t('monthly-summary.future')
                          : t('monthly-summary.cellTitle', { day: d.n, km, hours })
                      }
                      sx={{
                        ...cell,
                        color: isFuture ? 'text.disabled' : 'text.primary',
                        bgcolor: isFuture
                          ? 'action.disabledBackground'
                          : strength > 0
                            ? alpha(theme.palette.primary.main, strength)
                            : d.isWeekend
                              ? 'action.hover'
                              : undefined,
                      }}
                    >
                      {isFuture ? (
                        '–'
                      ) : distanceM === 0 && runS === 0 ? (
                        <Box component="span" sx={{ color: 'text.disabled' }}>
                          0
                        </Box>
                      ) : (
                        <>
                          <div>{km}</div>
                          <Box component="div" sx={{ color: strength > 0.5 ? 'inherit' : 'text.secondary' }}>
                            {t('monthly-summary.runHours', { hours })}
                          </Box>
                        </>
                      )}
                    </Box>
                  );
                })}
                <Box component="td" sx={{ ...cell, fontWeight: 600 }}>
                  {formatReportCell(KM, Number(row.total ?? 0))}
                </Box>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
      {run.rows.length > GRID_ROW_CAP && (
        <Typography variant="caption" color="text.secondary">
          {t('monthly-summary.gridCapped', { shown: GRID_ROW_CAP, total: run.rows.length })}
        </Typography>
      )}
    </Paper>
  );
}
