import { z } from 'zod';
import { NewPasswordSchema } from './auth.contract.ts';

export const UserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  isEnabled: z.boolean(),
  role: z.object({ id: z.string(), name: z.string() }),
  organisation: z.object({ id: z.string(), tradeName: z.string(), brandName: z.string().nullable() }),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const PhoneSchema = z.string().regex(/^\+91\d{10}$/, 'The phone number must be 10 digits with +91');

export const UserInputSchema = z.object({
  firstName: z.string().trim().min(1, 'The first name is required').max(100),
  lastName: z.string().trim().max(100).default(''),
  email: z.email('Enter a valid e-mail address').nullable().optional(),
  phone: PhoneSchema.nullable().optional(),
  roleId: z.string().regex(/^\d+$/, 'The role is required'),
  organisationId: z.string().regex(/^\d+$/, 'The organisation is required'),
  isEnabled: z.boolean().default(true),
  avatar: z.string().max(500).nullable().optional(),
  password: NewPasswordSchema.optional(),
});
export type UserInput = z.infer<typeof UserInputSchema>;

export const UserListQuerySchema = z.object({
  phone: z.string().optional(),
  role: z.string().optional(),
  organisationId: z.string().regex(/^\d+$/).optional(),
  search: z.string().max(200).optional(),
  page: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
