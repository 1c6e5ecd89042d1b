import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import {
  AppError,
  errors,
  isUnsafeText,
  LIMITS,
  UNSAFE_TEXT_MESSAGE,
  unusableCharacters,
  unusableCharactersMessage,
} from '@servicebay/domain';
import { cleanFileName, fileTooLarge, type FileStore, type StoredFile } from './files.js';
import { imageError, MAX_IMAGE_DIMENSION, normalizeImage, type ImageVariant } from './images.js';
import { sniff, SNIFF_BYTES, type Sniffed, type SniffedKind } from './sniff.js';

/** Pictures are png, jpg or jpeg. What an image upload accepts, decided by the bytes. */
export const IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg'];
/** Videos the browsers and phones record, up to LIMITS.maxVideoBytes (52428800 bytes). */
export const VIDEO_TYPES: readonly string[] = ['video/mp4', 'video/quicktime', 'video/webm'];
/** Default cap of an image upload before processing (a phone's full-size photo is 3 to 12 MB). */
export const DEFAULT_MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/** Text fields of a form: few and short (a name, a worker, a date, GPS coordinates). */
const MAX_FIELDS = 10;
const MAX_FIELD_BYTES = 2000;

export interface ReceivedUpload {
  /** The stored file; for images, the processed JPEG. */
  file: StoredFile;
  /** The form's text fields (the last value wins when a name repeats). */
  fields: Record<string, string>;
  /** Further copies of a picture asked for with `variants`, by variant name (none for videos). */
  variants: Record<string, StoredFile>;
}

/**
 * Checks the text fields sent before the file, before a byte of the file is stored (a bad name,
 * a duplicate): throw to refuse the upload.
 */
export type FieldsCheck = (fields: Record<string, string>, filename: string) => void | Promise<void>;

export interface ImageUploadOptions {
  /** Refuse (413) an upload larger than this, before processing; DEFAULT_MAX_IMAGE_BYTES if absent. */
  maxBytes?: number;
  /** Longest side of the stored picture; MAX_IMAGE_DIMENSION if absent. */
  maxDimension?: number;
  /** Further copies to make (images.ts RESULT_PICTURE_VARIANTS), stored beside the picture. */
  variants?: readonly ImageVariant[];
  checkFields?: FieldsCheck;
  /** The message a video gets (415), when it deserves its own (the primary picture's). */
  videoRefusal?: string;
}

export interface MediaUploadOptions {
  /** Which kinds are accepted: images are processed as by receiveImageUpload, videos kept as sent. */
  accept: readonly SniffedKind[];
  /** Cap of an image, DEFAULT_MAX_IMAGE_BYTES if absent. */
  maxImageBytes?: number;
  /** Cap of a video, LIMITS.maxVideoBytes (52428800 bytes) if absent. */
  maxVideoBytes?: number;
  /** Copies of an image to make, as for receiveImageUpload. */
  imageVariants?: readonly ImageVariant[];
  checkFields?: FieldsCheck;
}

/** A field name, value or file name the database cannot store (a NUL, an unpaired surrogate). */
const unsafeText = (field: string) =>
  errors.invalid(`${[...field].filter((c) => c >= ' ').join('').slice(0, 100) || 'body'}: ${UNSAFE_TEXT_MESSAGE}`);

/**
 * A picture's name as the form gives it (`name`, `fileName`) must hold no character a picture
 * name cannot (`/ \ : * ? " < > |`, control characters): 400 naming them. The file part's own
 * name is the browser's, not typed: it is cleaned instead (cleanFileName).
 */
function refuseUnusablePictureName(fields: Record<string, string>) {
  for (const field of ['name', 'fileName'] as const) {
    const chars = fields[field] === undefined ? [] : unusableCharacters('pictureName', fields[field]);
    if (chars.length) throw errors.invalid(`${field}: ${unusableCharactersMessage(chars)}`);
  }
}

const unsupported = (accepted: string) =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `file: only ${accepted} are accepted`);

/** What @fastify/multipart and busboy throw, in the error shape. */
function multipartError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'body: a multipart/form-data upload is expected');
    case 'FST_FILES_LIMIT':
      return errors.invalid('body: one file per upload');
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return errors.invalid('body: too many form fields');
    case 'FST_PROTO_VIOLATION':
      return errors.invalid('body: invalid field name');
    case 'FST_MP_PREMATURE_CLOSE':
      return errors.invalid('body: the upload was cut off');
    default:
      break;
  }
  const message = error instanceof Error ? error.message : '';
  if (/Unexpected end of (multipart|form)|Malformed|boundary|terminated early/i.test(message)) {
    return errors.invalid('body: malformed multipart form');
  }
  return error;
}

/**
 * Passes bytes through once the first ones have been checked, so nothing unchecked goes further.
 * `decide` answers an AppError to stop the stream.
 */
function sniffGate(decide: (sniffed: Sniffed | null) => AppError | null) {
  let head: Buffer | null = Buffer.alloc(0);
  const check = (stream: Transform): boolean => {
    const refusal = decide(sniff(head!));
    if (refusal) {
      stream.destroy(refusal);
      return false;
    }
    stream.push(head);
    head = null;
    return true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length >= SNIFF_BYTES && !check(this)) return;
      done();
    },
    flush(done) {
      if (head !== null && !check(this)) return;
      done();
    },
  });
}

/** Lets bytes through up to a limit and fails with 413 past it. */
function byteLimit(maxBytes: number) {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) done(fileTooLarge(maxBytes));
      else done(null, chunk);
    },
  });
}

/** The form's file name, cleaned, with the extension of what is stored. */
function storedName(fields: Record<string, string>, filename: string | undefined, extension: string): string {
  const given = cleanFileName(fields.fileName || fields.name || filename || `file.${extension}`);
  const stem = given.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'file';
  return `${stem}.${extension}`;
}

interface FilePart {
  stream: Readable;
  filename: string;
  fields: Record<string, string>;
}

/**
 * Reads the form: collects text fields, hands the single file part to `store` as it arrives,
 * then reads to the end. Whatever fails after the file was stored removes it again.
 */
export interface Stored {
  file: StoredFile;
  variants: Record<string, StoredFile>;
}

async function receiveForm(
  request: FastifyRequest,
  files: FileStore,
  maxFileBytes: number,
  store: (part: FilePart) => Promise<Stored>,
  checkFields?: FieldsCheck,
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  let stored: Stored | null = null;
  try {
    if (!request.isMultipart()) {
      throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'body: a multipart/form-data upload is expected');
    }
    const parts = request.parts({
      limits: {
        // One byte more than allowed lets the limit below see the excess and answer 413.
        fileSize: maxFileBytes + 1,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw errors.invalid(`${part.fieldname}: too long`);
        const value = String(part.value);
        if (isUnsafeText(part.fieldname) || isUnsafeText(value)) throw unsafeText(part.fieldname);
        fields[part.fieldname] = value;
        continue;
      }
      if (isUnsafeText(part.fieldname) || isUnsafeText(part.filename ?? '')) throw unsafeText(part.fieldname);
      if (checkFields) await checkFields({ ...fields }, part.filename);
      stored = await store({ stream: part.file, filename: part.filename, fields: { ...fields } });
    }
    if (!stored) throw errors.mandatory('file');
    return { file: stored.file, variants: stored.variants, fields };
  } catch (error) {
    if (stored) await deleteStored(files, stored);
    throw multipartError(error);
  }
}

async function deleteStored(files: FileStore, stored: Stored) {
  for (const f of [stored.file, ...Object.values(stored.variants)]) await files.delete(f.key).catch(() => undefined);
}

/**
 * Streams an image part to a temporary file, then stores its processed JPEG and the variants
 * asked for (one after the other, each streamed from the temporary file); the temp goes.
 */
async function storeImage(
  files: FileStore,
  part: FilePart,
  maxBytes: number,
  maxDimension: number,
  variants: readonly ImageVariant[] = [],
  videoRefusal?: string,
): Promise<Stored> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'servicebay-upload-'));
  try {
    const source = path.join(dir, 'original');
    let sniffed: Sniffed | null = null;
    await pipeline(
      part.stream,
      sniffGate((found) => {
        sniffed = found;
        if (found && IMAGE_TYPES.includes(found.contentType)) return null;
        if (found?.kind === 'video' && videoRefusal) return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', videoRefusal);
        return unsupported('PNG or JPEG files');
      }),
      byteLimit(maxBytes),
      createWriteStream(source, { flags: 'wx' }),
    );
    if (!sniffed) throw unsupported('PNG or JPEG files');
    return await storePicture(files, source, storedName(part.fields, part.filename, 'jpg'), maxDimension, variants);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Stores a picture on disk as the upright JPEG of at most `maxDimension` px and each variant,
 * one after the other, each streamed from the file. All or nothing: a failure deletes what was
 * stored. Also used by the demo seeder for its generated pictures.
 */
export async function storePicture(
  files: FileStore,
  source: string,
  name: string,
  maxDimension: number = MAX_IMAGE_DIMENSION,
  variants: readonly ImageVariant[] = [],
): Promise<Stored> {
  const stored: Partial<Stored> & { variants: Record<string, StoredFile> } = { variants: {} };
  try {
    stored.file = await files.put(normalizeImage(source, maxDimension), { contentType: 'image/jpeg', name });
    for (const v of variants) {
      stored.variants[v.name] = await files.put(normalizeImage(source, v.maxDimension, v.quality, v.mozjpeg ?? true), { contentType: 'image/jpeg', name });
    }
    return stored as Stored;
  } catch (error) {
    if (stored.file) await deleteStored(files, stored as Stored);
    else for (const f of Object.values(stored.variants)) await files.delete(f.key).catch(() => undefined);
    throw imageError(error);
  }
}

/** Streams a video part straight into the store once its first bytes say it is a video. */
async function storeVideo(files: FileStore, part: FilePart, maxBytes: number, sniffed: Sniffed, rest: Readable): Promise<Stored> {
  const file = await files.put(rest, {
    contentType: sniffed.contentType,
    name: storedName(part.fields, part.filename, sniffed.extension),
    maxBytes,
  });
  return { file, variants: {} };
}

/**
 * Receives a multipart/form-data upload holding one picture (any field name) and a few text
 * fields. The bytes must be PNG or JPEG by their first bytes, whatever the name or declared type
 * says (else 415 UNSUPPORTED_MEDIA_TYPE); more than `maxBytes` answers 413 PAYLOAD_TOO_LARGE.
 * The picture is streamed to a temporary file (never held whole in memory), then stored as an
 * upright JPEG of at most 2048 px with no metadata. On any failure nothing is stored.
 *
 * The stored name is the form's `fileName` or `name` field when sent before the file, else the
 * file part's name, with a .jpg extension; a name field holding characters no picture name can
 * hold is refused (400 naming them), after `checkFields`. Call it from a handler after access was
 * checked.
 */
export async function receiveImageUpload(
  request: FastifyRequest,
  files: FileStore,
  options: ImageUploadOptions = {},
): Promise<ReceivedUpload> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const maxDimension = options.maxDimension ?? MAX_IMAGE_DIMENSION;
  return receiveForm(
    request,
    files,
    maxBytes,
    (part) => storeImage(files, part, maxBytes, maxDimension, options.variants, options.videoRefusal),
    async (fields, filename) => {
      await options.checkFields?.(fields, filename);
      refuseUnusablePictureName(fields);
    },
  );
}

/**
 * Like receiveImageUpload, for forms that may carry an image or a video (inspection results):
 * images are processed the same way, videos (MP4, QuickTime, WebM by their first bytes) are
 * streamed into the store as sent, up to `maxVideoBytes` (52428800 by default).
 */
export async function receiveMediaUpload(
  request: FastifyRequest,
  files: FileStore,
  options: MediaUploadOptions,
): Promise<ReceivedUpload & { kind: SniffedKind }> {
  const maxImageBytes = options.maxImageBytes ?? DEFAULT_MAX_IMAGE_BYTES;
  const maxVideoBytes = options.maxVideoBytes ?? LIMITS.maxVideoBytes;
  const accepted = [
    ...(options.accept.includes('image') ? ['PNG or JPEG pictures'] : []),
    ...(options.accept.includes('video') ? ['MP4, MOV or WebM videos'] : []),
  ].join(' or ');
  let kind: SniffedKind = 'image';
  const received = await receiveForm(request, files, Math.max(maxImageBytes, maxVideoBytes), async (part) => {
    // Peek at the first bytes, then decide which way the whole stream goes.
    let sniffed: Sniffed | null = null;
    const gate = sniffGate((found) => {
      sniffed = found;
      const allowed =
        found &&
        options.accept.includes(found.kind) &&
        (found.kind === 'image' ? IMAGE_TYPES : VIDEO_TYPES).includes(found.contentType);
      return allowed ? null : unsupported(accepted);
    });
    const checked = part.stream.pipe(gate);
    part.stream.on('error', (error) => gate.destroy(error));
    await new Promise<void>((resolve, reject) => {
      gate.once('readable', resolve);
      gate.once('error', reject);
      gate.once('end', resolve);
    });
    const found = sniffed as Sniffed | null;
    if (!found) throw unsupported(accepted);
    kind = found.kind;
    if (found.kind === 'video') return storeVideo(files, part, maxVideoBytes, found, checked);
    return storeImage(files, { ...part, stream: checked }, maxImageBytes, MAX_IMAGE_DIMENSION, options.imageVariants);
  }, options.checkFields);
  return { ...received, kind };
}
