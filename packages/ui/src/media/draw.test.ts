import { describe, expect, it } from 'vitest';
import { drawAnnotations, drawEditorCanvas, editedFileName } from './draw.js';
import { recordingContext } from '../testing/canvas.js';

describe('drawAnnotations', () => {
  it('strokes arrows red and circles yellow at 4 × the stroke scale, mapped onto the canvas', () => {
    const { ctx, calls, strokes } = recordingContext();
    drawAnnotations(
      ctx,
      [
        { kind: 'arrow', from: { x: 0, y: 0 }, to: { x: 100, y: 0 } },
        { kind: 'circle', center: { x: 50, y: 50 }, radius: 10 },
      ],
      (p) => ({ x: p.x * 2 + 5, y: p.y * 2 + 5 }),
      2,
      1.5,
    );
    expect(strokes().map((s) => [s.strokeStyle, s.lineWidth])).toEqual([
      ['#ff0000', 6],
      ['#ffff00', 6],
    ]);
    // The shaft, then the head ending on the tip.
    expect(calls.find((c) => c.name === 'moveTo')!.args).toEqual([5, 5]);
    expect(calls.filter((c) => c.name === 'lineTo')[0]!.args).toEqual([205, 5]);
    expect(calls.filter((c) => c.name === 'lineTo')[1]!.args).toEqual([205, 5]);
    // The circle: centre mapped, radius scaled by the unit.
    expect(calls.find((c) => c.name === 'arc')!.args).toEqual([105, 105, 20, 0, Math.PI * 2]);
  });
});

describe('drawEditorCanvas', () => {
  it('draws the picture turned and fitted, then the annotations at stroke 4', () => {
    const { ctx, calls, strokes } = recordingContext();
    const image = { source: {} as CanvasImageSource, width: 1600, height: 1200 };
    drawEditorCanvas(ctx, image, 1, [{ kind: 'circle', center: { x: 600, y: 800 }, radius: 100 }]);
    const draw = calls.find((c) => c.name === 'drawImage')!;
    // Turned: 1200x1600 fitted into 800x600 at 0.375, centred with 175 px each side.
    expect(draw.transform).toEqual([0, 0.375, -0.375, 0, 1200 * 0.375 + 175, 0]);
    expect(draw.args).toEqual([image.source, 0, 0, 1600, 1200]);
    expect(strokes()).toHaveLength(1);
    expect(strokes()[0]!.lineWidth).toBe(4);
    expect(calls.find((c) => c.name === 'arc')!.args).toEqual([600 * 0.375 + 175, 800 * 0.375, 37.5, 0, Math.PI * 2]);
  });
});

describe('editedFileName', () => {
  it("keeps the original's name with .jpg", () => {
    expect(editedFileName('front.png')).toBe('front.jpg');
    expect(editedFileName('IMG_0042.JPEG')).toBe('IMG_0042.jpg');
    expect(editedFileName('wheel')).toBe('wheel.jpg');
    expect(editedFileName('.png')).toBe('picture.jpg');
  });

  it('drops the characters no picture name holds', () => {
    expect(editedFileName('front: left?.png')).toBe('front left.jpg');
    expect(editedFileName('<*>.jpg')).toBe('picture.jpg');
    expect(editedFileName('Pneu #2 (avant).jpeg')).toBe('Pneu #2 (avant).jpg');
  });
});
