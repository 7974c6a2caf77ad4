import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/client';
import type { UploadFileOptions, UploadFn } from '@/api/file';
import { stubFetch } from '@/api/testing/fetch-stub';
import { i18n, loadNamespaces } from '@/lib/i18n';
import { FormImageUpload } from './FormImageUpload';
import { FormHarness } from './test-harness';

interface Values {
  rcImages: string[];
}

const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const gif = () => new File(['GIF89a'], 'animation.gif', { type: 'image/gif' });

/** An upload double: resolves each file with `/v1/file/rc/<name>`, reporting 50% first. */
function fakeUpload(): UploadFn & { calls: UploadFileOptions[] } {
  const calls: UploadFileOptions[] = [];
  const fn = async (options: UploadFileOptions) => {
    calls.push(options);
    options.onProgress?.(50);
    return `/v1/file/rc/${options.file.name}`;
  };
  return Object.assign(fn, { calls });
}

function renderUpload({
  value = [],
  minCount = 2,
  maxCount = 2,
  upload = fakeUpload(),
}: { value?: string[]; minCount?: number; maxCount?: number; upload?: UploadFn } = {}) {
  const onSubmit = vi.fn();
  render(
    <FormHarness<Values> defaultValues={{ rcImages: value }} onSubmit={onSubmit}>
      {(control) => (
        <FormImageUpload
          control={control}
          name="rcImages"
          label="RC Images"
          folder="rc"
          minCount={minCount}
          maxCount={maxCount}
          isRequired
          upload={upload}
        />
      )}
    </FormHarness>,
  );
  return { onSubmit, upload, user: userEvent.setup({ applyAccept: false }) };
}

const dropzone = () => screen.getByRole('button', { name: /^RC Images:/ });
const input = () => screen.getByLabelText('RC Images', { selector: 'input' });
const save = () => screen.getByRole('button', { name: 'Save' });

describe('FormImageUpload', () => {
  const originalCreate = URL.createObjectURL;
  const originalRevoke = URL.revokeObjectURL;
  beforeAll(async () => {
    await loadNamespaces('form');
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterAll(() => {
    URL.createObjectURL = originalCreate;
    URL.revokeObjectURL = originalRevoke;
  });

  it('shows the drop text while files are dragged over', () => {
    renderUpload();
    expect(dropzone()).toHaveTextContent('Drag and drop images here, or click to choose');
    fireEvent.dragEnter(dropzone(), { dataTransfer: { files: [], types: ['Files'] } });
    expect(dropzone()).toHaveTextContent('Drop the files to start uploading');
    fireEvent.dragLeave(dropzone(), { dataTransfer: { files: [], types: ['Files'] } });
    expect(dropzone()).not.toHaveTextContent('Drop the files to start uploading');
  });

  it('refuses a dropped .gif with the spec message and uploads nothing', async () => {
    const { upload } = renderUpload();
    fireEvent.drop(dropzone(), { dataTransfer: { files: [gif()], types: ['Files'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot upload these file types');
    expect((upload as ReturnType<typeof fakeUpload>).calls).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Uploaded images' })).not.toBeInTheDocument();
  });

  it('uploads chosen images into the folder, shows thumbnails and submits their URLs', async () => {
    const { onSubmit, upload, user } = renderUpload();
    await user.upload(input(), [png('front.png'), png('back.png')]);
    const list = await screen.findByRole('list', { name: 'Uploaded images' });
    expect(within(list).getAllByRole('img')).toHaveLength(2);
    expect((upload as ReturnType<typeof fakeUpload>).calls.map((c) => c.folder)).toEqual(['rc', 'rc']);
    await user.click(save());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { rcImages: ['/v1/file/rc/front.png', '/v1/file/rc/back.png'] },
        expect.anything(),
      ),
    );
  });

  it('keeps at most maxCount images and says so', async () => {
    const { upload, user } = renderUpload();
    await user.upload(input(), [png('a.png'), png('b.png'), png('c.png')]);
    expect(await screen.findByText('You can upload at most 2 images')).toBeInTheDocument();
    expect((upload as ReturnType<typeof fakeUpload>).calls).toHaveLength(2);
    expect(dropzone()).toHaveAttribute('aria-disabled', 'true');
    expect(dropzone()).toHaveTextContent('All 2 images added');
  });

  it('needs the minimum count, and a removed image frees its place', async () => {
    const { onSubmit, user } = renderUpload({ value: [] });
    await user.upload(input(), [png('front.png')]);
    await screen.findByRole('button', { name: 'Remove front.png' });
    await user.click(save());
    expect(await screen.findByText('Add exactly 2 images')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove front.png' }));
    expect(screen.queryByRole('list', { name: 'Uploaded images' })).not.toBeInTheDocument();
  });

  it('shows progress, refuses to submit while uploading, and offers a retry after a failure', async () => {
    let fail = true;
    let release: () => void = () => undefined;
    const upload: UploadFn = (options) => {
      options.onProgress?.(40);
      if (fail) {
        fail = false;
        return Promise.reject(
          new ApiError({ status: 413, serverMessage: 'Files can be at most 10 MB each.' }),
        );
      }
      return new Promise((resolve) => {
        release = () => resolve(`/v1/file/rc/${options.file.name}`);
      });
    };
    const { onSubmit, user } = renderUpload({ minCount: 1, maxCount: 2, upload });
    await user.upload(input(), [png('front.png')]);
    expect(await screen.findByText('Files can be at most 10 MB each.')).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('Retry or remove the images that failed to upload')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry upload of front.png' }));
    expect(await screen.findByRole('progressbar', { name: 'Uploading front.png: 40%' })).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('Wait for the uploads to finish')).toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await user.click(save());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ rcImages: ['/v1/file/rc/front.png'] }, expect.anything()),
    );
  });

  it('opens the file chooser from the keyboard', async () => {
    const { user } = renderUpload();
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);
    await user.tab();
    expect(dropzone()).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
    click.mockRestore();
  });

  it('shows stored images of an existing value, fetched with the session', async () => {
    const fetches = stubFetch({
      'GET /file/rc/abc.png': new Response(new Uint8Array([0x89, 0x50]), {
        headers: { 'Content-Type': 'image/png' },
      }),
    });
    renderUpload({ value: ['/v1/file/rc/abc.png'] });
    const list = await screen.findByRole('list', { name: 'Uploaded images' });
    await waitFor(() =>
      expect(within(list).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', 'blob:preview'),
    );
    expect(fetches.callsTo('GET /file/rc/abc.png')).toHaveLength(1);
  });

  it('speaks Hindi', async () => {
    await i18n.changeLanguage('hi');
    renderUpload();
    fireEvent.drop(dropzone(), { dataTransfer: { files: [gif()], types: ['Files'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('आप इस प्रकार की फ़ाइलें अपलोड नहीं कर सकते');
  });
});
