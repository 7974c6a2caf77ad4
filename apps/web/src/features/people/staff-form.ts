/**
 * The staff form's rules: the form holds text; on submit it becomes a StaffInput checked by the contract's
 * StaffInputSchema (phone with +91, upper-case hex tag, licence date), so the server's rules are the form's.
 */
import {
  StaffInputSchema,
  withoutPhonePrefix,
  type Staff,
  type StaffInput,
  type StaffRole,
} from '@civicfleet/shared';
import { z } from 'zod';

const StaffFormSchema = z.object({
  name: z.string(),
  phone: z.string(),
  role: z.string(),
  wardId: z.string(),
  tagId: z.string(),
  licenceNo: z.string(),
  licenceValidUntil: z.string().nullable(),
  active: z.boolean(),
});
export type StaffFormValues = z.input<typeof StaffFormSchema>;

const blankToNull = (v: string) => (v.trim() === '' ? null : v.trim());

export function toStaffInput(v: StaffFormValues): unknown {
  return {
    name: v.name,
    phone: blankToNull(v.phone),
    role: v.role,
    wardId: blankToNull(v.wardId),
    tagId: blankToNull(v.tagId),
    licenceNo: blankToNull(v.licenceNo),
    licenceValidUntil: v.licenceValidUntil || null,
    active: v.active,
  };
}

export function staffFormSchema() {
  return StaffFormSchema.transform((values, ctx): StaffInput => {
    const parsed = StaffInputSchema.safeParse(toStaffInput(values));
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  });
}

export const STAFF_FORM_FIELDS = [
  'name',
  'phone',
  'role',
  'wardId',
  'tagId',
  'licenceNo',
  'licenceValidUntil',
  'active',
] as const;

export const EMPTY_STAFF_FORM: StaffFormValues = {
  name: '',
  phone: '',
  role: 'driver' satisfies StaffRole,
  wardId: '',
  tagId: '',
  licenceNo: '',
  licenceValidUntil: null,
  active: true,
};

export function toFormValues(s: Staff): StaffFormValues {
  return {
    name: s.name,
    phone: s.phone ? withoutPhonePrefix(s.phone) : '',
    role: s.role,
    wardId: s.ward?.id ?? '',
    tagId: s.tagId ?? '',
    licenceNo: s.licenceNo ?? '',
    licenceValidUntil: s.licenceValidUntil,
    active: s.active,
  };
}
