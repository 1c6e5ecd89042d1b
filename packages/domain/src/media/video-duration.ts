/**
 * The length of a video from its container header, in JavaScript, so that no ffprobe is needed on a
 * user's machine (a video over 60 s is advised against). Two containers cover what phones, tablets
 * and browsers record: ISO base media (MP4, QuickTime .mov: the `mvhd` box of the `moov` box) and
 * WebM/Matroska (the EBML `Duration` of the segment's `Info`, in `TimecodeScale` units).
 *
 * The parser reads through a `read(start, end)` callback, a few bytes at a time: the box and
 * element headers, then only the small `moov`/`mvhd` or `Info` it needs. A file whose `moov` sits
 * after a large `mdat` (no "fast start") costs one more header read, not the whole file. In the
 * browser the callback is `blob.slice(start, end).arrayBuffer()`; tests pass bytes they built.
 *
 * Answers seconds, or null when the file is neither container, is damaged, or does not say
 * (WebM from MediaRecorder carries no Duration; the browser's metadata is asked then).
 */

export type ByteReader = (start: number, end: number) => Promise<Uint8Array>;

/** The bytes of a buffer as a reader (tests, and files already in memory). */
export function bytesReader(bytes: Uint8Array): ByteReader {
  return (start, end) => Promise.resolve(bytes.subarray(Math.max(0, start), Math.min(bytes.length, end)));
}

/** Largest `moov` or `Info` read whole; real ones are a few KB to a few MB. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** Top-level boxes or segment children walked before giving up (a file of thousands is not a video we want). */
const MAX_ELEMENTS = 256;

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

function u32(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
}

function u64(bytes: Uint8Array, at: number): number {
  return u32(bytes, at) * 2 ** 32 + u32(bytes, at + 4);
}

export async function videoDurationSeconds(read: ByteReader, size: number): Promise<number | null> {
  try {
    const head = await read(0, Math.min(size, 12));
    if (head.length >= 8 && ascii(head, 4, 8) === 'ftyp') return await mp4Duration(read, size);
    if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) {
      return await webmDuration(read, size);
    }
    // Old QuickTime files start straight with a moov, mdat, wide or free atom.
    if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(head, 4, 8))) return await mp4Duration(read, size);
    return null;
  } catch {
    return null;
  }
}

// ---- ISO base media (MP4, MOV) -------------------------------------------------------------

interface BoxHeader {
  type: string;
  /** Where the box's content starts, after its header. */
  bodyStart: number;
  end: number;
}

/** The box header at `at` within `bytes` (which starts at file offset `base`), or null when cut short. */
function boxAt(bytes: Uint8Array, at: number, base: number, limit: number): BoxHeader | null {
  if (at + 8 > bytes.length) return null;
  const size32 = u32(bytes, at);
  const type = ascii(bytes, at + 4, at + 8);
  let headerLength = 8;
  let size: number;
  if (size32 === 1) {
    if (at + 16 > bytes.length) return null;
    size = u64(bytes, at + 8);
    headerLength = 16;
  } else if (size32 === 0) {
    size = limit - (base + at); // runs to the end of its container
  } else {
    size = size32;
  }
  if (size < headerLength) return null;
  return { type, bodyStart: base + at + headerLength, end: base + at + size };
}

async function mp4Duration(read: ByteReader, size: number): Promise<number | null> {
  let offset = 0;
  for (let i = 0; i < MAX_ELEMENTS && offset + 8 <= size; i++) {
    const header = await read(offset, Math.min(size, offset + 16));
    const box = boxAt(header, 0, offset, size);
    if (!box) return null;
    if (box.type === 'moov') {
      const length = box.end - box.bodyStart;
      if (length > MAX_HEADER_BYTES || box.end > size) return null;
      return mvhdDuration(await read(box.bodyStart, box.end));
    }
    offset = box.end;
  }
  return null;
}

/** The movie header among the children of a moov box's content. */
function mvhdDuration(moov: Uint8Array): number | null {
  let at = 0;
  while (at + 8 <= moov.length) {
    const box = boxAt(moov, at, 0, moov.length);
    if (!box) return null;
    if (box.type === 'mvhd') {
      const body = moov.subarray(box.bodyStart, Math.min(box.end, moov.length));
      const version = body[0];
      if (version === 0 && body.length >= 20) {
        const timescale = u32(body, 12);
        const duration = u32(body, 16);
        return timescale > 0 && duration !== 0xffffffff ? duration / timescale : null;
      }
      if (version === 1 && body.length >= 32) {
        const timescale = u32(body, 20);
        const high = u32(body, 24);
        const low = u32(body, 28);
        if (timescale === 0 || (high === 0xffffffff && low === 0xffffffff)) return null;
        return (high * 2 ** 32 + low) / timescale;
      }
      return null;
    }
    at = box.end;
  }
  return null;
}

// ---- WebM / Matroska (EBML) -----------------------------------------------------------------

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const CLUSTER_ID = 0x1f43b675;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;

interface Vint {
  value: number;
  length: number;
  /** Every value bit set: "unknown size" (live recordings). */
  unknown: boolean;
}

/** An EBML variable-length integer at `at`: kept marker for IDs, stripped for sizes. */
function vint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23; // 1..8 for a non-zero byte
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    if (bytes[at + i] !== 0xff) allOnes = false;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}

interface Element {
  id: number;
  bodyStart: number;
  /** null: unknown size, runs to the end of its parent. */
  end: number | null;
}

async function elementAt(read: ByteReader, offset: number, size: number): Promise<Element | null> {
  const bytes = await read(offset, Math.min(size, offset + 12));
  const id = vint(bytes, 0, true);
  if (!id) return null;
  const length = vint(bytes, id.length, false);
  if (!length) return null;
  const bodyStart = offset + id.length + length.length;
  return { id: id.value, bodyStart, end: length.unknown ? null : bodyStart + length.value };
}

function readFloat(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length === 4) return view.getFloat32(0);
  if (bytes.length === 8) return view.getFloat64(0);
  return null;
}

function readUint(bytes: Uint8Array): number {
  let value = 0;
  for (const byte of bytes) value = value * 256 + byte;
  return value;
}

async function webmDuration(read: ByteReader, size: number): Promise<number | null> {
  const header = await elementAt(read, 0, size);
  if (!header || header.id !== EBML_ID || header.end === null) return null;
  const segment = await elementAt(read, header.end, size);
  if (!segment || segment.id !== SEGMENT_ID) return null;
  const segmentEnd = Math.min(segment.end ?? size, size);
  let offset = segment.bodyStart;
  for (let i = 0; i < MAX_ELEMENTS && offset < segmentEnd; i++) {
    const child = await elementAt(read, offset, segmentEnd);
    if (!child || child.id === CLUSTER_ID || child.end === null) return null; // the media began: no Info before it
    if (child.id === INFO_ID) {
      if (child.end - child.bodyStart > MAX_HEADER_BYTES) return null;
      return infoDuration(await read(child.bodyStart, child.end));
    }
    offset = child.end;
  }
  return null;
}

function infoDuration(info: Uint8Array): number | null {
  let timecodeScale = 1_000_000; // nanoseconds per tick, Matroska's default
  let duration: number | null = null;
  let at = 0;
  while (at < info.length) {
    const id = vint(info, at, true);
    if (!id) return null;
    const length = vint(info, at + id.length, false);
    if (!length || length.unknown) return null;
    const start = at + id.length + length.length;
    const body = info.subarray(start, start + length.value);
    if (body.length < length.value) return null;
    if (id.value === TIMECODE_SCALE_ID) timecodeScale = readUint(body);
    if (id.value === DURATION_ID) duration = readFloat(body);
    at = start + length.value;
  }
  if (duration === null || !Number.isFinite(duration) || duration < 0 || timecodeScale <= 0) return null;
  return (duration * timecodeScale) / 1e9;
}
