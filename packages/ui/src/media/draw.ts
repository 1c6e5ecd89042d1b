import {
  ANNOTATION_STYLE,
  EDITED_IMAGE_QUALITY,
  IMAGE_EDITOR_CANVAS,
  arrowHead,
  arrowHeadLength,
  compositePlan,
  fitInto,
  turnMatrix,
  turnedSize,
  type Annotation,
  type Point,
  withoutUnusableCharacters,
  type Size,
} from '@servicebay/domain';

/** A decoded picture: anything a canvas draws, with its upright size. */
export interface DecodedImage {
  source: CanvasImageSource;
  width: number;
  height: number;
  /** Frees it (ImageBitmap.close). */
  close?: () => void;
}

/**
 * Decodes a picture file for the canvas, turned upright by its EXIF orientation as the server
 * does (createImageBitmap reads the bytes directly: no object URL, nothing for the page's CSP).
 */
export async function decodeImageFile(file: Blob): Promise<DecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
}

/** Draws annotations; `map` takes picture points to the context's pixels, `stroke` scales the widths (4). */
export function drawAnnotations(ctx: CanvasRenderingContext2D, annotations: readonly Annotation[], map: (p: Point) => Point, unit: number, strokeScale: number) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const annotation of annotations) {
    const style = ANNOTATION_STYLE[annotation.kind];
    ctx.strokeStyle = style.color;
    ctx.lineWidth = style.stroke * strokeScale;
    ctx.beginPath();
    if (annotation.kind === 'arrow') {
      const from = map(annotation.from);
      const to = map(annotation.to);
      const [left, right] = arrowHead(from, to, arrowHeadLength(ctx.lineWidth));
      ctx.moveTo(from.x, from.y);
      ctx.lineTo(to.x, to.y);
      ctx.moveTo(left.x, left.y);
      ctx.lineTo(to.x, to.y);
      ctx.lineTo(right.x, right.y);
    } else {
      const center = map(annotation.center);
      ctx.arc(center.x, center.y, annotation.radius * unit, 0, Math.PI * 2);
    }
    ctx.stroke();
  }
}

/**
 * The editor's 800x600 canvas: the turned picture fitted and centred, then the annotations at
 * stroke 4, then the keyboard cursor (a crosshair) when the canvas has the keyboard's focus.
 */
export function drawEditorCanvas(ctx: CanvasRenderingContext2D, image: DecodedImage, turns: number, annotations: readonly Annotation[], cursor: Point | null = null) {
  const original: Size = { width: image.width, height: image.height };
  const fit = fitInto(turnedSize(original, turns));
  const m = turnMatrix(original, turns);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = '#1f2328';
  ctx.fillRect(0, 0, IMAGE_EDITOR_CANVAS.width, IMAGE_EDITOR_CANVAS.height);
  const s = fit.scale;
  ctx.setTransform(s * m[0], s * m[1], s * m[2], s * m[3], s * m[4] + fit.offsetX, s * m[5] + fit.offsetY);
  ctx.drawImage(image.source, 0, 0, image.width, image.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  drawAnnotations(ctx, annotations, (p) => ({ x: p.x * s + fit.offsetX, y: p.y * s + fit.offsetY }), s, 1);
  if (cursor) {
    const x = cursor.x * s + fit.offsetX;
    const y = cursor.y * s + fit.offsetY;
    // Dark under light: visible on any picture.
    for (const [color, width] of [['#000000', 5], ['#ffffff', 2]] as const) {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.beginPath();
      ctx.moveTo(x - 14, y);
      ctx.lineTo(x + 14, y);
      ctx.moveTo(x, y - 14);
      ctx.lineTo(x, y + 14);
      ctx.stroke();
    }
  }
}

/**
 * The saved picture: the original turned, at its own resolution (at most 2048 px a side), with
 * the annotations drawn as they looked on the canvas, encoded as JPEG.
 */
export async function composeEditedImage(image: DecodedImage, turns: number, annotations: readonly Annotation[]): Promise<Blob> {
  const plan = compositePlan({ width: image.width, height: image.height }, turns);
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.fillStyle = '#ffffff'; // a PNG's transparency becomes white, as on the server
  ctx.fillRect(0, 0, plan.width, plan.height);
  ctx.setTransform(...plan.pictureMatrix);
  ctx.drawImage(image.source, 0, 0, image.width, image.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  drawAnnotations(ctx, annotations, (p) => ({ x: p.x * plan.scale, y: p.y * plan.scale }), plan.scale, plan.strokeScale);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))), 'image/jpeg', EDITED_IMAGE_QUALITY),
  );
}

/**
 * The saved picture's name: the original's, as a .jpg, without the characters no picture name
 * holds (the server refuses them; nobody typed this name, so they are dropped, not asked about).
 */
export function editedFileName(name: string): string {
  const base = withoutUnusableCharacters('pictureName', name.replace(/\.[^./\\]*$/, '')).trim() || 'picture';
  return `${base}.jpg`;
}
