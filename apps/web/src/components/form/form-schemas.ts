/**
 * zod rules for the form fields, for forms that validate with a resolver (react-hook-form then ignores field rules).
 * Messages are the problem codes the fields translate (`required`, `invalid`, `min`, `max` for dates; `min`, `max`
 * for images), so every form shows the same, translated text.
 */
import { z } from 'zod';
import { isIsoDate, todayIsoDate } from './date-value';

export interface DateFieldRules {
  minDate?: string;
  /** Default today (Asia/Kolkata); null for no limit. Read when the schema is built: build it in the form. */
  maxDate?: string | null;
  isRequired?: boolean;
}

/** `YYYY-MM-DD` or null, within bounds. */
export function dateFieldSchema({ minDate, maxDate, isRequired = false }: DateFieldRules = {}) {
  const max = maxDate === undefined ? todayIsoDate() : maxDate;
  return z
    .string()
    .nullable()
    .superRefine((value, ctx) => {
      if (value === null || value === '') {
        if (isRequired) ctx.addIssue({ code: 'custom', message: 'required' });
        return;
      }
      if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: 'invalid' });
      else if (minDate !== undefined && value < minDate) ctx.addIssue({ code: 'custom', message: 'min' });
      else if (max !== null && value > max) ctx.addIssue({ code: 'custom', message: 'max' });
    });
}

/** A list of uploaded file URLs with `min`–`max` entries (fitment: RC exactly 2, device 2–3, Aadhaar and PAN 1–2). */
export function imageUrlsSchema({ min = 0, max }: { min?: number; max: number }) {
  return z.array(z.string()).min(min, { message: 'min' }).max(max, { message: 'max' });
}
