import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase, type TestDatabase } from '../../test/helpers.ts';
import { users } from '../db/schema/index.ts';
import { prepareDatabase } from '../db/seed/index.ts';
import { verifyPassword } from '../modules/auth/password.ts';
import {
  controlSocketPath,
  sendCreateAdmin,
  startControlSocket,
  type ControlSocket,
} from './control-socket.ts';

describe('control socket', () => {
  let t: TestDatabase;
  let dataDir = '';
  let socket: ControlSocket | null = null;
  beforeAll(async () => {
    t = await openEmptyDatabase();
    await prepareDatabase(t.database, { demo: false });
    dataDir = mkdtempSync(path.join(tmpdir(), 'cf-ctl-'));
    // A socket file left by a server that was killed does not stop the next one.
    mkdirSync(path.join(dataDir, 'run'));
    writeFileSync(path.join(dataDir, 'run', 'control.sock'), '');
    socket = await startControlSocket({ dataDir, db: t.db });
  });
  afterAll(async () => {
    await socket?.close();
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('is reachable only by the owner of the data directory', () => {
    expect(socket?.path).toBe(path.join(dataDir, 'run', 'control.sock'));
    expect(statSync(path.join(dataDir, 'run')).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dataDir, 'run', 'control.sock')).mode & 0o777).toBe(0o600);
  });

  it('creates an administrator with the same rules as the command line', async () => {
    const file = socket?.path ?? '';
    const argv = ['--email', 'Asha@Example.org', '--password', 'Mandu@Strong2026'];
    const created = await sendCreateAdmin(file, argv);
    expect(created).toMatchObject({ success: true, message: expect.stringMatching(/^Created SUPER_ADMIN/) });
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, BigInt(created.data?.userId ?? '0')));
    expect(await verifyPassword('Mandu@Strong2026', row?.hash ?? '')).toBe(true);

    expect(await sendCreateAdmin(file, argv)).toEqual({
      success: false,
      message: 'A user with e-mail asha@example.org already exists.',
    });
    expect(await sendCreateAdmin(file, ['--email', 'b@example.org', '--password', 'short'])).toMatchObject({
      success: false,
      message: expect.stringMatching(/at least 12 characters/),
    });
  });

  it('has no socket when DATA_DIR is too deep for a Unix socket path', () => {
    expect(controlSocketPath(`/${'d'.repeat(100)}`)).toBeNull();
    expect(controlSocketPath('/srv/civicfleet')).toBe('/srv/civicfleet/run/control.sock');
  });
});
