import { describe, expect, it } from 'vitest';
import {
  ANNOTATION_STYLE,
  IMAGE_EDITOR_CANVAS,
  annotationFromDrag,
  applyMatrix,
  arrowHead,
  compositePlan,
  editorLayout,
  editorReducer,
  fitInto,
  initialEditorState,
  isMeaningful,
  moveCursor,
  pointerToPicture,
  turnMatrix,
  turnPoint,
  turnedSize,
  type Annotation,
  type EditorState,
} from './annotations.js';

const photo = { width: 4000, height: 3000 };

describe('annotation constants', () => {
  it('arrow red stroke 4, circle yellow stroke 4, canvas 800x600 at 0.8 with 85 px left', () => {
    expect(ANNOTATION_STYLE.arrow).toEqual({ color: '#ff0000', stroke: 4 });
    expect(ANNOTATION_STYLE.circle).toEqual({ color: '#ffff00', stroke: 4 });
    expect(IMAGE_EDITOR_CANVAS).toEqual({ width: 800, height: 600, scale: 0.8, landscapeLeft: 85 });
    expect(initialEditorState()).toEqual({ tool: 'arrow', turns: 0, annotations: [] });
  });
});

describe('turning', () => {
  it('swaps width and height on odd quarter turns', () => {
    expect(turnedSize(photo, 0)).toEqual(photo);
    expect(turnedSize(photo, 1)).toEqual({ width: 3000, height: 4000 });
    expect(turnedSize(photo, 2)).toEqual(photo);
    expect(turnedSize(photo, -1)).toEqual({ width: 3000, height: 4000 });
  });

  it('moves a point with the picture: clockwise then back is where it was', () => {
    const p = { x: 100, y: 20 };
    // top-left area of a landscape picture goes to the top-right of the portrait one.
    expect(turnPoint(p, photo, 1)).toEqual({ x: 2980, y: 100 });
    expect(turnPoint(p, photo, -1)).toEqual({ x: 20, y: 3900 });
    expect(turnPoint(turnPoint(p, photo, 1), turnedSize(photo, 1), -1)).toEqual(p);
  });

  it('turnMatrix draws the original picture exactly where turnPoint puts its points', () => {
    const p = { x: 123, y: 456 };
    let shown = photo;
    let q = { ...p };
    for (let turns = 1; turns <= 4; turns++) {
      q = turnPoint(q, shown, 1);
      shown = turnedSize(photo, turns);
      expect(applyMatrix(turnMatrix(photo, turns), p)).toEqual(q);
    }
    // The corners of the original land on the corners of the turned picture.
    const corners = [
      { x: 0, y: 0 },
      { x: 4000, y: 3000 },
    ].map((c) => applyMatrix(turnMatrix(photo, 3), c));
    expect(corners).toEqual([
      { x: 0, y: 4000 },
      { x: 3000, y: 0 },
    ]);
  });
});

describe('editorReducer', () => {
  const arrow: Annotation = { kind: 'arrow', from: { x: 10, y: 10 }, to: { x: 200, y: 100 } };
  const circle: Annotation = { kind: 'circle', center: { x: 1000, y: 500 }, radius: 80 };

  it('adds annotations, undoes the last only, and undo on nothing changes nothing', () => {
    let state: EditorState = initialEditorState();
    state = editorReducer(state, { type: 'add', annotation: arrow });
    state = editorReducer(state, { type: 'tool', tool: 'circle' });
    state = editorReducer(state, { type: 'add', annotation: circle });
    expect(state.annotations).toEqual([arrow, circle]);
    state = editorReducer(state, { type: 'undo' });
    expect(state.annotations).toEqual([arrow]);
    expect(state.tool).toBe('circle');
    state = editorReducer(editorReducer(state, { type: 'undo' }), { type: 'undo' });
    expect(state.annotations).toEqual([]);
  });

  it('turns the annotations with the picture, and four turns come back to the start', () => {
    let state: EditorState = { ...initialEditorState(), annotations: [arrow, circle] };
    state = editorReducer(state, { type: 'rotate', direction: 1, original: photo });
    expect(state.turns).toBe(1);
    expect(state.annotations[0]).toEqual({ kind: 'arrow', from: { x: 2990, y: 10 }, to: { x: 2900, y: 200 } });
    expect(state.annotations[1]).toEqual({ kind: 'circle', center: { x: 2500, y: 1000 }, radius: 80 });
    state = editorReducer(state, { type: 'rotate', direction: -1, original: photo });
    expect(state).toEqual({ ...initialEditorState(), annotations: [arrow, circle] });
    for (let i = 0; i < 4; i++) state = editorReducer(state, { type: 'rotate', direction: -1, original: photo });
    expect(state.turns).toBe(0);
    expect(state.annotations).toEqual([arrow, circle]);
  });

  it('undo after a turn takes back the last annotation, not the turn', () => {
    let state: EditorState = { ...initialEditorState(), annotations: [arrow, circle] };
    state = editorReducer(state, { type: 'rotate', direction: 1, original: photo });
    state = editorReducer(state, { type: 'undo' });
    expect(state.turns).toBe(1);
    expect(state.annotations).toHaveLength(1);
    expect(state.annotations[0]!.kind).toBe('arrow');
  });

  it('reset starts over (take another)', () => {
    const state = editorReducer({ tool: 'circle', turns: 3, annotations: [arrow] }, { type: 'reset' });
    expect(state).toEqual(initialEditorState());
  });
});

describe('the canvas', () => {
  it('fits a picture whole and centred in 800x600', () => {
    expect(fitInto(photo)).toEqual({ scale: 0.2, offsetX: 0, offsetY: 0 });
    const portrait = fitInto({ width: 3000, height: 4000 });
    expect(portrait.scale).toBe(0.15);
    expect(portrait.offsetX).toBe(175);
    expect(portrait.offsetY).toBe(0);
    // A small picture is enlarged so that it can be drawn on.
    expect(fitInto({ width: 400, height: 300 }).scale).toBe(2);
  });

  it('maps a pointer on the shown canvas to picture pixels, kept inside the picture', () => {
    const shown = { width: 640, height: 480 }; // 800x600 × 0.8
    expect(pointerToPicture({ x: 320, y: 240 }, shown, photo)).toEqual({ x: 2000, y: 1500 });
    const portrait = { width: 3000, height: 4000 };
    // Left of a portrait picture (in the grey band) ends on its edge.
    expect(pointerToPicture({ x: 10, y: 240 }, shown, portrait)).toEqual({ x: 0, y: 2000 });
    expect(pointerToPicture({ x: 700, y: 900 }, shown, photo)).toEqual({ x: 4000, y: 3000 });
  });

  it('makes arrows from start to end and circles from the centre out; a tap is nothing', () => {
    expect(annotationFromDrag('arrow', { x: 1, y: 2 }, { x: 30, y: 40 })).toEqual({ kind: 'arrow', from: { x: 1, y: 2 }, to: { x: 30, y: 40 } });
    expect(annotationFromDrag('circle', { x: 0, y: 0 }, { x: 30, y: 40 })).toEqual({ kind: 'circle', center: { x: 0, y: 0 }, radius: 50 });
    // On a 4000 px picture shown at 0.2, 20 picture px are 4 canvas px: a slip of the finger.
    expect(isMeaningful(annotationFromDrag('arrow', { x: 0, y: 0 }, { x: 20, y: 0 }), 0.2)).toBe(false);
    expect(isMeaningful(annotationFromDrag('circle', { x: 0, y: 0 }, { x: 0, y: 50 }), 0.2)).toBe(true);
  });

  it('puts the arrow head behind the tip, 30 degrees each side of the shaft', () => {
    const [left, right] = arrowHead({ x: 0, y: 0 }, { x: 100, y: 0 }, 20);
    expect(left.x).toBeCloseTo(100 - 20 * Math.cos(Math.PI / 6));
    expect(left.y).toBeCloseTo(20 * Math.sin(Math.PI / 6));
    expect(right.x).toBeCloseTo(left.x);
    expect(right.y).toBeCloseTo(-left.y);
  });
});

describe('moveCursor (keyboard drawing)', () => {
  it('moves 10 canvas px per arrow key, 50 with Shift, inside the picture, and ignores other keys', () => {
    // 4000x3000 shown at 0.2: 10 canvas px are 50 picture px.
    expect(moveCursor({ x: 2000, y: 1500 }, 'ArrowRight', false, photo, 0.2)).toEqual({ x: 2050, y: 1500 });
    expect(moveCursor({ x: 2000, y: 1500 }, 'ArrowUp', true, photo, 0.2)).toEqual({ x: 2000, y: 1250 });
    expect(moveCursor({ x: 20, y: 2990 }, 'ArrowLeft', false, photo, 0.2)).toEqual({ x: 0, y: 2990 });
    expect(moveCursor({ x: 20, y: 2990 }, 'ArrowDown', false, photo, 0.2)).toEqual({ x: 20, y: 3000 });
    expect(moveCursor({ x: 1, y: 1 }, 'Enter', false, photo, 0.2)).toBeNull();
  });
});

describe('compositePlan: the saved JPEG', () => {
  it('keeps the turned picture at its own size when it fits, with strokes as seen on the canvas', () => {
    const plan = compositePlan({ width: 1600, height: 1200 }, 1);
    expect(plan).toMatchObject({ width: 1200, height: 1600, scale: 1 });
    expect(plan.pictureMatrix).toEqual([0, 1, -1, 0, 1200, 0]);
    // Shown at 600/1600 = 0.375 canvas px per picture px: 4 canvas px are 4 / 0.375 picture px.
    expect(plan.strokeScale).toBeCloseTo(1 / 0.375);
  });

  it('shrinks a 12-megapixel photo to 2048 on its long edge', () => {
    const plan = compositePlan(photo, 0);
    expect(plan).toMatchObject({ width: 2048, height: 1536 });
    expect(plan.scale).toBeCloseTo(0.512);
    expect(plan.pictureMatrix).toEqual([0.512, 0, 0, 0.512, 0, 0]);
    expect(plan.strokeScale).toBeCloseTo(0.512 / 0.2);
    const turned = compositePlan(photo, 3);
    expect(turned).toMatchObject({ width: 1536, height: 2048 });
    // The original's far corner lands on the JPEG's top-right... of the turned picture.
    expect(applyMatrix(turned.pictureMatrix, { x: 4000, y: 3000 })).toEqual({ x: 1536, y: 0 });
  });
});

describe('editorLayout', () => {
  it('a tablet in landscape: tools in the 85 px column, canvas at 0.8 (640x480)', () => {
    expect(editorLayout({ width: 1000, height: 640 })).toEqual({ orientation: 'landscape', tools: 'left', toolColumn: 85, canvasWidth: 640, canvasHeight: 480 });
  });

  it('a tablet in portrait: tools in a row above, canvas at 0.8', () => {
    expect(editorLayout({ width: 720, height: 900 })).toEqual({ orientation: 'portrait', tools: 'top', toolColumn: 0, canvasWidth: 640, canvasHeight: 480 });
  });

  it('a phone: the canvas shrinks and keeps 4:3', () => {
    const layout = editorLayout({ width: 340, height: 600 });
    expect(layout.canvasWidth).toBe(340);
    expect(layout.canvasHeight).toBe(255);
    const short = editorLayout({ width: 800, height: 400 });
    expect(short.canvasHeight).toBeLessThanOrEqual(400);
    expect(short.canvasWidth / short.canvasHeight).toBeCloseTo(4 / 3, 1);
  });
});
