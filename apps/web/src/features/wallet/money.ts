/**
 * Wallet money: integer paise on the wire and in the database (spec 02 §4, §9: display divides by 100). Conversions
 * here are exact (integer arithmetic), so ₹0.10 + ₹0.20 never shows as 0.30000000000000004.
 */
import { MAX_WALLET_CHANGE_PAISE } from '@civicfleet/shared';

export type RupeeProblem = 'amountRequired' | 'amountInvalid' | 'amountPositive' | 'amountTooLarge';

/**
 * What the user typed in rupees (`1500`, `1,500.5`, `₹ 1500.50`) → paise, or the problem with it. Grouping commas
 * and the rupee sign are accepted; more than 2 decimals is refused rather than rounded (money is never guessed).
 */
export function parseRupees(text: string): { paise: number } | { problem: RupeeProblem } {
  const cleaned = text.replace(/[₹,\s]/g, '');
  if (cleaned === '') return { problem: 'amountRequired' };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return { problem: 'amountInvalid' };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').padEnd(2, '0');
  if (whole.length > 12) return { problem: 'amountTooLarge' };
  const paise = Number(whole) * 100 + Number(fraction);
  if (paise <= 0) return { problem: 'amountPositive' };
  if (paise > MAX_WALLET_CHANGE_PAISE) return { problem: 'amountTooLarge' };
  return { paise };
}
