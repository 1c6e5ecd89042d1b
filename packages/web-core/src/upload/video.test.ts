import { describe, expect, it } from 'vitest';
import { blobReader, prepareVideo, readVideoDuration } from './video.js';

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const be32 = (n: number) => new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const box = (type: string, content: Uint8Array) => concat(be32(8 + content.length), new TextEncoder().encode(type), content);
/** An MP4 whose movie header says `seconds` (timescale 1000), its media data before it. */
const mp4 = (seconds: number, mdatBytes = 1000) =>
  concat(
    box('ftyp', new TextEncoder().encode('isom\0\0\0\0isom')),
    box('mdat', new Uint8Array(mdatBytes)),
    box('moov', box('mvhd', concat(new Uint8Array(12), be32(1000), be32(seconds * 1000), new Uint8Array(80)))),
  );

describe('blobReader', () => {
  it('reads the slices it is asked for', async () => {
    const read = blobReader(new Blob([new Uint8Array([1, 2, 3, 4, 5])]));
    expect([...(await read(1, 3))]).toEqual([2, 3]);
    expect([...(await read(3, 99))]).toEqual([4, 5]);
  });
});

describe('readVideoDuration', () => {
  it('reads an MP4 file from its header', async () => {
    expect(await readVideoDuration(new Blob([mp4(42)], { type: 'video/mp4' }))).toBe(42);
  });

  it('answers null for a file neither the parser nor the browser understands', async () => {
    expect(await readVideoDuration(new Blob(['not a video']), { timeoutMs: 50 })).toBeNull();
  });
});

describe('prepareVideo', () => {
  it('accepts a short video with its duration', async () => {
    expect(await prepareVideo(new Blob([mp4(30)]), { online: true })).toEqual({ ok: true, advice: null, durationSeconds: 30 });
  });

  it('advises against a video of more than 60 s', async () => {
    expect(await prepareVideo(new Blob([mp4(95)]), { online: true })).toEqual({ ok: true, advice: 'VIDEO_TOO_LONG', durationSeconds: 95 });
  });

  it('refuses a video over 52428800 bytes, and any video offline, without reading it', async () => {
    const unread = (size: number) =>
      ({
        size,
        slice: () => {
          throw new Error('read');
        },
      }) as unknown as Blob;
    expect(await prepareVideo(unread(52_428_801), { online: true })).toEqual({ ok: false, code: 'VIDEO_TOO_LARGE', durationSeconds: null });
    expect(await prepareVideo(unread(10), { online: false })).toEqual({ ok: false, code: 'VIDEO_OFFLINE', durationSeconds: null });
  });
});
