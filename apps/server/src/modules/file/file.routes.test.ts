import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MAX_BYTES, FILE_MESSAGES, type FileUploadResult } from '@civicfleet/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { FILE_CACHE_CONTROL, FILE_CSP } from './file.routes.ts';

const BHOPAL = 'admin.bhopal@demo.civicfleet.in';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
const PDF = Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, built by hand like a browser would. */
function multipartBody(parts: Part[]) {
  const boundary = `----cf${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const type =
      part.filename === undefined
        ? ''
        : `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const file = (value: Buffer, filename: string, contentType?: string): Part => ({
  name: 'files',
  value,
  filename,
  ...(contentType === undefined ? {} : { contentType }),
});

describe('/v1/file', () => {
  let t: TestApp;
  let dataDir: string;

  async function upload(who: string | null, parts: Part[]) {
    const body = multipartBody(parts);
    const headers: Record<string, string> = { 'content-type': body.contentType };
    if (who !== null) Object.assign(headers, await t.auth(who));
    return t.app.inject({ method: 'POST', url: '/v1/file', headers, payload: body.payload });
  }

  async function read(who: string | null, url: string) {
    return t.app.inject({ method: 'GET', url, headers: who === null ? {} : await t.auth(who) });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cf-file-test-'));
    t = await createTestApp({ env: { dataDir } });
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores one image under a random name with the sniffed extension and serves it back', async () => {
    const res = await upload('ADMIN', [
      { name: 'folder', value: 'rc' },
      file(JPEG, '../../etc/passwd.png', 'image/png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<{ success: boolean; message: string; data: FileUploadResult }>();
    expect(body.success).toBe(true);
    expect(body.data.url).toMatch(/^\/v1\/file\/rc\/[0-9a-f]{32}\.jpg$/);
    expect(body.data.urls).toEqual([body.data.url]);
    const name = body.data.url.split('/').pop() ?? '';
    expect(await readdir(path.join(dataDir, 'files', 'rc'))).toContain(name);

    const served = await read('ADMIN', body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(JPEG)).toBe(true);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': FILE_CSP,
      'cache-control': FILE_CACHE_CONTROL,
      'content-disposition': `inline; filename="${name}"`,
    });
  });

  it('takes several files at once (the folder may come last) and answers every url in order', async () => {
    const res = await upload('FITTER', [
      file(PNG, 'a.png'),
      file(PDF, 'b.pdf'),
      { name: 'folder', value: 'device' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<{ data: FileUploadResult }>();
    expect(data.urls).toHaveLength(2);
    expect(data.url).toBe(data.urls[0]);
    expect(data.urls[0]).toMatch(/^\/v1\/file\/device\/[0-9a-f]{32}\.png$/);
    expect(data.urls[1]).toMatch(/^\/v1\/file\/device\/[0-9a-f]{32}\.pdf$/);
    const pdf = await read('FITTER', data.urls[1] ?? '');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('refuses HTML bytes named .html or disguised as an image, and stores nothing', async () => {
    const before = await readdir(path.join(dataDir, 'files', 'rc')).catch(() => []);
    for (const part of [file(HTML, 'page.html', 'text/html'), file(HTML, 'photo.png', 'image/png')]) {
      const res = await upload('ADMIN', [{ name: 'folder', value: 'rc' }, part]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: FILE_MESSAGES.badType });
    }
    // All or nothing: a good file next to a bad one is not kept either.
    const mixed = await upload('ADMIN', [
      { name: 'folder', value: 'rc' },
      file(PNG, 'ok.png'),
      file(Buffer.from('GIF89a'), 'x.gif'),
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(await readdir(path.join(dataDir, 'files', 'rc')).catch(() => [])).toEqual(before);
  });

  it('answers 413 for a file over the size limit', async () => {
    const big = Buffer.alloc(FILE_MAX_BYTES + 1, 0);
    JPEG.copy(big);
    const res = await upload('ADMIN', [{ name: 'folder', value: 'misc' }, file(big, 'big.jpg')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: FILE_MESSAGES.tooLarge });
  });

  it('refuses a missing or unknown folder, no file, and a body that is not multipart', async () => {
    for (const folder of [undefined, '../etc', 'RC', 'secrets']) {
      const parts =
        folder === undefined ? [file(PNG, 'a.png')] : [{ name: 'folder', value: folder }, file(PNG, 'a.png')];
      const res = await upload('ADMIN', parts);
      expect(res.statusCode, String(folder)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: FILE_MESSAGES.badFolder });
    }
    const none = await upload('ADMIN', [{ name: 'folder', value: 'kyc' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ success: false, message: FILE_MESSAGES.noFile });
    const json = await t.call('ADMIN', 'POST', '/v1/file', { folder: 'kyc' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ success: false, message: FILE_MESSAGES.notMultipart });
  });

  it('needs a signed-in caller for both upload and read', async () => {
    const res = await upload(null, [{ name: 'folder', value: 'rc' }, file(PNG, 'a.png')]);
    expect(res.statusCode).toBe(401);
    const uploaded = await upload('ADMIN', [{ name: 'folder', value: 'rc' }, file(PNG, 'a.png')]);
    const { url } = uploaded.json<{ data: FileUploadResult }>().data;
    expect((await read(null, url)).statusCode).toBe(401);
  });

  it('hides a file from another organisation (404), shows it to the uploader’s and SUPER_ADMIN', async () => {
    const uploaded = await upload('ADMIN', [{ name: 'folder', value: 'kyc' }, file(PNG, 'aadhaar.png')]);
    const { url } = uploaded.json<{ data: FileUploadResult }>().data;
    const foreign = await read(BHOPAL, url);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: FILE_MESSAGES.notFound });
    expect((await read('LIMITED_USER', url)).statusCode).toBe(200); // same organisation (Indore)
    expect((await read('SUPER_ADMIN', url)).statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed names alike', async () => {
    for (const url of [
      `/v1/file/rc/${'0'.repeat(32)}.jpg`,
      '/v1/file/rc/..%2F..%2Fsecrets%2Fjwt.key',
      '/v1/file/nope/abc.jpg',
      `/v1/file/rc/${'a'.repeat(32)}.html`,
    ]) {
      const res = await read('ADMIN', url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});
