import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './client';
import { fileHref, uploadFile } from './file';
import { seedSession, tokenPair } from './testing/auth-fixtures';
import { ok, stubFetch } from './testing/fetch-stub';

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: FormData;
}

/** A stand-in XMLHttpRequest that answers each send() with the next scripted reply. */
function stubXhr(replies: Array<{ status: number; body: unknown }>) {
  const sent: Sent[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    private headers: Record<string, string> = {};
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: FormData) {
      sent.push({ url: this.url, headers: this.headers, body });
      const reply = replies.shift() ?? { status: 500, body: {} };
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 } as ProgressEvent);
        this.status = reply.status;
        this.responseText = JSON.stringify(reply.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

const image = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'rc.jpg', { type: 'image/jpeg' });

describe('uploadFile', () => {
  beforeEach(() => seedSession(tokenPair(15, 2880, 'old')));
  afterEach(() => vi.unstubAllGlobals());

  it('posts folder and file with the bearer token, reports progress and resolves with data.url', async () => {
    const sent = stubXhr([
      {
        status: 201,
        body: {
          success: true,
          message: 'File uploaded',
          data: { url: '/v1/file/rc/a.jpg', urls: ['/v1/file/rc/a.jpg'] },
        },
      },
    ]);
    const onProgress = vi.fn();
    await expect(uploadFile({ folder: 'rc', file: image(), onProgress })).resolves.toBe('/v1/file/rc/a.jpg');
    expect(sent[0]?.url).toBe('/v1/file');
    expect(sent[0]?.headers.Authorization).toBe('Bearer access-old');
    expect(sent[0]?.body.get('folder')).toBe('rc');
    expect((sent[0]?.body.get('files') as File).name).toBe('rc.jpg');
    expect(onProgress).toHaveBeenCalledWith(50);
  });

  it("rejects with the server's message", async () => {
    stubXhr([
      { status: 400, body: { success: false, message: 'Only JPEG, PNG and PDF files can be uploaded.' } },
    ]);
    const error = await uploadFile({ folder: 'rc', file: image() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Only JPEG, PNG and PDF files can be uploaded.' });
  });

  it('refreshes the session once on a 401 and sends again with the new token', async () => {
    const fetches = stubFetch({ 'POST /auth/refresh-tokens': ok(tokenPair(15, 2880, 'new')) });
    const sent = stubXhr([
      { status: 401, body: { success: false, message: 'Invalid auth token.' } },
      {
        status: 201,
        body: { success: true, message: '', data: { url: '/v1/file/rc/b.jpg', urls: ['/v1/file/rc/b.jpg'] } },
      },
    ]);
    await expect(uploadFile({ folder: 'rc', file: image() })).resolves.toBe('/v1/file/rc/b.jpg');
    expect(fetches.callsTo('POST /auth/refresh-tokens')).toHaveLength(1);
    expect(sent.map((s) => s.headers.Authorization)).toEqual(['Bearer access-old', 'Bearer access-new']);
  });

  it('builds the browser address of a stored file from the API base', () => {
    expect(fileHref('/v1/file/rc/a.jpg')).toBe('/v1/file/rc/a.jpg');
    expect(fileHref('https://cdn.example.in/x.jpg')).toBe('https://cdn.example.in/x.jpg');
  });
});
