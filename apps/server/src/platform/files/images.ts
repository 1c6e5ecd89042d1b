import sharp from 'sharp';
import { AppError, errors } from '@servicebay/domain';

/** Longest side of a stored picture: enough for a report page or a zoomed tablet view. */
export const MAX_IMAGE_DIMENSION = 2048;
/** JPEG quality of stored pictures; 85 keeps findings legible at about a fifth of a phone's size. */
export const IMAGE_JPEG_QUALITY = 85;
/**
 * Refuse images that would decode to more pixels than this (a 100 MP camera is the practical
 * top); a tiny file claiming a huge canvas (a decompression bomb) fails here, before decoding.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

// One image at a time per request thread is plenty on small machines; libvips' cache only helps
// when the same image is processed again, which never happens here.
sharp.cache(false);

/**
 * The stored form of an uploaded picture, read from a file on disk: turned upright by its EXIF
 * orientation, shrunk to fit MAX_IMAGE_DIMENSION (never enlarged), re-encoded as JPEG in sRGB.
 * Nothing of the original's metadata survives (EXIF with GPS and camera serials, XMP, IPTC, ICC
 * profile, comments): sharp writes none unless asked. The answer is a stream of JPEG bytes.
 */
export function normalizeImage(
  inputPath: string,
  maxDimension: number | null = MAX_IMAGE_DIMENSION,
  quality = IMAGE_JPEG_QUALITY,
  mozjpeg = true,
): ReturnType<typeof sharp> {
  const image = sharp(inputPath, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true }).rotate();
  if (maxDimension !== null) image.resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true });
  return image.flatten({ background: '#ffffff' }).toColourspace('srgb').jpeg({ quality, mozjpeg });
}

/**
 * A further copy of an uploaded picture, made from the same temporary file as the stored one and
 * in the same way (upright, sRGB, no metadata): `maxDimension` null keeps the full size.
 */
export interface ImageVariant {
  name: string;
  maxDimension: number | null;
  quality: number;
  /** mozjpeg's smaller files cost several seconds on a 12-megapixel picture: off for the full-size copy. */
  mozjpeg?: boolean;
}

/**
 * The copies an inspection result's picture gets besides the shown one (2048 px): the original
 * as taken (full size, upright, metadata removed), the gallery's, the customer's phone's, and the
 * thumbnail a phone's report shows two across (320 px: a fifth of the phone copy's bytes; the
 * report offers both and the browser takes what its screen needs).
 */
export const RESULT_PICTURE_VARIANTS: readonly ImageVariant[] = [
  { name: 'original', maxDimension: null, quality: 90, mozjpeg: false },
  { name: 'gallery', maxDimension: 1280, quality: 80 },
  { name: 'phone', maxDimension: 640, quality: 75 },
  { name: 'thumb', maxDimension: 320, quality: 70 },
];

/** Turns what libvips says about a bad picture into the error shape; other errors pass through. */
export function imageError(error: unknown): unknown {
  if (error instanceof AppError || !(error instanceof Error)) return error;
  const message = error.message;
  if (/pixel limit/i.test(message)) {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', `Image is larger than ${MAX_IMAGE_PIXELS} pixels`);
  }
  if (/unsupported image format|VipsJpeg|VipsPng|VipsForeign|libpng|pngload|jpegload|webpload|heifload|Premature end|corrupt|bad seek|Input file|read error|treated as error/i.test(message)) {
    return errors.invalid('file: the picture could not be read');
  }
  return error;
}
