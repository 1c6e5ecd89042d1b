import type { Readable } from 'node:stream';
import { AppError, errors } from '@servicebay/domain';

/** What the store knows of a file besides its bytes. */
export interface StoredFile {
  key: string;
  contentType: string;
  /** The name the file was uploaded with, for downloads; never used as a path. */
  name: string;
  size: number;
  createdAt: string;
}

export interface PutOptions {
  contentType: string;
  name: string;
  /** Refuse (413) once more bytes than this arrive, without keeping any of them. */
  maxBytes?: number;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Where pictures, videos and documents live. Bytes always move as streams: a 50 MB video never
 * sits in memory. Keys are made by the store, so no caller-chosen name ever becomes a path.
 */
export interface FileStore {
  readonly kind: 'local';
  put(stream: Readable, options: PutOptions): Promise<StoredFile>;
  /** What the store knows of a file, without opening it; null when there is no such file. */
  head(key: string): Promise<StoredFile | null>;
  /** null when there is no such file; a malformed key is refused with 400. */
  get(key: string, range?: ByteRange): Promise<(StoredFile & { stream: Readable }) | null>;
  /** false when there was no such file. */
  delete(key: string): Promise<boolean>;
  /** A short-lived URL that lets whoever holds it read the file, without a token (img, video tags). */
  signedUrl(key: string, options?: { ttlSeconds?: number }): Promise<string>;
  /**
   * The same URL, made at once, for presenters that map rows to answers synchronously. Signing
   * is local computation for every store (an S3 presigned URL is an HMAC too).
   */
  signedUrlNow(key: string, options?: { ttlSeconds?: number }): string;
  /** Checks the expiry and signature a signedUrl carried. */
  verifySignedUrl(key: string, expires: string | number, signature: string): boolean;
}

/** Keys are UUIDs the store generated; anything else, `../` included, is refused before any I/O. */
export const FILE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertFileKey(key: string): void {
  if (!FILE_KEY.test(key)) throw errors.invalid('key: not a file key');
}

const CONTENT_TYPE =
  /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(\s*;\s*[a-z0-9!#$&^_.+-]+=[a-z0-9!#$&^_.+"-]+)*$/;

export function parseContentType(value: string): string {
  const contentType = value.trim().toLowerCase();
  if (!CONTENT_TYPE.test(contentType) || contentType.length > 255) {
    throw errors.invalid('contentType: not a media type');
  }
  return contentType;
}

/** The last path segment, without control characters; only ever shown or sent in a header. */
export function cleanFileName(value: string): string {
  const base = value.split(/[\\/]/).pop() ?? '';
  // Control characters and quotes would break a Content-Disposition header later.
  const printable = [...base].filter((c) => c > '\u001f' && c !== '\u007f' && c !== '"').join('');
  const clean = printable.trim().slice(0, 255);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}

export const fileTooLarge = (maxBytes: number) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', `File is larger than ${maxBytes} bytes`);

/** A stored file as a row names it: its key and the name it was uploaded with. */
export interface FileRef {
  key: string | null;
  name: string | null;
}

/** Turns a row's file reference into what an answer carries ({url, name}), or null when none. */
export type FileLinker = (ref: FileRef) => { url: string; name: string } | null;

/** A FileLinker signing URLs with the store, valid for the default life (minutes). */
export function fileLinker(files: Pick<FileStore, 'signedUrlNow'>, ttlSeconds?: number): FileLinker {
  return ({ key, name }) => (key ? { url: files.signedUrlNow(key, { ttlSeconds }), name: name ?? 'file' } : null);
}
