/**
 * The forms of /management/wallet: amounts typed in rupees (→ integer paise, money.ts), the bank/UTR reference of a
 * verified payment, the reason of a deduction. Messages are keys of the `wallet` namespace's `validation` group.
 */
import { z } from 'zod';
import { parseRupees } from './money';

const rupees = z.string().superRefine((value, ctx) => {
  const parsed = parseRupees(value);
  if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
});

export const CreditFormSchema = z.object({
  amount: rupees,
  reference: z.string().trim().min(1, 'referenceRequired').max(100, 'tooLong'),
  description: z.string().trim().max(200, 'tooLong'),
});
export type CreditFormValues = z.infer<typeof CreditFormSchema>;
export const EMPTY_CREDIT: CreditFormValues = { amount: '', reference: '', description: '' };

export const DeductFormSchema = z.object({
  amount: rupees,
  reason: z.string().trim().min(1, 'reasonRequired').max(200, 'tooLong'),
});
export type DeductFormValues = z.infer<typeof DeductFormSchema>;
export const EMPTY_DEDUCT: DeductFormValues = { amount: '', reason: '' };

/** The paise of an amount the schema accepted. */
export function amountPaiseOf(amount: string): number {
  const parsed = parseRupees(amount);
  if ('problem' in parsed) throw new Error(`amount not validated: ${parsed.problem}`);
  return parsed.paise;
}
