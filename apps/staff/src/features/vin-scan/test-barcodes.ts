import { BarcodeFormat, Code39Reader, DataMatrixWriter, QRCodeWriter, type BitMatrix } from '@zxing/library';

/**
 * Barcode pictures for tests (unit tests here, the e2e camera feed): zxing writes QR and Data
 * Matrix; Code 39, the VIN label's usual code, is drawn from zxing's own reader tables.
 */

/** A picture: RGBA pixels, as a canvas holds them. */
export interface Picture {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** Draws dark cells (true) black on white, each cell `scale` pixels, with a quiet zone around. */
export function pictureOf(cells: (x: number, y: number) => boolean, columns: number, rows: number, scale: number, quiet: number): Picture {
  const width = (columns + 2 * quiet) * scale;
  const height = (rows + 2 * quiet) * scale;
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!cells(x, y)) continue;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const p = (((y + quiet) * scale + dy) * width + (x + quiet) * scale + dx) * 4;
          rgba[p] = rgba[p + 1] = rgba[p + 2] = 0;
        }
      }
    }
  }
  return { width, height, rgba };
}

function matrixPicture(matrix: BitMatrix, scale: number): Picture {
  return pictureOf((x, y) => matrix.get(x, y), matrix.getWidth(), matrix.getHeight(), scale, 4);
}

export function qrPicture(text: string, scale = 4): Picture {
  return matrixPicture(new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, new Map()), scale);
}

export function dataMatrixPicture(text: string, scale = 6): Picture {
  return matrixPicture(new DataMatrixWriter().encode(text, BarcodeFormat.DATA_MATRIX, 0, 0), scale);
}

const CODE39 = Code39Reader as unknown as { ALPHABET_STRING: string; CHARACTER_ENCODINGS: number[]; ASTERISK_ENCODING: number };

/** The modules (true = bar) of a Code 39 symbol: *TEXT*, wide elements 3 narrow, 1 narrow gap. */
export function code39Modules(text: string): boolean[] {
  const modules: boolean[] = [];
  const draw = (pattern: number) => {
    for (let i = 0; i < 9; i++) {
      const wide = (pattern >> (8 - i)) & 1;
      const bar = i % 2 === 0;
      for (let w = 0; w < (wide ? 3 : 1); w++) modules.push(bar);
    }
    modules.push(false);
  };
  draw(CODE39.ASTERISK_ENCODING);
  for (const char of text) {
    const index = CODE39.ALPHABET_STRING.indexOf(char);
    if (index < 0) throw new Error(`Code 39 has no ${char}`);
    draw(CODE39.CHARACTER_ENCODINGS[index]!);
  }
  draw(CODE39.ASTERISK_ENCODING);
  return modules;
}

export function code39Picture(text: string, scale = 2, rows = 40): Picture {
  const modules = code39Modules(text);
  return pictureOf((x) => modules[x]!, modules.length, rows, scale, 10);
}

/** Pastes a picture in the middle of a larger white one (a label seen by a camera). */
export function onBackground(picture: Picture, width: number, height: number): Picture {
  const rgba = new Uint8ClampedArray(width * height * 4).fill(255);
  const left = Math.max(0, Math.floor((width - picture.width) / 2));
  const top = Math.max(0, Math.floor((height - picture.height) / 2));
  for (let y = 0; y < Math.min(picture.height, height); y++) {
    const from = y * picture.width * 4;
    const row = picture.rgba.subarray(from, from + Math.min(picture.width, width) * 4);
    rgba.set(row, ((y + top) * width + left) * 4);
  }
  return { width, height, rgba };
}
