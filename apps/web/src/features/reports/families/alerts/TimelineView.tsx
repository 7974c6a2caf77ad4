/**
 * vehicle-timeline's chart: one horizontal band per IST day (00–24 h), the spans coloured by state. Each span is
 * focusable (Tab) and shows its state, times and duration on hover or focus; colours come from the theme, so dark
 * mode follows.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatReportCell, TIMELINE_KIND_LABELS, type TimelineKind } from '@civicfleet/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportViewProps } from '../../types';
import { splitByDay } from './timeline-days';

const NS = 'reportsAlerts';
const KINDS = Object.keys(TIMELINE_KIND_LABELS) as TimelineKind[];
const WIDTH = 960;
const LABEL_W = 96;
const BAND_H = 22;
const GAP = 10;
const TICKS = [0, 3, 6, 9, 12, 15, 18, 21, 24];

const cell = (kind: 'datetime' | 'duration' | 'day', value: unknown) =>
  formatReportCell({ key: kind, label: kind, kind }, (value ?? null) as string | number | null);

export function TimelineView({ run }: ReportViewProps) {
  const { t } = useTranslation(NS);
  const theme = useTheme();
  const [active, setActive] = useState<number | null>(null);
  const days = useMemo(() => splitByDay(run.rows), [run.rows]);
  const colours: Record<string, string> = {
    moving: theme.palette.success.main,
    idle: theme.palette.warning.main,
    stopped: theme.palette.info.main,
    offline: theme.palette.text.disabled,
  };
  if (days.length === 0) return null;
  const plotW = WIDTH - LABEL_W - 8;
  const height = 18 + days.length * (BAND_H + GAP);
  const label = (index: number) => {
    const row = run.rows[index];
    if (!row) return '';
    const kind = String(row.kind) as TimelineKind;
    const state = t(`timeline.kinds.${kind}`, { defaultValue: TIMELINE_KIND_LABELS[kind] ?? kind });
    return `${state}: ${cell('datetime', row.startedAt)} – ${cell('datetime', row.endedAt)} (${cell('duration', row.durationS)})`;
  };
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('timeline.title')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <svg
          role="img"
          aria-label={t('timeline.title')}
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          style={{ minWidth: 640, display: 'block' }}
        >
          {TICKS.map((hour) => {
            const x = LABEL_W + (hour / 24) * plotW;
            return (
              <g key={hour}>
                <line x1={x} x2={x} y1={14} y2={height} stroke={theme.palette.divider} />
                <text
                  x={x}
                  y={10}
                  fontSize={10}
                  textAnchor={hour === 24 ? 'end' : 'middle'}
                  fill={theme.palette.text.secondary}
                >
                  {String(hour).padStart(2, '0')}:00
                </text>
              </g>
            );
          })}
          {days.map(({ day, pieces }, i) => {
            const y = 18 + i * (BAND_H + GAP);
            return (
              <g key={day}>
                <text x={0} y={y + BAND_H / 2 + 4} fontSize={12} fill={theme.palette.text.primary}>
                  {cell('day', day)}
                </text>
                <rect x={LABEL_W} y={y} width={plotW} height={BAND_H} fill={theme.palette.action.hover} />
                {pieces.map((piece) => (
                  <rect
                    key={`${piece.row}-${piece.startFraction}`}
                    x={LABEL_W + piece.startFraction * plotW}
                    y={y}
                    width={Math.max(1, (piece.endFraction - piece.startFraction) * plotW)}
                    height={BAND_H}
                    fill={colours[piece.kind] ?? theme.palette.grey[500]}
                    stroke={active === piece.row ? theme.palette.text.primary : 'none'}
                    strokeWidth={2}
                    tabIndex={0}
                    aria-label={label(piece.row)}
                    onMouseEnter={() => setActive(piece.row)}
                    onMouseLeave={() => setActive(null)}
                    onFocus={() => setActive(piece.row)}
                    onBlur={() => setActive(null)}
                    style={{ outline: 'none', cursor: 'default' }}
                  >
                    <title>{label(piece.row)}</title>
                  </rect>
                ))}
              </g>
            );
          })}
        </svg>
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 1, flexWrap: 'wrap' }} useFlexGap>
        {KINDS.map((kind) => (
          <Stack key={kind} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colours[kind] }} />
            <Typography variant="caption">{t(`timeline.kinds.${kind}`)}</Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ minHeight: 20, mt: 0.5 }}>
        {active === null ? t('timeline.hint') : label(active)}
      </Typography>
    </Box>
  );
}
