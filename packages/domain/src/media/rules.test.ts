import { describe, expect, it } from 'vitest';
import {
  checkPrimaryPicture,
  checkVideo,
  formatMediaDuration,
  isAllowedImage,
  mediaKindOf,
  routeMediaFiles,
  sniffImageType,
} from './rules.js';

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('mediaKindOf', () => {
  it('accepts png, jpg and jpeg pictures and mp4, mov and webm videos by declared type', () => {
    expect(mediaKindOf(file('a.png', 'image/png'))).toBe('image');
    expect(mediaKindOf(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(mediaKindOf(file('a.mp4', 'video/mp4'))).toBe('video');
    expect(mediaKindOf(file('a.mov', 'video/quicktime'))).toBe('video');
    expect(mediaKindOf(file('a.webm', 'video/webm;codecs=vp9'))).toBe('video');
  });

  it('refuses other pictures even when named like an allowed one', () => {
    expect(mediaKindOf(file('a.gif', 'image/gif'))).toBeNull();
    expect(mediaKindOf(file('a.jpg', 'image/gif'))).toBeNull();
    expect(mediaKindOf(file('a.svg', 'image/svg+xml'))).toBeNull();
    expect(mediaKindOf(file('a.heic', 'image/heic'))).toBeNull();
    expect(mediaKindOf(file('notes.txt', 'text/plain'))).toBeNull();
    expect(isAllowedImage(file('a.webp', 'image/webp'))).toBe(false);
  });

  it('falls back to the extension, any case, when the browser gives no type', () => {
    expect(mediaKindOf(file('FRONT.JPEG', ''))).toBe('image');
    expect(mediaKindOf(file('clip.MOV', ''))).toBe('video');
    expect(mediaKindOf(file('archive.zip', ''))).toBeNull();
    expect(mediaKindOf(file('noextension', ''))).toBeNull();
  });
});

describe('sniffImageType', () => {
  it('knows PNG and JPEG by their first bytes and nothing else', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(ascii('not a picture at all'))).toBeNull();
    expect(sniffImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('checkVideo', () => {
  it('refuses a video of 52428800 + 1 bytes and accepts one of exactly 52428800', () => {
    expect(checkVideo({ size: 52_428_801, durationSeconds: 10, online: true })).toEqual({ ok: false, code: 'VIDEO_TOO_LARGE' });
    expect(checkVideo({ size: 52_428_800, durationSeconds: 10, online: true })).toEqual({ ok: true, advice: null });
  });

  it('advises against a video over 60 s without refusing it', () => {
    expect(checkVideo({ size: 1000, durationSeconds: 60, online: true })).toEqual({ ok: true, advice: null });
    expect(checkVideo({ size: 1000, durationSeconds: 60.5, online: true })).toEqual({ ok: true, advice: 'VIDEO_TOO_LONG' });
    expect(checkVideo({ size: 1000, durationSeconds: null, online: true })).toEqual({ ok: true, advice: null });
  });

  it('refuses any video while offline, before looking at its size', () => {
    expect(checkVideo({ size: 1000, durationSeconds: 5, online: false })).toEqual({ ok: false, code: 'VIDEO_OFFLINE' });
    expect(checkVideo({ size: 99_999_999, durationSeconds: 5, online: false })).toEqual({ ok: false, code: 'VIDEO_OFFLINE' });
  });
});

describe('checkPrimaryPicture', () => {
  it('takes a picture, refuses a video with its own code and other files as not an image', () => {
    expect(checkPrimaryPicture(file('a.jpg', 'image/jpeg'))).toEqual({ ok: true });
    expect(checkPrimaryPicture(file('a.mp4', 'video/mp4'))).toEqual({ ok: false, code: 'VIDEO_NOT_ALLOWED_AS_PRIMARY' });
    expect(checkPrimaryPicture(file('a.avi', 'video/x-msvideo'))).toEqual({ ok: false, code: 'VIDEO_NOT_ALLOWED_AS_PRIMARY' });
    expect(checkPrimaryPicture(file('a.gif', 'image/gif'))).toEqual({ ok: false, code: 'IMAGE_TYPE_NOT_ALLOWED' });
  });
});

describe('routeMediaFiles', () => {
  it('routes by type in the order chosen, ignores other files and drops duplicate names', () => {
    const chosen = [
      file('tire.jpg', 'image/jpeg'),
      file('walkaround.mp4', 'video/mp4'),
      file('notes.pdf', 'application/pdf'),
      file('brakes.png', 'image/png'),
      file('TIRE.jpg', 'image/jpeg'),
      file('old.jpg', 'image/jpeg'),
      file('noise.mov', 'video/quicktime'),
    ];
    const routed = routeMediaFiles(chosen, ['old.JPG']);
    expect(routed.images.map((f) => f.name)).toEqual(['tire.jpg', 'brakes.png']);
    expect(routed.videos.map((f) => f.name)).toEqual(['walkaround.mp4', 'noise.mov']);
    expect(routed.ignored.map((f) => f.name)).toEqual(['notes.pdf']);
    expect(routed.duplicates.map((f) => f.name)).toEqual(['TIRE.jpg', 'old.jpg']);
  });

  it('gives empty lists for an empty choice', () => {
    expect(routeMediaFiles([])).toEqual({ images: [], videos: [], ignored: [], duplicates: [] });
  });
});

describe('formatMediaDuration', () => {
  it('shows minutes and seconds, hours when there are any, nothing when unknown', () => {
    expect(formatMediaDuration(0)).toBe('0:00');
    expect(formatMediaDuration(59.9)).toBe('0:59');
    expect(formatMediaDuration(61)).toBe('1:01');
    expect(formatMediaDuration(3725)).toBe('1:02:05');
    expect(formatMediaDuration(null)).toBe('');
    expect(formatMediaDuration(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatMediaDuration(-1)).toBe('');
  });
});
