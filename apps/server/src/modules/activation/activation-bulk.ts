/**
 * "Create Multiple Activations" (POST /v1/activation/bulk): each CSV row (strings, as the console parsed them) is
 * validated, turned into a fitment draft and saved through the same service as POST /v1/fitment, in its own
 * transaction: a failing row changes nothing and does not stop the others. Bulk rows carry no images (see
 * ActivationBulkRowSchema); a blank fitmentDate means today (India time).
 */
import { z } from 'zod';
import {
  DurationInDaysSchema,
  FitmentCustomerInputSchema,
  FitmentDeviceInputSchema,
  FitmentVehicleInputSchema,
  IsoDateSchema,
  NewPasswordSchema,
  PhoneInputSchema,
  type ActivationBulkInput,
  type ActivationBulkResult,
  type ActivationBulkRow,
  type ActivationBulkRowResult,
} from '@civicfleet/shared';
import { passwordWeakness } from '../auth/password-policy.ts';
import { AppError } from '../../http/errors.ts';
import type { Clock } from '../../http/types.ts';
import { istToday } from '../fitment/fitment-dates.ts';
import type { FitmentDraft } from '../fitment/fitment-save.ts';
import type { FitmentService } from '../fitment/fitment.service.ts';
import type { Actor } from '../organisation/scope.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());
const text = (max: number) => optional(z.string().trim().max(max, `At most ${max} characters`));

const TRUE = ['true', 'yes', 'y', '1'];
const FALSE = ['false', 'no', 'n', '0'];

const vehicle = FitmentVehicleInputSchema.shape;

/** One CSV row: the spec's required columns, the rest optional. */
const BulkRowDraftSchema = z.object({
  category: z.preprocess(blank, vehicle.category),
  registrationNumber: z.preprocess(blank, vehicle.registrationNumber),
  engineNo: text(40),
  chassisNo: text(40),
  regDate: optional(IsoDateSchema('Registration date')),
  rto: z.preprocess(blank, vehicle.rto),
  rtoCode: z.preprocess(blank, vehicle.rtoCode),
  make: text(60),
  model: text(60),
  imei: z.preprocess(blank, FitmentDeviceInputSchema.shape.imei),
  panicButtonCount: optional(FitmentDeviceInputSchema.shape.panicButtonCount),
  customerFirstName: text(100),
  customerLastName: text(100),
  customerEmail: optional(FitmentCustomerInputSchema.shape.email),
  customerPhone: z.preprocess(
    blank,
    z.string({ error: 'Customer phone is required' }).pipe(PhoneInputSchema),
  ),
  customerPassword: optional(NewPasswordSchema),
  customerAddress: text(500),
  fitterFirstName: text(100),
  fitterLastName: text(100),
  fitterEmail: optional(z.string().trim().toLowerCase().pipe(z.email('Enter a valid fitter e-mail address'))),
  fitterPhone: optional(PhoneInputSchema),
  fitmentDate: optional(IsoDateSchema('Fitment date')),
  durationInDays: z.preprocess(blank, DurationInDaysSchema),
  deviceActivate: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine((v) => TRUE.includes(v) || FALSE.includes(v), 'deviceActivate must be true or false')
      .transform((v) => TRUE.includes(v))
      .optional(),
  ),
});

/** The row as a save draft, or the first validation message. */
export function draftOfRow(row: ActivationBulkRow, today: string): FitmentDraft | string {
  const parsed = BulkRowDraftSchema.safeParse(row);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const column = issue?.path.join('.') ?? '';
    return issue ? `${column}: ${issue.message}` : 'Invalid row';
  }
  const r = parsed.data;
  // The same policy as every user password (ASVS 2.1.7), named by its column like the schema's messages.
  const weakness =
    r.customerPassword &&
    passwordWeakness(r.customerPassword, { email: r.customerEmail, phone: r.customerPhone });
  if (weakness) return `customerPassword: ${weakness}`;
  return {
    vehicle: {
      registrationNumber: r.registrationNumber,
      category: r.category,
      engineNo: r.engineNo ?? null,
      chassisNo: r.chassisNo ?? null,
      regDate: r.regDate ?? null,
      rto: r.rto,
      rtoCode: r.rtoCode,
      make: r.make ?? null,
      model: r.model ?? null,
    },
    device: { imei: r.imei, panicButtonCount: r.panicButtonCount },
    customer: {
      phone: r.customerPhone,
      firstName: r.customerFirstName,
      lastName: r.customerLastName,
      email: r.customerEmail,
      password: r.customerPassword,
      address: r.customerAddress,
    },
    fitter: r.fitterPhone
      ? {
          phone: r.fitterPhone,
          firstName: r.fitterFirstName,
          lastName: r.fitterLastName,
          email: r.fitterEmail,
        }
      : null,
    fitmentDate: r.fitmentDate ?? today,
    durationInDays: r.durationInDays,
    deviceActivate: r.deviceActivate ?? false,
  };
}

function failure(error: unknown): string {
  if (error instanceof AppError) {
    const first = error.errors ? Object.values(error.errors)[0] : undefined;
    return first ?? error.message;
  }
  // Not a rule of ours (e.g. a race on a unique index): the row is rolled back, the others go on.
  return 'This row could not be saved (server error).';
}

export async function bulkCreateActivations(
  fitments: FitmentService,
  clock: Clock,
  actor: Actor,
  input: ActivationBulkInput,
): Promise<ActivationBulkResult> {
  const today = istToday(clock());
  const defaultHash = fitments.defaultHashOnce();
  const rows: ActivationBulkRowResult[] = [];
  for (const row of input.rows) {
    const draft = draftOfRow(row, today);
    if (typeof draft === 'string') {
      rows.push({ row: row.row, success: false, message: draft });
      continue;
    }
    try {
      const id = await fitments.save(actor, draft, undefined, defaultHash);
      rows.push({ row: row.row, success: true, message: 'Created', fitmentId: String(id) });
    } catch (error) {
      rows.push({ row: row.row, success: false, message: failure(error) });
    }
  }
  const created = rows.filter((r) => r.success).length;
  return { created, failed: rows.length - created, rows };
}
