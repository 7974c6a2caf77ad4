/** Small formatters of the live screens (units in the name, Asia/Kolkata times through lib/format). */
import type { TFunction } from 'i18next';
import { formatDateTime, toAppTime } from '@/lib/format';

export function formatSpeed(speedKph: number | null, t: TFunction<'live'>): string {
  return speedKph === null ? t('card.none') : t('card.speedValue', { value: Math.round(speedKph) });
}

/** "12/05/2026 10:15:02" — or "none" for a vehicle that never reported. */
export function formatUpdated(iso: string | null, t: TFunction<'live'>): string {
  return iso === null ? t('card.never') : formatDateTime(iso);
}

/** How long since `iso`, as "3 h 12 min" / "45 s" (the card's "status since"). */
export function formatAge(iso: string | null, nowMs: number, t: TFunction<'live'>): string {
  const at = toAppTime(iso);
  if (!at) return t('card.none');
  const s = Math.max(0, Math.round((nowMs - at.valueOf()) / 1000));
  if (s < 60) return t('card.ageSeconds', { s });
  const min = Math.floor(s / 60);
  if (min < 60) return t('card.ageMinutes', { min });
  const h = Math.floor(min / 60);
  if (h < 48) return t('card.ageHours', { h, min: min % 60 });
  return t('card.ageDays', { d: Math.floor(h / 24), h: h % 24 });
}

export function formatOnOff(value: boolean | null, t: TFunction<'live'>): string {
  return value === null ? t('card.none') : value ? t('card.on') : t('card.off');
}
