import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, type TestDatabase } from '../../test/helpers.ts';
import { organisations, roles, users } from '../db/schema/index.ts';
import { prepareDatabase } from '../db/seed/index.ts';
import { CreateAdminError, createSuperAdmin } from '../db/seed/super-admin.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import { parseCreateAdminArgs } from './create-admin-args.ts';

describe('create-admin arguments', () => {
  it('parses and normalises', () => {
    expect(
      parseCreateAdminArgs([
        '--email',
        'Ops@IMC.in',
        '--password',
        'Mandu@Strong2026',
        '--phone',
        '98765 43210',
        '--first-name',
        'Meena',
      ]),
    ).toEqual({
      email: 'Ops@IMC.in',
      password: 'Mandu@Strong2026',
      phone: '+919876543210',
      firstName: 'Meena',
      lastName: 'Administrator',
    });
  });

  it('explains what is wrong', () => {
    expect(() => parseCreateAdminArgs([])).toThrow(/--email and --password are required/);
    expect(() => parseCreateAdminArgs(['--email', 'not-an-email', '--password', 'Mandu@Strong2026'])).toThrow(
      /valid e-mail/,
    );
    expect(() => parseCreateAdminArgs(['--email', 'a@b.in', '--password', 'short'])).toThrow(
      /at least 12 characters/,
    );
    expect(() =>
      parseCreateAdminArgs(['--email', 'a@b.in', '--password', 'Mandu@Strong2026', '--phone', '123']),
    ).toThrow(/10 digits/);
    expect(() =>
      parseCreateAdminArgs(['--email', 'a@b.in', '--password', 'Mandu@Strong2026', '--bogus']),
    ).toThrow(/Usage/);
    // The same policy as user passwords (ASVS 2.1.7): common words with decoration, the admin's own e-mail or phone.
    expect(() => parseCreateAdminArgs(['--email', 'a@b.in', '--password', 'Password@2024'])).toThrow(
      /--password: This password is too common/,
    );
    expect(() =>
      parseCreateAdminArgs(['--email', 'meena.jain@imc.in', '--password', 'meena.jain#Indore']),
    ).toThrow(/must not contain your e-mail address or phone number/);
    expect(() =>
      parseCreateAdminArgs(['--email', 'a@b.in', '--password', 'Ward9876543210', '--phone', '9876543210']),
    ).toThrow(/must not contain your e-mail address or phone number/);
  });
});

describe('createSuperAdmin on a database without demo data', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openEmptyDatabase();
    await prepareDatabase(t.database, { demo: false });
  });
  afterAll(async () => t?.close());

  it('creates the platform organisation and a SUPER_ADMIN; refuses duplicates', async () => {
    const input = {
      email: 'Ops@IMC.in',
      password: 'Mandu@Strong2026',
      phone: '+919876543210',
      firstName: 'Meena',
      lastName: 'Jain',
    };
    const { userId, organisationId } = await createSuperAdmin(t.db, input);
    const [row] = await t.db
      .select({ email: users.email, hash: users.passwordHash, role: roles.name, kind: organisations.kind })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .innerJoin(organisations, eq(organisations.id, users.organisationId))
      .where(eq(users.id, userId));
    expect(row).toMatchObject({ email: 'ops@imc.in', role: 'SUPER_ADMIN', kind: 'PLATFORM' });
    expect(await verifyPassword('Mandu@Strong2026', row?.hash ?? '')).toBe(true);

    await expect(createSuperAdmin(t.db, { ...input, phone: null })).rejects.toThrow(
      new CreateAdminError('A user with e-mail ops@imc.in already exists.'),
    );
    await expect(createSuperAdmin(t.db, { ...input, email: 'other@imc.in' })).rejects.toThrow(
      /phone \+919876543210 already exists/,
    );
    // A second admin joins the same platform organisation.
    const second = await createSuperAdmin(t.db, { ...input, email: 'second@imc.in', phone: null });
    expect(second.organisationId).toBe(organisationId);
  });
});
