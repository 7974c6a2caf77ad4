import { parseArgs } from 'node:util';
import { z } from 'zod';
import { NewPasswordSchema, withPhonePrefix } from '@civicfleet/shared';
import { passwordWeakness } from '../modules/auth/password-policy.ts';
import type { SuperAdminInput } from '../db/seed/super-admin.ts';

export const USAGE = `Usage: npm run create-admin -- --email <e-mail> --password <password> [--phone <10 digits>] [--first-name <name>] [--last-name <name>]`;

const ArgsSchema = z
  .object({
    email: z.email('--email must be a valid e-mail address'),
    password: NewPasswordSchema,
    phone: z
      .string()
      .transform((p) => withPhonePrefix(p.replace(/[\s-]/g, '')))
      .pipe(z.string().regex(/^\+91\d{10}$/, '--phone must be 10 digits (optionally with +91)'))
      .optional(),
    'first-name': z.string().trim().min(1).max(100).default('Platform'),
    'last-name': z.string().trim().max(100).default('Administrator'),
  })
  // The first administrator's password meets the same policy as every user's (ASVS 2.1.7).
  .superRefine((a, ctx) => {
    const weakness = passwordWeakness(a.password, { email: a.email, phone: a.phone ?? null });
    if (weakness) ctx.addIssue({ code: 'custom', path: ['password'], message: `--password: ${weakness}` });
  });

/** Parses the command line; throws an Error whose message is fit for the terminal. */
export function parseCreateAdminArgs(argv: string[]): SuperAdminInput {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        phone: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  if (!values.email || !values.password) throw new Error(`--email and --password are required.\n${USAGE}`);
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) throw new Error(`${parsed.error.issues.map((i) => i.message).join('\n')}\n${USAGE}`);
  const a = parsed.data;
  return {
    email: a.email,
    password: a.password,
    phone: a.phone ?? null,
    firstName: a['first-name'],
    lastName: a['last-name'],
  };
}
