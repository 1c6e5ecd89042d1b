// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { ImageUpload, isAcceptedImage } from './ImageUpload.js';
import { renderWithUi } from './testing/render.js';

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
});
