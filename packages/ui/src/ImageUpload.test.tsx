// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ImageUpload, isAcceptedImage } from './ImageUpload.js';
import { renderWithUi } from './testing/render.js';
import { recordingContext } from './testing/canvas.js';

afterEach(cleanup);

const picture = (name = 'car.jpg', type = 'image/jpeg', size = 10) => new File([new Uint8Array(size)], name, { type });
const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

/** An upload the test finishes by hand, reporting progress in between. */
function controlledUpload() {
  const calls: Array<{ file: File; progress: (f: number | null) => void; signal: AbortSignal; resolve: () => void; reject: (e: unknown) => void }> = [];
  const upload = (file: File, progress: (f: number | null) => void, signal: AbortSignal) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({ file, progress, signal, resolve: () => resolve({}), reject });
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { calls, upload };
}

describe('ImageUpload', () => {
  it('shows the current picture and uploads a chosen one with a progress bar', async () => {
    const { calls, upload } = controlledUpload();
    renderWithUi(<ImageUpload label="Vehicle picture" value={{ url: '/v2/files/k?expires=1&signature=s', name: 'old.jpg' }} upload={upload} />);
    expect(screen.getByRole('img', { name: 'Picture old.jpg' }).getAttribute('src')).toContain('/v2/files/k');
    const input = fileInput();
    expect(input.accept).toBe('image/png,image/jpeg');

    choose(picture());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.file.name).toBe('car.jpg');
    act(() => calls[0]!.progress(0.42));
    expect(screen.getByText('Uploading 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('42');
    expect((screen.getByRole('button', { name: 'Replace the picture' }) as HTMLButtonElement).disabled).toBe(true);

    await act(async () => calls[0]!.resolve());
    expect(await screen.findByText('Picture saved')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("shows the translated text of the server's error code", async () => {
    const { calls, upload } = controlledUpload();
    renderWithUi(<ImageUpload label="Fleet logo" upload={upload} />, { language: 'fr' });
    expect(screen.getByText('Pas encore de photo')).toBeTruthy();
    choose(picture('logo.png', 'image/png'));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.reject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Seules les photos PNG ou JPEG peuvent être envoyées.');
  });

  it('refuses a wrong type or a file over the limit before sending anything', async () => {
    const { calls, upload } = controlledUpload();
    renderWithUi(<ImageUpload label="Vehicle picture" upload={upload} maxBytes={100} />);
    choose(picture('clip.gif', 'image/gif'));
    expect((await screen.findByRole('alert')).textContent).toContain('Only PNG or JPEG pictures can be uploaded.');
    choose(picture('big.jpg', 'image/jpeg', 101));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('This picture is too large.'));
    expect(calls).toHaveLength(0);
  });

  it('cancels an upload and goes back to idle without an error', async () => {
    const { calls, upload } = controlledUpload();
    renderWithUi(<ImageUpload label="Vehicle picture" upload={upload} />);
    choose(picture());
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel the upload' }));
    expect(calls[0]!.signal.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts png, jpg and jpeg by type, or by extension when the browser gives no type', () => {
    expect(isAcceptedImage(picture('a.png', 'image/png'))).toBe(true);
    expect(isAcceptedImage(picture('a.JPEG', ''))).toBe(true);
    expect(isAcceptedImage(picture('a.heic', 'image/heic'))).toBe(false);
    expect(isAcceptedImage(picture('a.jpg.exe', ''))).toBe(false);
  });

  describe('with the image editor (annotate)', () => {
    const jpegBytes = (name = 'car.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Uint8Array(60)])], name, { type: 'image/jpeg' });

    it('refuses a file whose bytes are no picture before opening the editor', async () => {
      const { calls, upload } = controlledUpload();
      renderWithUi(<ImageUpload label="Vehicle picture" upload={upload} annotate />);
      choose(new File(['not a picture at all'], 'notes.jpg', { type: 'image/jpeg' }));
      expect((await screen.findByRole('alert')).textContent).toContain('Only PNG or JPEG pictures can be uploaded.');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls).toHaveLength(0);
    });

    it('hands a video to the editor, which refuses it as the picture and closes', async () => {
      const { calls, upload } = controlledUpload();
      renderWithUi(<ImageUpload label="Vehicle picture" upload={upload} annotate />);
      fireEvent.drop(screen.getByTestId('image-upload'), { dataTransfer: { files: [new File([new Uint8Array(20)], 'walkaround.mp4', { type: 'video/mp4' })] } });
      expect((await screen.findByRole('alert')).textContent).toContain('Were sorry videos are not allowed as primary pictures');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(calls).toHaveLength(0);
    });

    it('uploads what the editor made, named as the original with .jpg, and hands over the original', async () => {
      // jsdom cannot decode or encode pictures: a bitmap of a known size, a recording canvas and
      // a JPEG encoder stand in (the real ones run in e2e/specs/staff-vehicle-picture.spec.ts).
      const restore = { createImageBitmap: globalThis.createImageBitmap, getContext: HTMLCanvasElement.prototype.getContext, toBlob: HTMLCanvasElement.prototype.toBlob };
      globalThis.createImageBitmap = (async () => ({ width: 800, height: 600, close: () => {} })) as unknown as typeof createImageBitmap;
      HTMLCanvasElement.prototype.getContext = (() => recordingContext().ctx) as unknown as HTMLCanvasElement['getContext'];
      HTMLCanvasElement.prototype.toBlob = function (callback: BlobCallback, type?: string) {
        callback(new Blob([`${this.width}x${this.height}`], { type }));
      };
      try {
        const { calls, upload } = controlledUpload();
        const edited: unknown[] = [];
        const original = jpegBytes('side view.jpeg');
        renderWithUi(<ImageUpload label="Vehicle picture" upload={upload} annotate onEdited={(r) => edited.push(r)} />);
        choose(original);
        const dialog = await screen.findByRole('dialog', { name: 'Annotate the picture' });
        await waitFor(() => expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(false));
        fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
        await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
        await waitFor(() => expect(calls).toHaveLength(1));
        await waitFor(() => expect(dialog.isConnected).toBe(false));
        expect(calls[0]!.file.name).toBe('side view.jpg');
        expect(calls[0]!.file.type).toBe('image/jpeg');
        expect(await calls[0]!.file.text()).toBe('600x800');
        expect(edited).toEqual([expect.objectContaining({ original, originalName: 'side view.jpeg', rotation: 90 })]);
      } finally {
        globalThis.createImageBitmap = restore.createImageBitmap;
        HTMLCanvasElement.prototype.getContext = restore.getContext;
        HTMLCanvasElement.prototype.toBlob = restore.toBlob;
      }
    });

    it('opens the current picture in the gallery', async () => {
      renderWithUi(<ImageUpload label="Vehicle picture" value={{ url: '/v2/files/k?expires=1&signature=s', name: 'old.jpg' }} upload={async () => ({})} galleryDetails={{ worker: 'Tess Tech' }} />);
      fireEvent.click(screen.getByRole('button', { name: 'Open the picture in the gallery' }));
      const gallery = await screen.findByRole('dialog', { name: 'Pictures' });
      expect(within(gallery).getByRole('img', { name: 'Picture old.jpg' }).getAttribute('src')).toBe('/v2/files/k?expires=1&signature=s');
      expect(within(gallery).getByText('By Tess Tech')).toBeTruthy();
    });
  });
});
