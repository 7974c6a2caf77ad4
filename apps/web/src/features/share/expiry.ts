/** The share dialog's expiry choices, in minutes (the contract allows 15 minutes … 30 days). */
import { SHARE_EXPIRY_MINUTES } from '@civicfleet/shared';

export const EXPIRY_PRESETS = [
  { id: '1h', minutes: 60 },
  { id: '8h', minutes: 8 * 60 },
  { id: '24h', minutes: 24 * 60 },
  { id: '7d', minutes: 7 * 24 * 60 },
] as const;
export type ExpiryChoice = (typeof EXPIRY_PRESETS)[number]['id'] | 'custom';

export const CUSTOM_UNITS = { minutes: 1, hours: 60, days: 24 * 60 } as const;
export type CustomUnit = keyof typeof CUSTOM_UNITS;

/** The minutes of a choice, or null when a custom amount is not a whole number within the contract's bounds. */
export function expiryMinutes(choice: ExpiryChoice, amount: string, unit: CustomUnit): number | null {
  const preset = EXPIRY_PRESETS.find((p) => p.id === choice);
  if (preset) return preset.minutes;
  const value = Number(amount);
  if (!Number.isFinite(value) || value <= 0) return null;
  const minutes = Math.round(value * CUSTOM_UNITS[unit]);
  return minutes >= SHARE_EXPIRY_MINUTES.min && minutes <= SHARE_EXPIRY_MINUTES.max ? minutes : null;
}
