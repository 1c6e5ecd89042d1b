import { turnMatrix, turnedSize, type Point, type QuarterTurns, type Size } from '@servicebay/domain';

/**
 * The profile-picture editor's geometry, pure (docs/portal.md "Profile widget"): a frame of the
 * widget's aspect over the picture, moved by dragging or the arrow keys, zoomed, turned by quarter
 * turns; the saved JPEG is what the frame holds.
 */

/** The widget shows the picture at 4:3; the editor crops to it. */
export const PROFILE_PICTURE_ASPECT = 4 / 3;
/** The saved picture's widest edge: enough for a 3x phone screen, small to send. */
export const PROFILE_PICTURE_MAX_WIDTH = 1200;
export const PROFILE_PICTURE_MAX_ZOOM = 4;
/** JPEG quality of the saved picture. */
export const PROFILE_PICTURE_QUALITY = 0.9;

export interface CropState {
  turns: QuarterTurns;
  /** 1 = the largest frame the turned picture holds; up to PROFILE_PICTURE_MAX_ZOOM. */
  zoom: number;
  /** The frame's centre, in the turned picture's pixels. */
  center: Point;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** The frame's size at a zoom: the largest frame of the aspect that fits, divided by the zoom. */
function frameSize(turned: Size, zoom: number): Size {
  const width = Math.min(turned.width, turned.height * PROFILE_PICTURE_ASPECT) / zoom;
  return { width, height: width / PROFILE_PICTURE_ASPECT };
}

/** Keeps the frame inside the picture. */
function clampCenter(turned: Size, zoom: number, center: Point): Point {
  const frame = frameSize(turned, zoom);
  return {
    x: clamp(center.x, frame.width / 2, turned.width - frame.width / 2),
    y: clamp(center.y, frame.height / 2, turned.height - frame.height / 2),
  };
}

/** Upright, not zoomed, centred. */
export function initialCrop(original: Size): CropState {
  return { turns: 0, zoom: 1, center: { x: original.width / 2, y: original.height / 2 } };
}

/** The frame in the turned picture's pixels. */
export function cropRect(original: Size, state: CropState): Rect {
  const turned = turnedSize(original, state.turns);
  const frame = frameSize(turned, state.zoom);
  const center = clampCenter(turned, state.zoom, state.center);
  return { x: center.x - frame.width / 2, y: center.y - frame.height / 2, ...frame };
}

/**
 * Drags the picture by (dx, dy) pixels of a view `viewWidth` wide showing the frame: the
 * picture follows the finger, so the frame moves the other way.
 */
export function pan(original: Size, state: CropState, dx: number, dy: number, viewWidth: number): CropState {
  const turned = turnedSize(original, state.turns);
  const rect = cropRect(original, state);
  const perViewPixel = rect.width / viewWidth;
  const center = { x: rect.x + rect.width / 2 - dx * perViewPixel, y: rect.y + rect.height / 2 - dy * perViewPixel };
  return { ...state, center: clampCenter(turned, state.zoom, center) };
}

/** Zooms about the frame's centre, between 1 and the maximum. */
export function zoomTo(original: Size, state: CropState, zoom: number): CropState {
  const turned = turnedSize(original, state.turns);
  const next = clamp(Number.isFinite(zoom) ? zoom : 1, 1, PROFILE_PICTURE_MAX_ZOOM);
  const rect = cropRect(original, state);
  return { ...state, zoom: next, center: clampCenter(turned, next, { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }) };
}

/** A quarter turn clockwise (1) or anticlockwise (-1); the frame goes back to the middle, zoom kept. */
export function rotate(original: Size, state: CropState, direction: 1 | -1): CropState {
  const turns = ((((state.turns + direction) % 4) + 4) % 4) as QuarterTurns;
  const turned = turnedSize(original, turns);
  return { turns, zoom: state.zoom, center: { x: turned.width / 2, y: turned.height / 2 } };
}

/** The saved picture's size: the frame's own pixels, never wider than the maximum. */
export function outputSize(original: Size, state: CropState): Size {
  const rect = cropRect(original, state);
  const width = Math.max(1, Math.round(Math.min(rect.width, PROFILE_PICTURE_MAX_WIDTH)));
  return { width, height: Math.max(1, Math.round(width / PROFILE_PICTURE_ASPECT)) };
}

/**
 * Canvas matrix [a, b, c, d, e, f] that draws the original picture so the frame fills a canvas
 * `out` big: turn it, move the frame's corner to the origin, scale the frame to the canvas.
 */
export function cropMatrix(original: Size, state: CropState, out: Size): [number, number, number, number, number, number] {
  const [a, b, c, d, e, f] = turnMatrix(original, state.turns);
  const rect = cropRect(original, state);
  const s = out.width / rect.width;
  return [s * a, s * b, s * c, s * d, s * (e - rect.x), s * (f - rect.y)];
}

/** The arrow keys move the frame by a tenth of the view (a hundredth with Shift); null for other keys. */
export function keyPan(key: string, shift: boolean, viewWidth: number): { dx: number; dy: number } | null {
  const step = viewWidth / (shift ? 100 : 10);
  switch (key) {
    case 'ArrowLeft':
      return { dx: step, dy: 0 };
    case 'ArrowRight':
      return { dx: -step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: step };
    case 'ArrowDown':
      return { dx: 0, dy: -step };
    default:
      return null;
  }
}
