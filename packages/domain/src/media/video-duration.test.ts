import { describe, expect, it } from 'vitest';
import { bytesReader, videoDurationSeconds, type ByteReader } from './video-duration.js';

// ---- builders: real container bytes, made here ----------------------------------------------

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const text = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const be32 = (n: number) => new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const be64 = (n: number) => concat(be32(Math.floor(n / 2 ** 32)), be32(n >>> 0));

/** An ISO base media box: 32-bit size + type + content, or a 64-bit "largesize" one. */
const box = (type: string, content: Uint8Array, large = false) =>
  large ? concat(be32(1), text(type), be64(16 + content.length), content) : concat(be32(8 + content.length), text(type), content);

const ftyp = (brand = 'isom') => box('ftyp', concat(text(brand), be32(512), text('isomiso2mp41')));

function mvhd0(timescale: number, duration: number) {
  // version 0, flags, creation, modification, timescale, duration, then the rest of the header.
  return box('mvhd', concat(new Uint8Array([0, 0, 0, 0]), be32(0), be32(0), be32(timescale), be32(duration), new Uint8Array(80)));
}
function mvhd1(timescale: number, duration: number) {
  return box('mvhd', concat(new Uint8Array([1, 0, 0, 0]), be64(0), be64(0), be32(timescale), be64(duration), new Uint8Array(80)));
}
const trak = box('trak', box('tkhd', new Uint8Array(84)));

/** EBML: an element is its ID bytes, a size vint and the body. */
function sizeVint(n: number) {
  if (n < 0x7f) return new Uint8Array([0x80 | n]);
  if (n < 0x3fff) return new Uint8Array([0x40 | (n >> 8), n & 0xff]);
  return concat(new Uint8Array([0x10]), be32(n).subarray(1)); // 4-byte vint
}
const el = (id: number[], body: Uint8Array) => concat(new Uint8Array(id), sizeVint(body.length), body);
const UNKNOWN_SIZE = new Uint8Array([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
const f64 = (v: number) => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, v);
  return b;
};
const f32 = (v: number) => {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, v);
  return b;
};

const ebmlHeader = el([0x1a, 0x45, 0xdf, 0xa3], concat(el([0x42, 0x82], text('webm')), el([0x42, 0x87], new Uint8Array([4]))));
const seekHead = el([0x11, 0x4d, 0x9b, 0x74], el([0x4d, 0xbb], new Uint8Array(12)));
const voidEl = el([0xec], new Uint8Array(40));
const timecodeScale = (ns: number) => el([0x2a, 0xd7, 0xb1], be32(ns));
const durationEl = (value: Uint8Array) => el([0x44, 0x89], value);
const info = (...children: Uint8Array[]) => el([0x15, 0x49, 0xa9, 0x66], concat(...children));
const cluster = el([0x1f, 0x43, 0xb6, 0x75], new Uint8Array(64));
const segment = (body: Uint8Array, unknownSize = false) =>
  unknownSize ? concat(new Uint8Array([0x18, 0x53, 0x80, 0x67]), UNKNOWN_SIZE, body) : el([0x18, 0x53, 0x80, 0x67], body);

const duration = (bytes: Uint8Array) => videoDurationSeconds(bytesReader(bytes), bytes.length);

/** A reader that records what it was asked for, to prove a big file is not read whole. */
function countingReader(bytes: Uint8Array) {
  let read = 0;
  const reader: ByteReader = async (start, end) => {
    const chunk = await bytesReader(bytes)(start, end);
    read += chunk.length;
    return chunk;
  };
  return { reader, read: () => read };
}

describe('videoDurationSeconds: MP4 and QuickTime', () => {
  it('reads mvhd version 0 (timescale and 32-bit duration)', async () => {
    const mp4 = concat(ftyp(), box('moov', concat(mvhd0(1000, 42_500), trak)), box('mdat', new Uint8Array(100)));
    expect(await duration(mp4)).toBe(42.5);
  });

  it('reads mvhd version 1 (64-bit duration)', async () => {
    const mp4 = concat(ftyp(), box('moov', concat(mvhd1(90_000, 90_000 * 75), trak)));
    expect(await duration(mp4)).toBe(75);
  });

  it('skips a large mdat before the moov by its header alone', async () => {
    const mdat = box('mdat', new Uint8Array(2_000_000));
    const mp4 = concat(ftyp('mp42'), box('free', new Uint8Array(8)), mdat, box('moov', concat(trak, mvhd0(600, 600 * 61))));
    const { reader, read } = countingReader(mp4);
    expect(await videoDurationSeconds(reader, mp4.length)).toBe(61);
    expect(read()).toBeLessThan(2000);
  });

  it('follows a 64-bit largesize box', async () => {
    const mp4 = concat(ftyp(), box('mdat', new Uint8Array(500), true), box('moov', mvhd0(1, 12)));
    expect(await duration(mp4)).toBe(12);
  });

  it('reads a QuickTime movie (qt brand, or an old file starting with its moov)', async () => {
    expect(await duration(concat(ftyp('qt  '), box('moov', mvhd0(600, 1800))))).toBe(3);
    expect(await duration(concat(box('moov', mvhd0(600, 1200)), box('mdat', new Uint8Array(10))))).toBe(2);
  });

  it('answers null for an unknown duration, a zero timescale, a missing or cut moov', async () => {
    expect(await duration(concat(ftyp(), box('moov', mvhd0(1000, 0xffffffff))))).toBeNull();
    expect(await duration(concat(ftyp(), box('moov', mvhd0(0, 100))))).toBeNull();
    expect(await duration(concat(ftyp(), box('mdat', new Uint8Array(100))))).toBeNull();
    expect(await duration(concat(ftyp(), box('moov', trak)))).toBeNull();
    const whole = concat(ftyp(), box('moov', mvhd0(1000, 5000)));
    expect(await duration(whole.subarray(0, whole.length - 30))).toBeNull();
  });
});

describe('videoDurationSeconds: WebM', () => {
  it('reads Info Duration (float64) in TimecodeScale units, after a SeekHead and a Void', async () => {
    const webm = concat(ebmlHeader, segment(concat(seekHead, voidEl, info(timecodeScale(1_000_000), durationEl(f64(12_345))), cluster)));
    expect(await duration(webm)).toBeCloseTo(12.345, 6);
  });

  it('reads a float32 Duration, the default scale, and a segment of unknown size (live recording)', async () => {
    const webm = concat(ebmlHeader, segment(concat(info(durationEl(f32(90_000))), cluster), true));
    expect(await duration(webm)).toBe(90);
  });

  it('uses another TimecodeScale', async () => {
    const webm = concat(ebmlHeader, segment(info(durationEl(f64(250)), timecodeScale(100_000_000))));
    expect(await duration(webm)).toBe(25);
  });

  it('answers null when Info has no Duration (MediaRecorder) or the clusters come first', async () => {
    expect(await duration(concat(ebmlHeader, segment(concat(info(timecodeScale(1_000_000)), cluster))))).toBeNull();
    expect(await duration(concat(ebmlHeader, segment(concat(cluster, info(durationEl(f64(1000)))))))).toBeNull();
  });

  it('answers null for a cut or damaged header', async () => {
    const webm = concat(ebmlHeader, segment(info(durationEl(f64(1000)))));
    expect(await duration(webm.subarray(0, webm.length - 4))).toBeNull();
    expect(await duration(concat(ebmlHeader, new Uint8Array([0, 0, 0, 0])))).toBeNull();
  });
});

describe('videoDurationSeconds: other files', () => {
  it('answers null for pictures, text and empty files', async () => {
    expect(await duration(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBeNull();
    expect(await duration(text('not a video at all'))).toBeNull();
    expect(await duration(new Uint8Array(0))).toBeNull();
  });

  it('answers null when reading fails', async () => {
    const failing: ByteReader = () => Promise.reject(new Error('gone'));
    expect(await videoDurationSeconds(failing, 1000)).toBeNull();
  });
});
