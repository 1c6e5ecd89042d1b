/**
 * What the first bytes of a file say it is. Only the kinds ServiceBay accepts are recognized;
 * anything else is `null`, whatever its name or declared type. Images are decoded in full by
 * sharp afterwards, so this is the cheap first gate, not the only one.
 */
export type SniffedKind = 'image' | 'video';

export interface Sniffed {
  kind: SniffedKind;
  contentType: string;
  /** The usual extension, for names of stored files. */
  extension: string;
}

/** How many leading bytes `sniff` wants to decide (fewer only when the file is shorter). */
export const SNIFF_BYTES = 32;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** ISO base media brands (the `ftyp` box): HEIF pictures, MP4 and QuickTime videos. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);
const QUICKTIME_BRANDS = new Set(['qt  ']);

export function sniff(bytes: Uint8Array): Sniffed | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    return { kind: 'image', contentType: 'image/jpeg', extension: 'jpg' };
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { kind: 'image', contentType: 'image/webp', extension: 'webp' };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: Matroska and WebM share the header; browsers record WebM.
    return { kind: 'video', contentType: 'video/webm', extension: 'webm' };
  }
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand.length < 4) return null;
    if (HEIC_BRANDS.has(brand)) return { kind: 'image', contentType: 'image/heic', extension: 'heic' };
    if (AVIF_BRANDS.has(brand)) return { kind: 'image', contentType: 'image/avif', extension: 'avif' };
    if (QUICKTIME_BRANDS.has(brand)) return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' };
    // isom, iso2, mp41, mp42, avc1, M4V, 3gp... : MP4 family.
    if (/^[\x20-\x7e]{4}$/.test(brand)) return { kind: 'video', contentType: 'video/mp4', extension: 'mp4' };
  }
  // Older QuickTime files start with a moov, mdat, wide or free atom instead of ftyp.
  if (['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(bytes, 4, 8))) {
    return { kind: 'video', contentType: 'video/quicktime', extension: 'mov' };
  }
  return null;
}
