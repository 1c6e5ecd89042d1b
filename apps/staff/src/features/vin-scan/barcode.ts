import {
  BinaryBitmap,
  Code128Reader,
  Code39Reader,
  DataMatrixReader,
  DecodeHintType,
  HybridBinarizer,
  PDF417Reader,
  QRCodeReader,
  RGBLuminanceSource,
  type Reader,
} from '@zxing/library';
import { vinFromBarcodeText } from '@servicebay/domain';

/**
 * VINs are printed as Code 39 (door jambs, windshields, older labels), Data Matrix (newer labels)
 * and QR (registrations, some insurance cards); Code 128 and PDF417 appear on a few documents.
 * Decoding is zxing's pure JavaScript: nothing is fetched at run time, so it works offline and
 * under the CSP.
 *
 * zxing's MultiFormatReader is not used: in 0.23 it logs a console warning for every reader that
 * finds nothing, i.e. several per camera frame. Each reader is tried here in turn instead.
 */
function vinReaders(): Reader[] {
  return [new Code39Reader(), new DataMatrixReader(), new QRCodeReader(), new Code128Reader(), new PDF417Reader()];
}

const HINTS = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);

/** What a barcode said, and the VIN in it when there is a plausible one. */
export interface BarcodeReading {
  text: string;
  vin: string | null;
}

export function readingOf(text: string): BarcodeReading {
  return { text, vin: vinFromBarcodeText(text) };
}

/** Greys RGBA pixels (as a canvas gives them) with the usual luma weights. */
export function luminance(rgba: Uint8ClampedArray, width: number, height: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) {
    grey[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114) / 1000;
  }
  return grey;
}

/**
 * Decodes one picture (RGBA pixels). Null when no barcode is found; a damaged or partial code
 * (checksum, format) reads as nothing too. The camera scanner decodes its frames with this.
 */
export function decodeBarcodeImage(rgba: Uint8ClampedArray, width: number, height: number): BarcodeReading | null {
  if (!width || !height) return null;
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance(rgba, width, height), width, height)));
  for (const reader of vinReaders()) {
    try {
      return readingOf(reader.decode(bitmap, HINTS).getText());
    } catch {
      // Not this format (or not readable): try the next one.
    }
  }
  return null;
}
