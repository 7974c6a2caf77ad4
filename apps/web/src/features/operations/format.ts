/** Numbers as the operations screens show them: kg and percentages with Indian digit grouping, durations in h/min. */
import { useTranslation } from 'react-i18next';

const LOCALE = 'en-IN';
const kgFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

export function useKgFormat(): (kg: number | null) => string {
  const { t } = useTranslation('operations');
  return (kg) => (kg === null ? '' : t('units.kg', { value: kgFormat.format(kg) }));
}

/** "1 h 05 min", "12 min", "40 s". */
export function useDurationFormat(): (seconds: number | null) => string {
  const { t } = useTranslation('operations');
  return (seconds) => {
    if (seconds === null) return '';
    const total = Math.max(0, Math.round(seconds));
    const h = Math.floor(total / 3600);
    const min = Math.floor((total % 3600) / 60);
    if (h > 0) return t('units.hm', { h, min: String(min).padStart(2, '0') });
    if (min > 0) return t('units.min', { min });
    return t('units.s', { s: total });
  };
}

/** 0…1 → "87.5 %"; '' for null. */
export function formatShare(share: number | null): string {
  return share === null ? '' : `${oneDecimal.format(share * 100)} %`;
}

/** A percentage already ×100 → "87.5 %". */
export function formatPct(pct: number | null): string {
  return pct === null ? '' : `${oneDecimal.format(pct)} %`;
}

export function formatHours(hours: number | null): string {
  return hours === null ? '' : oneDecimal.format(hours);
}
