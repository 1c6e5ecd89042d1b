import { describe, expect, it } from 'vitest';
import { sniff } from './sniff.js';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const box = (brand: string) => bytes([0, 0, 0, 0x18], 'ftyp', brand, [0, 0, 0, 0], 'isommp41');

describe('sniff', () => {
  it.each([
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR'), 'image/png', 'image'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF'), 'image/jpeg', 'image'],
    ['JPEG (EXIF)', bytes([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34], 'Exif'), 'image/jpeg', 'image'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'image'],
    ['HEIC', box('heic'), 'image/heic', 'image'],
    ['HEIF (mif1)', box('mif1'), 'image/heic', 'image'],
    ['AVIF', box('avif'), 'image/avif', 'image'],
    ['MP4', box('isom'), 'video/mp4', 'video'],
    ['MP4 (iPhone mp42)', box('mp42'), 'video/mp4', 'video'],
    ['QuickTime', box('qt  '), 'video/quicktime', 'video'],
    ['old QuickTime', bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 8], 'mdat'), 'video/quicktime', 'video'],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]), 'video/webm', 'video'],
  ])('knows %s by its first bytes', (_name, head, contentType, kind) => {
    expect(sniff(head)).toMatchObject({ contentType, kind });
  });

  it.each([
    ['text named .jpg', Buffer.from('hello, this is not a picture at all')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00')],
    ['PDF', Buffer.from('%PDF-1.7\n')],
    ['ZIP', bytes([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])],
    ['empty', Buffer.alloc(0)],
    ['a PNG cut short', bytes([0x89], 'PNG')],
    ['a JPEG marker alone', bytes([0xff, 0xd8])],
    ['ftyp without a brand', bytes([0, 0, 0, 8], 'ftyp', 'is')],
    ['RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
  ])('knows nothing of %s', (_name, head) => {
    expect(sniff(head)).toBeNull();
  });
});
