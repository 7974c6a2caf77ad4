/** `npm run create-admin`: a SUPER_ADMIN in the platform organisation (created if missing). */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/password.ts';
import type { Db } from '../client.ts';
import { organisations, users } from '../schema/index.ts';
import { ensureBuiltinRoles } from './roles.ts';

export interface SuperAdminInput {
  email: string;
  password: string;
  phone: string | null;
  firstName: string;
  lastName: string;
}

export class CreateAdminError extends Error {}

export async function createSuperAdmin(
  db: Db,
  input: SuperAdminInput,
): Promise<{ userId: bigint; organisationId: bigint }> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const clash = await tx
      .select({ email: users.email, phone: users.phone })
      .from(users)
      .where(
        or(eq(sql`lower(${users.email})`, email), input.phone ? eq(users.phone, input.phone) : sql`false`),
      )
      .limit(1);
    if (clash[0]?.email?.toLowerCase() === email)
      throw new CreateAdminError(`A user with e-mail ${email} already exists.`);
    if (clash[0]) throw new CreateAdminError(`A user with phone ${input.phone ?? ''} already exists.`);

    const roleIds = await ensureBuiltinRoles(tx);
    const roleId = roleIds.get('SUPER_ADMIN');
    if (roleId === undefined) throw new CreateAdminError('The SUPER_ADMIN role is missing.');
    const [platform] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(
        and(
          eq(organisations.kind, 'PLATFORM'),
          isNull(organisations.parentId),
          eq(organisations.deleted, false),
        ),
      )
      .orderBy(organisations.id)
      .limit(1);
    const organisationId =
      platform?.id ??
      (
        await tx
          .insert(organisations)
          .values({ kind: 'PLATFORM', tradeName: 'CivicFleet Platform', isOnboarded: true })
          .returning({ id: organisations.id })
      )[0]?.id;
    if (organisationId === undefined)
      throw new CreateAdminError('Could not create the platform organisation.');

    const [user] = await tx
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        passwordHash,
        roleId,
        organisationId,
      })
      .returning({ id: users.id });
    if (!user) throw new CreateAdminError('Could not create the user.');
    return { userId: user.id, organisationId };
  });
}
