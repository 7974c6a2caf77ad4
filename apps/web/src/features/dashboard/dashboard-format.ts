/** Numbers and durations of the dashboards, in the user's language (Indian digit grouping). */
import type { TFunction } from 'i18next';

const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(value: number, language: string, maximumFractionDigits = 0): string {
  const key = `${language}|${maximumFractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(language === 'hi' ? 'hi-IN' : 'en-IN', { maximumFractionDigits });
    formatters.set(key, f);
  }
  return f.format(value);
}

/** metres → "12.3" (km, one decimal). */
export const formatKm = (distanceM: number, language: string) => formatNumber(distanceM / 1000, language, 1);

/** 0..1 → "75%"; null → "–". */
export const formatPercent = (ratio: number | null, language: string) =>
  ratio === null ? '–' : `${formatNumber(ratio * 100, language, ratio > 0 && ratio < 0.1 ? 1 : 0)}%`;

/** seconds → "3 h 05 min" / "45 min". */
export function formatDurationS(seconds: number, t: TFunction): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? t('duration.hm', { h, m: String(m).padStart(2, '0') }) : t('duration.m', { m });
}
