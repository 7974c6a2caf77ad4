import { z } from 'zod';
import { PHONE_PREFIX } from '../domain/phone.ts';
import { NewPasswordSchema } from './auth.contract.ts';
import { ListQuerySchema, listPageSchema } from './list.contract.ts';

export const UserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isEnabled: z.boolean(),
  /**
   * Whether two-step verification (TOTP) is on: never the secret. Always sent by the server (GET/PUT/POST /users…);
   * optional so that User values built elsewhere (pickers, fixtures) need not name it.
   */
  mfaEnabled: z.boolean().optional(),
  role: z.object({ id: z.string(), name: z.string() }),
  organisation: z.object({ id: z.string(), tradeName: z.string(), brandName: z.string().nullable() }),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;
export const UserPageSchema = listPageSchema(UserSchema);

export const PhoneSchema = z.string().regex(/^\+91\d{10}$/, 'The phone number must be 10 digits with +91');

/** A phone as typed: 10 digits, with or without +91 (spaces ignored); always yields the stored +91 form. */
export const PhoneInputSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .transform((value) => (/^\d{10}$/.test(value) ? `${PHONE_PREFIX}${value}` : value))
  .pipe(PhoneSchema);

const userFields = {
  firstName: z.string().trim().min(1, 'The first name is required').max(100),
  lastName: z.string().trim().max(100),
  email: z.email('Enter a valid e-mail address').max(255).nullable(),
  phone: PhoneInputSchema.nullable(),
  roleId: z.string().regex(/^\d+$/, 'The role is required'),
  organisationId: z.string().regex(/^\d+$/, 'The organisation is required'),
  isEnabled: z.boolean(),
  /**
   * A picture uploaded to this platform (POST /v1/file answers its root-relative URL). Links to other hosts are refused:
   * every console showing the user would fetch them, a tracking pixel for whoever controls that host.
   */
  avatar: z
    .string()
    .max(500)
    .regex(
      /^\/v1\/file\/[a-z]+\/[A-Za-z0-9._-]+$/,
      'Upload the picture here: links to other sites are not accepted',
    )
    .nullable(),
};

/** POST /users. Without a password the user gets the brand's default password. E-mail or phone is required. */
export const UserInputSchema = z.object({
  ...userFields,
  lastName: userFields.lastName.default(''),
  email: userFields.email.optional(),
  phone: userFields.phone.optional(),
  isEnabled: userFields.isEnabled.default(true),
  avatar: userFields.avatar.optional(),
  password: NewPasswordSchema.optional(),
});
export type UserInput = z.infer<typeof UserInputSchema>;

/** PUT /users/:id: any subset of the fields (no defaults: an absent field is left unchanged). Password: see below. */
export const UserUpdateSchema = z.object(userFields).partial();
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/**
 * PUT /users/me: the signed-in user's own profile, open to every signed-in user. Only the fields a user owns: never
 * role, organisation or status, and a body naming any other key is refused rather than silently half-applied.
 * Absent fields are left unchanged; e-mail and phone keep the uniqueness rules (USER_MESSAGES).
 */
export const ProfileUpdateSchema = z
  .strictObject(
    {
      firstName: userFields.firstName,
      lastName: userFields.lastName,
      email: userFields.email,
      phone: userFields.phone,
      avatar: userFields.avatar,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only your name, e-mail, phone and photo can be changed here (not ${issue.keys.join(', ')}).`
          : undefined,
    },
  )
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** POST /users/rfcAdmin: a user whose role is always RFC_ADMIN (spec 01 §7). */
export const RfcAdminInputSchema = UserInputSchema.omit({ roleId: true });
export type RfcAdminInput = z.infer<typeof RfcAdminInputSchema>;

/**
 * PUT /users/:id/organisation (action associate-user-result-table): attaches a user of the caller's subtree to another
 * organisation of that subtree, keeping the role. Spec 01 names the action only; this is our reading of it.
 */
export const AssociateUserBodySchema = z.object({
  organisationId: z.string().regex(/^\d+$/, 'The organisation is required'),
});
export type AssociateUserBody = z.infer<typeof AssociateUserBodySchema>;

/** PUT /users/:id/password (action set-user-password). */
export const SetUserPasswordBodySchema = z.object({ password: NewPasswordSchema });

/**
 * GET /users (and /users/rfc/get). `phone` accepts 10 digits or +91…; `role` is a role name, `roleId` a role id.
 * Paged (list.contract.ts); `search` matches first/last/full name, e-mail and phone. The spec's lookups ("phone
 * filter; first result taken", "user lookup by phone with role name") read items[0].
 */
export const UserListQuerySchema = ListQuerySchema.extend({
  phone: z.string().max(20).optional(),
  role: z.string().max(50).optional(),
  roleId: z.string().regex(/^\d+$/, 'Invalid id').optional(),
  organisationId: z.string().regex(/^\d+$/, 'Invalid id').optional(),
});

/** `sortBy` keys of GET /users (default: first name, last name). */
export const USER_SORT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'role', 'createdAt'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

export const USER_MESSAGES = {
  emailTaken: 'A user with this e-mail address already exists.',
  phoneTaken: 'A user with this phone number already exists.',
  contactRequired: 'Enter an e-mail address or a phone number.',
} as const;
