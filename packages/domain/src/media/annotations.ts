/**
 * The image editor's model, kept apart from the canvas so that it can be tested: the annotations,
 * undo, quarter turns of the picture and of the annotations with it, where the picture sits in the
 * 800x600 canvas, how a pointer maps onto the picture, and the size and transforms of the final
 * JPEG. The React modal (packages/ui ImageEditor) only draws what these functions say.
 * docs/media.md.
 *
 * Coordinates: annotations live in the pixels of the picture **as currently turned** (x right,
 * y down, origin top-left). Turning the picture turns every annotation with it, so what was drawn
 * on a wheel stays on the wheel. The canvas only ever shows the turned picture scaled to fit.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Arrow red, stroke 4; circle yellow, stroke 4; rotation 90 degrees. */
export const ANNOTATION_STYLE = {
  arrow: { color: '#ff0000', stroke: 4 },
  circle: { color: '#ffff00', stroke: 4 },
} as const;
export const ROTATION_STEP_DEGREES = 90;

/**
 * The canvas draws on 800x600 pixels and is shown at 0.8 of that (640x480 CSS px) when the screen
 * has room, smaller when not; in landscape the tool column takes the 85 px left of it. See
 * `editorLayout`.
 */
export const IMAGE_EDITOR_CANVAS = { width: 800, height: 600, scale: 0.8, landscapeLeft: 85 } as const;

/** The edited picture is saved at the picture's own size, never above this edge (the server keeps 2048 anyway). */
export const EDITED_IMAGE_MAX_EDGE = 2048;
/** JPEG quality of the edited picture. */
export const EDITED_IMAGE_QUALITY = 0.9;

export type AnnotationTool = 'arrow' | 'circle';
export const DEFAULT_TOOL: AnnotationTool = 'arrow';

export type Annotation =
  | { kind: 'arrow'; from: Point; to: Point }
  /** Drawn from its centre outwards: the drag starts on the spot and ends on the rim. */
  | { kind: 'circle'; center: Point; radius: number };

/** Quarter turns clockwise from the original picture: 0, 1, 2 or 3. */
export type QuarterTurns = 0 | 1 | 2 | 3;

export interface EditorState {
  tool: AnnotationTool;
  turns: QuarterTurns;
  annotations: Annotation[];
}

export const initialEditorState = (): EditorState => ({ tool: DEFAULT_TOOL, turns: 0, annotations: [] });

const normalizeTurns = (turns: number): QuarterTurns => ((((turns % 4) + 4) % 4) as QuarterTurns);

/** The picture's size once turned. */
export function turnedSize(original: Size, turns: number): Size {
  return normalizeTurns(turns) % 2 === 0 ? { ...original } : { width: original.height, height: original.width };
}

/** A point of a picture of `size` (as shown now) after turning it a quarter clockwise (+1) or anticlockwise (-1). */
export function turnPoint(point: Point, size: Size, direction: 1 | -1): Point {
  return direction === 1 ? { x: size.height - point.y, y: point.x } : { x: point.y, y: size.width - point.x };
}

export function turnAnnotation(annotation: Annotation, size: Size, direction: 1 | -1): Annotation {
  if (annotation.kind === 'arrow') {
    return { kind: 'arrow', from: turnPoint(annotation.from, size, direction), to: turnPoint(annotation.to, size, direction) };
  }
  return { kind: 'circle', center: turnPoint(annotation.center, size, direction), radius: annotation.radius };
}

/**
 * Canvas matrix [a, b, c, d, e, f] (x' = a x + c y + e, y' = b x + d y + f) that draws the
 * original picture turned `turns` quarters clockwise, with its top-left at the origin.
 */
export function turnMatrix(original: Size, turns: number): [number, number, number, number, number, number] {
  const { width: w, height: h } = original;
  switch (normalizeTurns(turns)) {
    case 0:
      return [1, 0, 0, 1, 0, 0];
    case 1:
      return [0, 1, -1, 0, h, 0];
    case 2:
      return [-1, 0, 0, -1, w, h];
    default:
      return [0, -1, 1, 0, 0, w];
  }
}

/** Applies a canvas matrix to a point (tests, and mapping the corners). */
export function applyMatrix(m: readonly number[], p: Point): Point {
  return { x: m[0]! * p.x + m[2]! * p.y + m[4]!, y: m[1]! * p.x + m[3]! * p.y + m[5]! };
}

// ---- the editor's steps ----------------------------------------------------------------------

export type EditorAction =
  | { type: 'tool'; tool: AnnotationTool }
  | { type: 'add'; annotation: Annotation }
  | { type: 'undo' }
  | { type: 'rotate'; direction: 1 | -1; original: Size }
  | { type: 'reset' };

/** The editor's reducer: every step the toolbar and the pointer take. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'tool':
      return { ...state, tool: action.tool };
    case 'add':
      return { ...state, annotations: [...state.annotations, action.annotation] };
    case 'undo':
      // Undo takes back the last annotation only; a turn is taken back by the other turn button.
      return state.annotations.length === 0 ? state : { ...state, annotations: state.annotations.slice(0, -1) };
    case 'rotate': {
      const shown = turnedSize(action.original, state.turns);
      return {
        ...state,
        turns: normalizeTurns(state.turns + action.direction),
        annotations: state.annotations.map((a) => turnAnnotation(a, shown, action.direction)),
      };
    }
    case 'reset':
      return initialEditorState();
  }
}

// ---- the canvas ------------------------------------------------------------------------------

/** Where a picture of `picture` size sits in a canvas: scaled to fit whole, centred. */
export interface Fit {
  scale: number;
  offsetX: number;
  offsetY: number;
}

export function fitInto(picture: Size, canvas: Size = IMAGE_EDITOR_CANVAS): Fit {
  if (picture.width <= 0 || picture.height <= 0) return { scale: 1, offsetX: 0, offsetY: 0 };
  const scale = Math.min(canvas.width / picture.width, canvas.height / picture.height);
  return {
    scale,
    offsetX: (canvas.width - picture.width * scale) / 2,
    offsetY: (canvas.height - picture.height * scale) / 2,
  };
}

/**
 * A pointer position (CSS px inside the shown canvas element of `shown` size) as a point of the
 * turned picture, held inside the picture: a drag that leaves it ends on its edge.
 */
export function pointerToPicture(pointer: Point, shown: Size, picture: Size, canvas: Size = IMAGE_EDITOR_CANVAS): Point {
  const fit = fitInto(picture, canvas);
  const cx = (pointer.x * canvas.width) / (shown.width || 1);
  const cy = (pointer.y * canvas.height) / (shown.height || 1);
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return {
    x: clamp((cx - fit.offsetX) / fit.scale, picture.width),
    y: clamp((cy - fit.offsetY) / fit.scale, picture.height),
  };
}

/** The annotation a drag from `start` to `end` (picture points) makes with a tool. */
export function annotationFromDrag(tool: AnnotationTool, start: Point, end: Point): Annotation {
  return tool === 'arrow'
    ? { kind: 'arrow', from: start, to: end }
    : { kind: 'circle', center: start, radius: Math.hypot(end.x - start.x, end.y - start.y) };
}

/** Keyboard drawing: an arrow key moves the cursor this many canvas px, with Shift five times as far. */
export const KEYBOARD_STEP_CANVAS_PX = 10;

const CURSOR_KEYS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Drawing without a pointer (WCAG 2.1.1): arrow keys move a cursor over the picture, kept inside
 * it; null for any other key. `fitScale` is the canvas px per picture px, so a step looks the
 * same on any picture.
 */
export function moveCursor(cursor: Point, key: string, shift: boolean, picture: Size, fitScale: number): Point | null {
  const direction = CURSOR_KEYS[key];
  if (!direction) return null;
  const step = (KEYBOARD_STEP_CANVAS_PX * (shift ? 5 : 1)) / (fitScale || 1);
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  return { x: clamp(cursor.x + direction[0] * step, picture.width), y: clamp(cursor.y + direction[1] * step, picture.height) };
}

/** A tap or a slip of the finger is not an annotation: shorter than this many canvas px. */
export const MIN_DRAG_CANVAS_PX = 8;

export function isMeaningful(annotation: Annotation, fitScale: number): boolean {
  const length = annotation.kind === 'arrow' ? Math.hypot(annotation.to.x - annotation.from.x, annotation.to.y - annotation.from.y) : annotation.radius;
  return length * fitScale >= MIN_DRAG_CANVAS_PX;
}

/**
 * The two ends of an arrow's head at `to`, pointing back along the shaft at 30 degrees each side.
 * `length` is in the same units as the points.
 */
export function arrowHead(from: Point, to: Point, length: number): [Point, Point] {
  const angle = Math.atan2(to.y - from.y, to.x - from.x);
  const spread = Math.PI / 6;
  return [
    { x: to.x - length * Math.cos(angle - spread), y: to.y - length * Math.sin(angle - spread) },
    { x: to.x - length * Math.cos(angle + spread), y: to.y - length * Math.sin(angle + spread) },
  ];
}

/** The arrow head's length for a stroke width: long enough to read on a tablet. */
export const arrowHeadLength = (stroke: number) => stroke * 5;

// ---- the saved picture -----------------------------------------------------------------------

export interface CompositePlan {
  /** The JPEG's size: the turned picture at its own resolution, shrunk to EDITED_IMAGE_MAX_EDGE. */
  width: number;
  height: number;
  /** The canvas matrix that draws the original picture, turned and scaled, onto the JPEG. */
  pictureMatrix: [number, number, number, number, number, number];
  /** Output px per picture px: annotations are drawn at their points times this. */
  scale: number;
  /**
   * Output px per canvas px: a stroke of 4 on the editor's canvas is 4 × this in the JPEG, so the
   * saved picture looks like what the technician saw, whatever the picture's resolution.
   */
  strokeScale: number;
}

export function compositePlan(original: Size, turns: number, maxEdge: number = EDITED_IMAGE_MAX_EDGE, canvas: Size = IMAGE_EDITOR_CANVAS): CompositePlan {
  const turned = turnedSize(original, turns);
  const scale = Math.min(1, maxEdge / Math.max(turned.width, turned.height));
  const width = Math.max(1, Math.round(turned.width * scale));
  const height = Math.max(1, Math.round(turned.height * scale));
  const m = turnMatrix(original, turns);
  const fit = fitInto(turned, canvas);
  return {
    width,
    height,
    pictureMatrix: [m[0] * scale, m[1] * scale, m[2] * scale, m[3] * scale, m[4] * scale, m[5] * scale],
    scale,
    strokeScale: scale / fit.scale,
  };
}

// ---- the layout ------------------------------------------------------------------------------

export interface EditorLayout {
  orientation: 'landscape' | 'portrait';
  /** Where the tools go: a column left of the canvas (landscape) or a row above it (portrait). */
  tools: 'left' | 'top';
  /** Width of the tool column in landscape: the spec's 85 px left of the canvas; 0 in portrait. */
  toolColumn: number;
  /** The canvas element's CSS size: 800x600 × 0.8, shrunk (keeping 4:3) when the screen has less room. */
  canvasWidth: number;
  canvasHeight: number;
}

/**
 * The editor's layout, for screens of any size: the canvas keeps 800x600 drawing pixels and is
 * shown at 0.8 (640x480) at most; in landscape the tool buttons stand in an 85 px column to its
 * left (a thumb reaches them on a tablet held sideways), in portrait they sit in a row above it.
 * `viewport` is the room the modal's body has.
 */
export function editorLayout(viewport: Size): EditorLayout {
  const landscape = viewport.width > viewport.height;
  const toolColumn = landscape ? IMAGE_EDITOR_CANVAS.landscapeLeft : 0;
  const maxWidth = IMAGE_EDITOR_CANVAS.width * IMAGE_EDITOR_CANVAS.scale;
  const ratio = IMAGE_EDITOR_CANVAS.height / IMAGE_EDITOR_CANVAS.width;
  // Portrait keeps room for the tool row (about 56 px) above the canvas.
  const availableWidth = Math.max(0, viewport.width - toolColumn);
  const availableHeight = Math.max(0, viewport.height - (landscape ? 0 : 56));
  const width = Math.floor(Math.min(maxWidth, availableWidth, availableHeight / ratio));
  return {
    orientation: landscape ? 'landscape' : 'portrait',
    tools: landscape ? 'left' : 'top',
    toolColumn,
    canvasWidth: width,
    canvasHeight: Math.floor(width * ratio),
  };
}
