/** i18n keys (namespace `desk`) of the contract's enums, and the age of an alert as the desk shows it. */
import type { AlertDeskAction, AlertDeskStatus, AlertDeskType } from '@civicfleet/shared';
import type { TFunction } from 'i18next';

export const typeKey = (type: AlertDeskType) => `type.${type}` as const;
export const statusKey = (status: AlertDeskStatus) => `status.${status}` as const;
export const actionKey = (action: AlertDeskAction) => `timeline.${action}` as const;

/** "45 s", "3 min 12 s", "2 h 5 min", "3 d 4 h": precise while fresh, coarser as it ages. */
export function formatAge(t: TFunction, sinceIso: string, nowMs: number): string {
  const totalS = Math.max(0, Math.floor((nowMs - Date.parse(sinceIso)) / 1000));
  const d = Math.floor(totalS / 86_400);
  const h = Math.floor((totalS % 86_400) / 3_600);
  const m = Math.floor((totalS % 3_600) / 60);
  const s = totalS % 60;
  if (d > 0) return t('age.days', { d, h });
  if (h > 0) return t('age.hours', { h, m });
  if (m > 0) return t('age.minutes', { m, s });
  return t('age.seconds', { s });
}
