/**
 * Uploads on a full or read-only disk (issue 27): a clear 507 / 503, nothing half-written (no bytes, no `files` row),
 * and uploads work again once space is back, without a restart. Needs a tmpfs (root); skipped otherwise.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { mountTmpfs, tmpfsUnavailable, type Tmpfs } from '../../../test/tmpfs.ts';
import { files } from '../../db/schema/index.ts';
import { DISK_MESSAGES } from '../../storage/disk-errors.ts';

/** A 1 MiB JPEG (magic bytes, then zeros). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(1024 * 1024 - 4)]);

function multipart(folder: string, bytes: Buffer) {
  const boundary = `----cf${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="folder"\r\n\r\n${folder}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.skipIf(tmpfsUnavailable() !== null)('POST /v1/file on a full or read-only disk', () => {
  let t: TestApp;
  let tmpfs: Tmpfs;
  beforeAll(async () => {
    tmpfs = mountTmpfs(4 * 1024 * 1024);
    // The database is the test's (in memory or PostgreSQL); only the files live on the small disk.
    t = await createTestApp({ env: { dataDir: tmpfs.dir } });
  });
  afterAll(async () => {
    await t?.close();
    tmpfs?.unmount();
  });

  async function upload() {
    const body = multipart('misc', JPEG);
    return t.app.inject({
      method: 'POST',
      url: '/v1/file',
      headers: { ...(await t.auth('ADMIN')), 'content-type': body.contentType },
      payload: body.payload,
    });
  }
  const storedNames = () => readdir(path.join(t.env.dataDir, 'files', 'misc')).catch(() => []);
  const rowCount = async () => (await t.db.select({ n: count() }).from(files))[0]?.n ?? 0;

  it('answers 507 when the disk is full, stores nothing, and works again once space is freed', async () => {
    const [namesBefore, rowsBefore] = [await storedNames(), await rowCount()];
    tmpfs.fill(256 * 1024);
    const full = await upload();
    expect(full.statusCode).toBe(507);
    expect(full.json()).toMatchObject({ success: false, message: DISK_MESSAGES.full });
    expect(await storedNames()).toEqual(namesBefore);
    expect(await rowCount()).toBe(rowsBefore);

    tmpfs.free();
    const again = await upload();
    expect(again.statusCode, again.body).toBe(201);
    expect(await storedNames()).toHaveLength(namesBefore.length + 1);
    expect(await rowCount()).toBe(rowsBefore + 1);
  });

  it('answers 503 while the disk is read-only, and works again once it is writable', async () => {
    tmpfs.remount('ro');
    try {
      const readOnly = await upload();
      expect(readOnly.statusCode).toBe(503);
      expect(readOnly.json()).toMatchObject({ success: false, message: DISK_MESSAGES.readOnly });
    } finally {
      tmpfs.remount('rw');
    }
    expect((await upload()).statusCode).toBe(201);
  });
});
