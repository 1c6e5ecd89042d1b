import type { ByteRange } from './files.js';

/** What a Range header asks of a file of `size` bytes. */
export type RangeRequest =
  /** Serve the whole file (no header, a form we do not serve, or several ranges): 200. */
  | { kind: 'whole' }
  /** One satisfiable range, inclusive, clamped to the file: 206. */
  | { kind: 'partial'; range: Required<ByteRange> }
  /** A range entirely past the end: 416 with `Content-Range: bytes *\/size`. */
  | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/**
 * Reads an HTTP Range header (RFC 9110 §14.2) for one byte range: `bytes=a-b`, `bytes=a-` or the
 * suffix `bytes=-n`. Several ranges, other units and malformed headers are ignored, as the RFC
 * allows, and the whole file is served; that keeps video players (which ask for one) seeking.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = SINGLE.exec(header.trim().replace(/\s+/g, ''));
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first.length > 15 || last.length > 15) return { kind: 'whole' };
  if (first === '') {
    // Suffix: the last n bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(size - length, 0), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  // An inverted range is invalid, not unsatisfiable: ignored.
  if (end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', range: { start, end: Math.min(end, size - 1) } };
}
