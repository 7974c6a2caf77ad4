/** The per-user upload quota (OWASP ASVS 12.1.3): over it nothing is stored and the answer is a clear 413. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildAuthContext } from '../auth/auth-context.service.ts';
import { findUserByUsername } from '../auth/auth.repository.ts';
import { createLocalDiskStorage } from '../../storage/index.ts';
import { PayloadTooLargeError, createFileService, quotaExceededMessage } from './file.service.ts';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe('upload quota per user', () => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'cf-file-quota-'));
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  const actor = async (username: string) => {
    const user = await findUserByUsername(t.db, username);
    if (!user) throw new Error(`no user ${username}`);
    return buildAuthContext(t.db, user, 'quota-test');
  };

  it('refuses the upload that would pass the file count or byte budget, and stores nothing', async () => {
    const quota = { files: 3, bytes: 1000, windowS: 3600 };
    const service = createFileService({ db: t.db, storage: createLocalDiskStorage(root), quota });
    const fitter = await actor('fitter@demo.civicfleet.in');

    await service.upload(fitter, 'device', [JPEG, JPEG]);
    const overCount = await service.upload(fitter, 'device', [JPEG, JPEG]).catch((e: unknown) => e);
    expect(overCount).toBeInstanceOf(PayloadTooLargeError);
    expect((overCount as PayloadTooLargeError).statusCode).toBe(413);
    expect((overCount as PayloadTooLargeError).message).toBe(quotaExceededMessage(quota));
    expect(await readdir(path.join(root, 'device'))).toHaveLength(2);
    await service.upload(fitter, 'device', [JPEG]); // exactly at the limit

    // Another user has a budget of their own; bytes count too.
    const rfc = await actor('rfc@demo.civicfleet.in');
    const big = Buffer.concat([JPEG, Buffer.alloc(990)]);
    const overBytes = await service.upload(rfc, 'device', [big]).catch((e: unknown) => e);
    expect(overBytes).toBeInstanceOf(PayloadTooLargeError);
    expect((await service.upload(rfc, 'device', [JPEG])).urls).toHaveLength(1);
  });

  it('counts only the rolling window', async () => {
    const service = createFileService({
      db: t.db,
      storage: createLocalDiskStorage(root),
      quota: { files: 1, bytes: 10_000, windowS: 1 },
    });
    const custom = await actor('custom@demo.civicfleet.in');
    await service.upload(custom, 'rc', [JPEG]);
    await expect(service.upload(custom, 'rc', [JPEG])).rejects.toBeInstanceOf(PayloadTooLargeError);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await service.upload(custom, 'rc', [JPEG])).urls).toHaveLength(1);
  });
});
