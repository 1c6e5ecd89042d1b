// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { ImageEditor, type EditedImage, type ImageEditorProps } from './ImageEditor.js';
import type { DecodedImage } from './draw.js';
import { renderWithUi } from '../testing/render.js';
import { recordingContext } from '../testing/canvas.js';

const JPEG_START = [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46];
const jpeg = (name = 'wheel.jpg') => new File([new Uint8Array([...JPEG_START, ...new Uint8Array(40)])], name, { type: 'image/jpeg' });

let canvasContext: ReturnType<typeof recordingContext>;
beforeEach(() => {
  canvasContext = recordingContext();
  // jsdom has no canvas: a recording 2D context stands in for the drawing.
  HTMLCanvasElement.prototype.getContext = (() => canvasContext.ctx) as unknown as HTMLCanvasElement['getContext'];
  HTMLCanvasElement.prototype.getBoundingClientRect = () => ({ left: 0, top: 0, width: 640, height: 480, right: 640, bottom: 480, x: 0, y: 0, toJSON: () => ({}) });
});
afterEach(cleanup);

/** The editor as a caller uses it: open while it holds a file, closed by onClose. */
function Harness(props: Partial<ImageEditorProps> & { initial: File | null }) {
  const [file, setFile] = useState<File | null>(props.initial);
  return (
    <ImageEditor
      file={file}
      onDone={props.onDone ?? (() => {})}
      onClose={() => {
        props.onClose?.();
        setFile(null);
      }}
      onRejected={props.onRejected}
      decodeImage={props.decodeImage ?? (async () => ({ source: {} as CanvasImageSource, width: 1600, height: 1200 }))}
      compose={props.compose}
    />
  );
}

const canvas = () => screen.getByTestId('image-editor-canvas');
const status = () => screen.getByTestId('image-editor-status').textContent;
function drag(from: [number, number], to: [number, number], pointerType = 'touch') {
  fireEvent.pointerDown(canvas(), { pointerId: 1, isPrimary: true, clientX: from[0], clientY: from[1], pointerType });
  fireEvent.pointerMove(canvas(), { pointerId: 1, isPrimary: true, clientX: (from[0] + to[0]) / 2, clientY: (from[1] + to[1]) / 2, pointerType });
  fireEvent.pointerUp(canvas(), { pointerId: 1, isPrimary: true, clientX: to[0], clientY: to[1], pointerType });
}

describe('ImageEditor', () => {
  it('refuses a video with the spec message and closes', async () => {
    const onRejected = vi.fn();
    const onClose = vi.fn();
    renderWithUi(<Harness initial={new File([new Uint8Array(10)], 'walkaround.mp4', { type: 'video/mp4' })} onRejected={onRejected} onClose={onClose} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Were sorry videos are not allowed as primary pictures');
    expect(onRejected).toHaveBeenCalledWith('VIDEO_NOT_ALLOWED_AS_PRIMARY');
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('refuses a file that is not a PNG or JPEG by its bytes, in French too', async () => {
    const onRejected = vi.fn();
    renderWithUi(<Harness initial={new File(['not a picture'], 'notes.jpg', { type: 'image/jpeg' })} onRejected={onRejected} />, { language: 'fr' });
    expect((await screen.findByRole('alert')).textContent).toContain('Seules les photos PNG ou JPEG peuvent être utilisées.');
    expect(onRejected).toHaveBeenCalledWith('IMAGE_TYPE_NOT_ALLOWED');
  });

  it('names every control, starts on the arrow, and draws the picture on the canvas', async () => {
    renderWithUi(<Harness initial={jpeg()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Annotate the picture' });
    await waitFor(() => expect(status()).toBe('Annotations: 0. Rotation: 0 degrees.'));
    const toolbar = within(dialog).getByRole('toolbar', { name: 'Annotation tools' });
    expect(within(toolbar).getByRole('button', { name: 'Arrow' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(toolbar).getByRole('button', { name: 'Circle' }).getAttribute('aria-pressed')).toBe('false');
    expect((within(toolbar).getByRole('button', { name: 'Undo the last annotation' }) as HTMLButtonElement).disabled).toBe(true);
    for (const name of ['Rotate left', 'Rotate right']) expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    for (const name of ['Take another', 'Cancel', 'Done']) expect(within(dialog).getByRole('button', { name })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: /^Picture wheel\.jpg\. Drag on it/ })).toBeTruthy();
    const c = canvas() as HTMLCanvasElement;
    expect([c.width, c.height]).toEqual([800, 600]);
    expect(canvasContext.calls.some((call) => call.name === 'drawImage')).toBe(true);
  });

  it('draws by dragging, ignores a tap, undoes the last, turns and gives the edited JPEG and the original on Done', async () => {
    const compose = vi.fn(async () => new Blob(['jpeg bytes'], { type: 'image/jpeg' }));
    const results: EditedImage[] = [];
    const file = jpeg('brake pad.png');
    renderWithUi(<Harness initial={file} compose={compose} onDone={(r) => void results.push(r)} />);
    await waitFor(() => expect(status()).toBe('Annotations: 0. Rotation: 0 degrees.'));

    drag([100, 100], [300, 250], 'mouse');
    expect(status()).toBe('Annotations: 1. Rotation: 0 degrees.');
    // The arrow was stroked red while being drawn.
    expect(canvasContext.strokes().some((s) => s.strokeStyle === '#ff0000' && s.lineWidth === 4)).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Circle' }));
    drag([320, 240], [320, 242]); // a tap
    expect(status()).toBe('Annotations: 1. Rotation: 0 degrees.');
    drag([320, 240], [320, 300]);
    expect(status()).toBe('Annotations: 2. Rotation: 0 degrees.');
    expect(canvasContext.strokes().some((s) => s.strokeStyle === '#ffff00')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Undo the last annotation' }));
    expect(status()).toBe('Annotations: 1. Rotation: 0 degrees.');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(status()).toBe('Annotations: 1. Rotation: 90 degrees.');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(status()).toBe('Annotations: 1. Rotation: 270 degrees.');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    await waitFor(() => expect(results).toHaveLength(1));
    // 640x480 shown, 800x600 canvas, 1600x1200 picture: the arrow in picture pixels, turned 3 quarters.
    const [, turns, annotations] = compose.mock.calls[0] as unknown as [DecodedImage, number, unknown[]];
    expect(turns).toBe(3);
    expect(annotations).toEqual([{ kind: 'arrow', from: { x: 250, y: 1600 - 250 }, to: { x: 625, y: 1600 - 750 } }]);
    expect(results[0]).toMatchObject({ name: 'brake pad.jpg', original: file, originalName: 'brake pad.png', width: 1200, height: 1600, annotations: 1, rotation: 270 });
    expect(await results[0]!.edited.text()).toBe('jpeg bytes');
  });

  it('draws with the keyboard: arrows move the cursor, Enter starts and ends, Escape drops a shape begun', async () => {
    const compose = vi.fn(async () => new Blob(['x'], { type: 'image/jpeg' }));
    renderWithUi(<Harness initial={jpeg()} compose={compose} />);
    await waitFor(() => expect(status()).toBe('Annotations: 0. Rotation: 0 degrees.'));
    const c = canvas();
    expect(c.tabIndex).toBe(0);
    act(() => c.focus());
    // The crosshair shows at the centre of the 1600x1200 picture, (400, 300) on the canvas.
    expect(canvasContext.calls.some((call) => call.name === 'moveTo' && call.args[0] === 386 && call.args[1] === 300)).toBe(true);
    fireEvent.keyDown(c, { key: 'Enter' });
    fireEvent.keyDown(c, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(c, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(c, { key: 'ArrowUp' });
    fireEvent.keyDown(c, { key: ' ' });
    expect(status()).toBe('Annotations: 1. Rotation: 0 degrees.');

    fireEvent.keyDown(c, { key: 'Enter' });
    fireEvent.keyDown(c, { key: 'ArrowDown', shiftKey: true });
    expect(c.getAttribute('data-mantine-stop-propagation')).toBe('true');
    fireEvent.keyDown(c, { key: 'Escape' });
    expect(c.getAttribute('data-mantine-stop-propagation')).toBeNull();
    fireEvent.keyDown(c, { key: 'Enter' });
    expect(status()).toBe('Annotations: 1. Rotation: 0 degrees.');
    expect(screen.getByRole('dialog')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    // 10 canvas px per key, 50 with Shift, at 0.5 canvas px per picture px.
    expect((compose.mock.calls[0] as unknown as [unknown, number, unknown[]])[2]).toEqual([{ kind: 'arrow', from: { x: 800, y: 600 }, to: { x: 1000, y: 580 } }]);
  });

  it('shows a picture it cannot decode, and takes another', async () => {
    const decodeImage = vi.fn(async (file: Blob): Promise<DecodedImage> => {
      if ((file as File).name === 'broken.jpg') throw new Error('bad');
      return { source: {} as CanvasImageSource, width: 400, height: 300 };
    });
    renderWithUi(<Harness initial={jpeg('broken.jpg')} decodeImage={decodeImage} />);
    expect((await screen.findByRole('alert')).textContent).toContain('This picture could not be read. Try another one.');
    expect((screen.getByRole('button', { name: 'Done' }) as HTMLButtonElement).disabled).toBe(true);
    const input = screen.getByRole('dialog').querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg');
    fireEvent.change(input, { target: { files: [jpeg('again.jpg')] } });
    await waitFor(() => expect(status()).toBe('Annotations: 0. Rotation: 0 degrees.'));
    expect(decodeImage).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('img', { name: /^Picture again\.jpg/ })).toBeTruthy();
  });

  it('cancel closes without giving anything', async () => {
    const onDone = vi.fn();
    const onClose = vi.fn();
    renderWithUi(<Harness initial={jpeg()} onDone={onDone} onClose={onClose} />);
    await waitFor(() => expect(status()).toBe('Annotations: 0. Rotation: 0 degrees.'));
    drag([10, 10], [200, 200]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the editor open with an alert when the JPEG cannot be made', async () => {
    const compose = vi.fn(async () => {
      throw new Error('toBlob');
    });
    renderWithUi(<Harness initial={jpeg()} compose={compose} />);
    await waitFor(() => expect(status()).toBe('Annotations: 0. Rotation: 0 degrees.'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })));
    expect((await screen.findByRole('alert')).textContent).toContain('The annotated picture could not be made.');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
