/** The dashboards' charts (MUI X Charts): status donut, bars and lines, sized for a widget card. */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { VEHICLE_LIVE_STATUSES, type StatusCounts } from '@civicfleet/shared';
import { useTranslation } from 'react-i18next';
import { VEHICLE_STATUS_COLOURS } from '@/components/map';

/** Axis ticks: at most one decimal (float noise such as 4.5000001 never shows). */
const tick = (value: number | null) => (value === null ? '' : String(Math.round(value * 10) / 10));

export function StatusDonut({ counts }: { counts: StatusCounts }) {
  const { t } = useTranslation('dashboard');
  const data = VEHICLE_LIVE_STATUSES.filter((s) => (counts[s] ?? 0) > 0).map((s) => ({
    id: s,
    value: counts[s] ?? 0,
    label: t(`statuses.${s}`),
    color: VEHICLE_STATUS_COLOURS[s].fill,
  }));
  return (
    <PieChart
      aria-label={t('city.statusChart')}
      series={[{ data, innerRadius: 48, outerRadius: 80, paddingAngle: 1, cornerRadius: 3 }]}
      height={180}
      hideLegend
    />
  );
}

export interface BarsProps {
  labels: string[];
  values: number[];
  label: string;
  ariaLabel: string;
  height?: number;
  colour?: string;
}

export function Bars({ labels, values, label, ariaLabel, height = 200, colour }: BarsProps) {
  return (
    <BarChart
      aria-label={ariaLabel}
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ tickMinStep: 1, width: 40, min: 0, valueFormatter: tick }]}
      series={[{ data: values, label, ...(colour ? { color: colour } : {}) }]}
      height={height}
      hideLegend
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
    />
  );
}

export interface LinesProps {
  labels: string[];
  series: Array<{ label: string; values: Array<number | null>; colour?: string }>;
  ariaLabel: string;
  height?: number;
}

export function Lines({ labels, series, ariaLabel, height = 240 }: LinesProps) {
  return (
    <LineChart
      aria-label={ariaLabel}
      xAxis={[{ scaleType: 'point', data: labels }]}
      yAxis={[{ width: 56, min: 0, valueFormatter: tick }]}
      series={series.map((s) => ({
        data: s.values,
        label: s.label,
        connectNulls: false,
        showMark: labels.length <= 31,
        ...(s.colour ? { color: s.colour } : {}),
      }))}
      height={height}
      margin={{ left: 0, right: 12, top: 8, bottom: 0 }}
    />
  );
}
