/**
 * The dump-yard entry form's rules. The form holds text (weights as typed) and dayjs times in Asia/Kolkata; the
 * schema turns them into the contract's DumpYardEntryInput (instants as ISO 8601 with +05:30). Messages are keys of
 * the `operations` namespace (`entry.errors.*`); the contract's English messages map to the same keys.
 */
import { OPERATIONS_MESSAGES, type DumpYardEntryInput } from '@civicfleet/shared';
import type { Dayjs } from 'dayjs';
import { z } from 'zod';
import { APP_TIME_ZONE, dayjs } from '@/lib/format';

/** Up to 100 t, whole or with up to two decimals (weighbridges print kg, sometimes with a fraction). */
const MAX_WEIGHT_KG = 100_000;
const WEIGHT_TEXT = /^\d+(\.\d{1,2})?$/;
/** A clock a minute ahead of the server's is not "the future". */
const FUTURE_GRACE_MS = 60_000;

export const ENTRY_FIELDS = [
  'geofenceId',
  'vehicleId',
  'enteredAt',
  'exitedAt',
  'grossKg',
  'tareKg',
  'ticketNo',
  'note',
] as const;

export interface EntryFormValues {
  geofenceId: string;
  vehicleId: string;
  enteredAt: Dayjs | null;
  exitedAt: Dayjs | null;
  grossKg: string;
  tareKg: string;
  ticketNo: string;
  note: string;
}

/** A weight as typed → kg; null when empty; NaN when it is not a weight. */
export function parseWeightKg(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  if (!WEIGHT_TEXT.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** gross − tare when both are weights and tare ≤ gross; null otherwise. */
export function netWeightKg(grossText: string, tareText: string): number | null {
  const gross = parseWeightKg(grossText);
  const tare = parseWeightKg(tareText);
  if (gross === null || tare === null || Number.isNaN(gross) || Number.isNaN(tare) || tare > gross)
    return null;
  return Math.round((gross - tare) * 100) / 100;
}

const toOffsetIso = (value: Dayjs): string => value.tz(APP_TIME_ZONE).format('YYYY-MM-DDTHH:mm:ssZ');

const weightField = z.string().transform((text, ctx) => {
  const kg = parseWeightKg(text);
  if (kg !== null && (Number.isNaN(kg) || kg > MAX_WEIGHT_KG)) {
    ctx.addIssue({ code: 'custom', message: 'entry.errors.weight' });
    return z.NEVER;
  }
  return kg;
});

const timeField = z.custom<Dayjs | null>((v) => v === null || dayjs.isDayjs(v));

export function entryFormSchema(now: () => number = Date.now) {
  return z
    .object({
      geofenceId: z.string().min(1, 'entry.errors.yard'),
      vehicleId: z.string().min(1, 'entry.errors.vehicle'),
      enteredAt: timeField,
      exitedAt: timeField,
      grossKg: weightField,
      tareKg: weightField,
      ticketNo: z.string().trim().max(60, 'entry.errors.ticket'),
      note: z.string().trim().max(500, 'entry.errors.note'),
    })
    .superRefine((v, ctx) => {
      const latest = now() + FUTURE_GRACE_MS;
      if (v.enteredAt === null)
        ctx.addIssue({ code: 'custom', path: ['enteredAt'], message: 'entry.errors.enteredRequired' });
      else if (!v.enteredAt.isValid())
        ctx.addIssue({ code: 'custom', path: ['enteredAt'], message: 'entry.errors.time' });
      else if (v.enteredAt.valueOf() > latest)
        ctx.addIssue({ code: 'custom', path: ['enteredAt'], message: 'entry.errors.future' });
      if (v.exitedAt !== null) {
        if (!v.exitedAt.isValid())
          ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: 'entry.errors.time' });
        else if (v.exitedAt.valueOf() > latest)
          ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: 'entry.errors.future' });
        else if (v.enteredAt?.isValid() && !v.exitedAt.isAfter(v.enteredAt))
          ctx.addIssue({ code: 'custom', path: ['exitedAt'], message: 'entry.errors.exitBeforeEntry' });
      }
      if (v.grossKg !== null && v.tareKg !== null && v.tareKg > v.grossKg)
        ctx.addIssue({ code: 'custom', path: ['tareKg'], message: 'entry.errors.tare' });
    })
    .transform((v): DumpYardEntryInput => ({
      geofenceId: v.geofenceId,
      vehicleId: v.vehicleId,
      // Checked above: the refinement refuses a missing or invalid entry time.
      enteredAt: v.enteredAt ? toOffsetIso(v.enteredAt) : '',
      exitedAt: v.exitedAt ? toOffsetIso(v.exitedAt) : null,
      grossKg: v.grossKg,
      tareKg: v.tareKg,
      ticketNo: v.ticketNo === '' ? null : v.ticketNo,
      note: v.note === '' ? null : v.note,
      source: 'operator',
    }));
}

/** A fresh form for the next truck: the yard stays (the operator works at one), the entry time is now. */
export function nextTruckValues(geofenceId: string, now: number = Date.now()): EntryFormValues {
  return {
    geofenceId,
    vehicleId: '',
    enteredAt: dayjs(now).tz(APP_TIME_ZONE).second(0).millisecond(0),
    exitedAt: null,
    grossKg: '',
    tareKg: '',
    ticketNo: '',
    note: '',
  };
}

/** The contract's (and server's) English messages → the form's keys; anything else shows as sent. */
export const SERVER_MESSAGE_KEYS: Readonly<Record<string, string>> = {
  [OPERATIONS_MESSAGES.exitBeforeEntry]: 'entry.errors.exitBeforeEntry',
  [OPERATIONS_MESSAGES.future]: 'entry.errors.future',
  [OPERATIONS_MESSAGES.weight]: 'entry.errors.weight',
  [OPERATIONS_MESSAGES.tare]: 'entry.errors.tare',
  [OPERATIONS_MESSAGES.geofence]: 'entry.errors.yardInvalid',
  [OPERATIONS_MESSAGES.vehicle]: 'entry.errors.vehicleInvalid',
  [OPERATIONS_MESSAGES.instant]: 'entry.errors.time',
};
