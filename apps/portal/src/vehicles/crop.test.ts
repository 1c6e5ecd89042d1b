import { describe, expect, it } from 'vitest';
import { applyMatrix, turnMatrix } from '@servicebay/domain';
import { cropMatrix, cropRect, initialCrop, keyPan, outputSize, pan, PROFILE_PICTURE_MAX_ZOOM, rotate, zoomTo } from './crop.js';

const landscape = { width: 4000, height: 2000 };
const portrait = { width: 1500, height: 3000 };

describe('the frame', () => {
  it('starts as the largest 4:3 frame, centred', () => {
    expect(cropRect(landscape, initialCrop(landscape))).toEqual({ x: (4000 - 2666.6666666666665) / 2, y: 0, width: 2666.6666666666665, height: 2000 });
    expect(cropRect(portrait, initialCrop(portrait))).toEqual({ x: 0, y: (3000 - 1125) / 2, width: 1500, height: 1125 });
  });

  it('follows a drag and stops at the edges of the picture', () => {
    const start = initialCrop(landscape);
    // The view is 400 px wide for 2666 picture px: a drag of 60 px to the right moves the frame 400 px left.
    const moved = cropRect(landscape, pan(landscape, start, 60, 0, 400));
    expect(moved.x).toBeCloseTo(666.67 - 400, 1);
    expect(cropRect(landscape, pan(landscape, start, 10_000, 10_000, 400))).toMatchObject({ x: 0, y: 0 });
    expect(cropRect(landscape, pan(landscape, start, -10_000, 0, 400)).x).toBeCloseTo(4000 - 2666.67, 1);
  });

  it('zooms about its centre between 1 and the maximum', () => {
    const zoomed = zoomTo(landscape, initialCrop(landscape), 2);
    expect(cropRect(landscape, zoomed)).toMatchObject({ width: 2666.6666666666665 / 2, height: 1000, y: 500 });
    expect(zoomTo(landscape, zoomed, 99).zoom).toBe(PROFILE_PICTURE_MAX_ZOOM);
    expect(zoomTo(landscape, zoomed, 0.2).zoom).toBe(1);
    expect(zoomTo(landscape, zoomed, Number.NaN).zoom).toBe(1);
    // Zooming out near an edge pulls the frame back inside.
    const corner = pan(landscape, zoomed, 10_000, 10_000, 400);
    expect(cropRect(landscape, zoomTo(landscape, corner, 1))).toMatchObject({ x: 0, y: 0, height: 2000 });
  });

  it('turns by quarters and recentres, keeping the zoom', () => {
    const turned = rotate(landscape, zoomTo(landscape, initialCrop(landscape), 2), 1);
    expect(turned).toEqual({ turns: 1, zoom: 2, center: { x: 1000, y: 2000 } });
    // The turned picture is 2000 x 4000: the frame is 2000 / 2 wide.
    expect(cropRect(landscape, turned)).toMatchObject({ width: 1000, height: 750 });
    expect(rotate(landscape, initialCrop(landscape), -1).turns).toBe(3);
    expect(rotate(landscape, { ...initialCrop(landscape), turns: 3 }, 1).turns).toBe(0);
  });
});

describe('the saved picture', () => {
  it('is 4:3, at most 1200 px wide, never larger than the frame', () => {
    expect(outputSize(landscape, initialCrop(landscape))).toEqual({ width: 1200, height: 900 });
    const small = { width: 640, height: 480 };
    expect(outputSize(small, initialCrop(small))).toEqual({ width: 640, height: 480 });
    expect(outputSize(small, zoomTo(small, initialCrop(small), 4))).toEqual({ width: 160, height: 120 });
  });

  it('draws the turned picture with the frame scaled onto the canvas, for every turn', () => {
    for (const turns of [0, 1, 2, 3] as const) {
      const state = zoomTo(landscape, { ...initialCrop(landscape), turns, center: { x: 300, y: 400 } }, 1.5);
      const rect = cropRect(landscape, state);
      const out = outputSize(landscape, state);
      const m = cropMatrix(landscape, state, out);
      const turn = turnMatrix(landscape, turns);
      const s = out.width / rect.width;
      for (const p of [{ x: 0, y: 0 }, { x: 4000, y: 2000 }, { x: 1234, y: 567 }]) {
        const turned = applyMatrix(turn, p);
        const drawn = applyMatrix(m, p);
        expect(drawn.x).toBeCloseTo((turned.x - rect.x) * s, 6);
        expect(drawn.y).toBeCloseTo((turned.y - rect.y) * s, 6);
      }
    }
    // Upright, not zoomed: the frame's corners land on the canvas's corners.
    const state = initialCrop(landscape);
    const rect = cropRect(landscape, state);
    const m = cropMatrix(landscape, state, { width: 1200, height: 900 });
    expect(applyMatrix(m, { x: rect.x, y: 0 })).toEqual({ x: 0, y: 0 });
    const far = applyMatrix(m, { x: rect.x + rect.width, y: rect.height });
    expect(far.x).toBeCloseTo(1200, 6);
    expect(far.y).toBeCloseTo(900, 6);
  });
});

describe('keyPan', () => {
  it('moves the frame a tenth of the view, a hundredth with Shift', () => {
    expect(keyPan('ArrowLeft', false, 400)).toEqual({ dx: 40, dy: 0 });
    expect(keyPan('ArrowDown', true, 400)).toEqual({ dx: 0, dy: -4 });
    expect(keyPan('Enter', false, 400)).toBeNull();
  });
});
