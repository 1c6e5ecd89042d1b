// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { ImageGallery, stepIndex, swipeStep, type GalleryPicture } from './ImageGallery.js';
import { renderWithUi } from '../testing/render.js';

afterEach(cleanup);

const pictures: GalleryPicture[] = [
  { url: '/v2/files/a?expires=1&signature=s', name: 'front.jpg', worker: 'Tess Tech', dateTime: '2026-11-22T15:30:00Z', gps: { lat: 45.5017, long: -73.5673 } },
  { url: '/v2/files/b?expires=1&signature=s', name: 'tire.jpg', worker: 'Tom Two' },
  { url: '/v2/files/c?expires=1&signature=s', name: 'brakes.jpg' },
];
const shown = () => within(screen.getByRole('dialog')).getByRole('img');

describe('stepIndex', () => {
  it('goes round at both ends', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});

describe('swipeStep', () => {
  it('moves on a clear horizontal swipe only', () => {
    expect(swipeStep(-120, 10)).toBe(1);
    expect(swipeStep(120, -10)).toBe(-1);
    expect(swipeStep(20, 0)).toBe(0);
    expect(swipeStep(60, 90)).toBe(0);
  });
});

describe('ImageGallery', () => {
  it('shows a picture with its name, worker and date, and moves with the buttons and the arrow keys', () => {
    renderWithUi(<ImageGallery opened pictures={pictures} onClose={() => {}} formatDateTime={(v) => `at ${v}`} />);
    const dialog = screen.getByRole('dialog', { name: 'Pictures' });
    expect(shown().getAttribute('alt')).toBe('Picture front.jpg');
    expect(shown().getAttribute('src')).toBe(pictures[0]!.url);
    expect(within(dialog).getByText('By Tess Tech')).toBeTruthy();
    expect(within(dialog).getByText('at 2026-11-22T15:30:00Z').getAttribute('datetime')).toBe('2026-11-22T15:30:00Z');
    expect(within(dialog).getByText('1 of 3')).toBeTruthy();
    expect(within(dialog).getByText('Taken at 45.50170, -73.56730')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next picture' }));
    expect(shown().getAttribute('alt')).toBe('Picture tire.jpg');
    expect(within(dialog).getByText('By Tom Two')).toBeTruthy();
    expect(within(dialog).queryByText(/^Taken at/)).toBeNull();
    expect(within(dialog).getByText('2 of 3')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shown().getAttribute('alt')).toBe('Picture brakes.jpg');
    expect(within(dialog).queryByText(/^By /)).toBeNull();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shown().getAttribute('alt')).toBe('Picture front.jpg');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(shown().getAttribute('alt')).toBe('Picture brakes.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous picture' }));
    expect(shown().getAttribute('alt')).toBe('Picture tire.jpg');
  });

  it('opens on the picture asked for, in French', () => {
    renderWithUi(<ImageGallery opened pictures={pictures} initialIndex={2} onClose={() => {}} />, { language: 'fr' });
    expect(shown().getAttribute('alt')).toBe('Photo brakes.jpg');
    expect(screen.getByText('3 sur 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Photo suivante' })).toBeTruthy();
  });

  it('one picture: nothing to move to; none: says so', () => {
    const { unmount } = renderWithUi(<ImageGallery opened pictures={[pictures[0]!]} onClose={() => {}} />);
    expect((screen.getByRole('button', { name: 'Next picture' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(shown().getAttribute('alt')).toBe('Picture front.jpg');
    unmount();
    renderWithUi(<ImageGallery opened pictures={[]} onClose={() => {}} />);
    expect(screen.getByText('No pictures yet')).toBeTruthy();
  });

  it('shows each picture with its caption instead of its file name, under the title given, and moves with a swipe', () => {
    const captioned = pictures.map((p, n) => ({ ...p, caption: `Finding ${n + 1}` }));
    renderWithUi(<ImageGallery opened pictures={captioned} onClose={() => {}} title="Front brake pads" fullScreen />);
    const dialog = screen.getByRole('dialog', { name: 'Front brake pads' });
    expect(shown().getAttribute('alt')).toBe('Finding 1');
    expect(within(dialog).getByText('Finding 1')).toBeTruthy();
    expect(within(dialog).queryByText('front.jpg')).toBeNull();
    const area = shown().closest('.mantine-Group-root')!;
    // A finger's touch as the browser reports it (the modal's scroll lock reads changedTouches too).
    const at = (clientX: number, clientY: number) => {
      const list = [{ clientX, clientY }];
      return { touches: list, changedTouches: list };
    };
    fireEvent.touchStart(area, at(300, 200));
    fireEvent.touchEnd(area, { ...at(120, 210), touches: [] });
    expect(shown().getAttribute('alt')).toBe('Finding 2');
    fireEvent.touchStart(area, at(100, 200));
    fireEvent.touchEnd(area, { ...at(300, 190), touches: [] });
    expect(shown().getAttribute('alt')).toBe('Finding 1');
    // A tap, or a scroll, is not a swipe.
    fireEvent.touchStart(area, at(100, 200));
    fireEvent.touchEnd(area, { ...at(110, 400), touches: [] });
    expect(shown().getAttribute('alt')).toBe('Finding 1');
  });

  it('closes with Escape', async () => {
    let closed = 0;
    renderWithUi(<ImageGallery opened pictures={pictures} onClose={() => closed++} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(closed).toBe(1);
  });
});
