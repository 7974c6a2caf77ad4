/** The user form's rules (messages are `admin` i18n keys) and its mapping to the contract's bodies. */
import {
  PHONE_DIGITS,
  PASSWORD_MAX,
  withPhonePrefix,
  withoutPhonePrefix,
  type ProfileUpdate,
  type User,
  type UserInput,
} from '@civicfleet/shared';
import { z } from 'zod';

export const PASSWORD_MIN = 12;

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, 'validation.passwordMin')
  .max(PASSWORD_MAX, 'validation.passwordMax');

/** The fields a user owns (also his own Profile's). */
const contactFields = {
  firstName: z.string().trim().min(1, 'validation.firstNameRequired').max(100, 'validation.tooLong'),
  lastName: z.string().trim().max(100, 'validation.tooLong'),
  email: z.union([z.literal(''), z.email('validation.email').max(255, 'validation.tooLong')]),
  /** Ten digits; +91 is added on submit (spec 01 §5). */
  phone: z
    .string()
    .trim()
    .regex(new RegExp(`^(\\d{${PHONE_DIGITS}})?$`), 'validation.phone'),
};

const hasContact = (v: { email: string; phone: string }) => v.email !== '' || v.phone !== '';
const contactRequired = { path: ['email'], message: 'validation.contactRequired' };

export const UserFormSchema = z
  .object({
    ...contactFields,
    roleId: z.string().min(1, 'validation.roleRequired'),
    organisationId: z.string().min(1, 'validation.organisationRequired'),
    isEnabled: z.boolean(),
  })
  .refine(hasContact, contactRequired);
export type UserFormValues = z.infer<typeof UserFormSchema>;

export const USER_FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'roleId',
  'organisationId',
  'isEnabled',
] as const;

export const EMPTY_USER_FORM: UserFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  roleId: '',
  organisationId: '',
  isEnabled: true,
};

export function toFormValues(user: User): UserFormValues {
  return {
    ...toProfileFormValues(user),
    roleId: user.role.id,
    organisationId: user.organisation.id,
    isEnabled: user.isEnabled,
  };
}

export function toUserBody(values: UserFormValues): UserInput {
  return {
    ...values,
    email: values.email === '' ? null : values.email,
    phone: values.phone === '' ? null : withPhonePrefix(values.phone),
  };
}

/** The signed-in user's own Profile (PUT /users/me): names and contact only. */
export const ProfileFormSchema = z.object(contactFields).refine(hasContact, contactRequired);
export type ProfileFormValues = z.infer<typeof ProfileFormSchema>;
export const PROFILE_FORM_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

export function toProfileFormValues(user: Pick<User, 'firstName' | 'lastName' | 'email' | 'phone'>) {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: user.phone ? withoutPhonePrefix(user.phone) : '',
  } satisfies ProfileFormValues;
}

export function toProfileBody(values: ProfileFormValues): ProfileUpdate {
  return {
    ...values,
    email: values.email === '' ? null : values.email,
    phone: values.phone === '' ? null : withPhonePrefix(values.phone),
  };
}

export const SetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordMismatch',
  });
export type SetPasswordFormValues = z.infer<typeof SetPasswordFormSchema>;
