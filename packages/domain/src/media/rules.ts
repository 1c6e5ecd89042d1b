import { IMAGE_UPLOAD_ACCEPT, IMAGE_UPLOAD_EXTENSIONS } from '../files/file.js';
import { LIMITS } from '../limits.js';

/**
 * The media rules as the browser applies them before anything is sent (the
 * server checks again by the bytes, docs/files.md): pictures png, jpg, jpeg; videos up to
 * 52428800 bytes, over 60 s advised against, never while offline; a name already taken is
 * ignored; media inputs route each file by its type and ignore the others. docs/media.md.
 */

export type MediaKind = 'image' | 'video';

/** What a browser File tells without reading it. */
export interface MediaFileInfo {
  name: string;
  /** The declared MIME type; '' when the browser does not know it. */
  type: string;
  size: number;
}

/** Videos a phone or tablet records and browsers play: MP4, QuickTime (iOS) and WebM. */
export const VIDEO_UPLOAD_ACCEPT = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export const VIDEO_UPLOAD_EXTENSIONS = ['.mp4', '.m4v', '.mov', '.webm'] as const;
/** What a media input offers: the pictures and videos above. */
export const MEDIA_UPLOAD_ACCEPT = [...IMAGE_UPLOAD_ACCEPT, ...VIDEO_UPLOAD_ACCEPT] as const;

/** Codes of the refusals and advice below; the client shows `media:rules.<code>`. */
export type MediaRuleCode =
  | 'IMAGE_TYPE_NOT_ALLOWED'
  | 'VIDEO_TOO_LARGE'
  | 'VIDEO_TOO_LONG'
  | 'VIDEO_OFFLINE'
  | 'VIDEO_NOT_ALLOWED_AS_PRIMARY'
  | 'DUPLICATE_NAME';

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/**
 * Image, video or neither, by the declared type, or by the extension when the browser gives no
 * type (some Android pickers). A declared type wins over the name: a GIF named .jpg is no image.
 */
export function mediaKindOf(file: Pick<MediaFileInfo, 'name' | 'type'>): MediaKind | null {
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  if (type !== '') {
    if ((IMAGE_UPLOAD_ACCEPT as readonly string[]).includes(type)) return 'image';
    if ((VIDEO_UPLOAD_ACCEPT as readonly string[]).includes(type)) return 'video';
    return null;
  }
  const extension = extensionOf(file.name);
  if ((IMAGE_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return 'image';
  if ((VIDEO_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) return 'video';
  return null;
}

/** Pictures are png, jpg or jpeg. */
export function isAllowedImage(file: Pick<MediaFileInfo, 'name' | 'type'>): boolean {
  return mediaKindOf(file) === 'image';
}

/** The picture kinds the first bytes of a file show (PNG or JPEG), or null: the client's look at the bytes. */
export function sniffImageType(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export type VideoCheck =
  | { ok: true; advice: 'VIDEO_TOO_LONG' | null }
  | { ok: false; code: 'VIDEO_TOO_LARGE' | 'VIDEO_OFFLINE' };

/**
 * A video over 52428800 bytes is refused, so is any video while offline (it would sit in
 * the offline queue for minutes and block the results behind it); over 60 s is allowed with
 * advice. `durationSeconds` is null when it could not be read: no advice then.
 */
export function checkVideo(input: { size: number; durationSeconds: number | null; online: boolean }): VideoCheck {
  if (!input.online) return { ok: false, code: 'VIDEO_OFFLINE' };
  if (input.size > LIMITS.maxVideoBytes) return { ok: false, code: 'VIDEO_TOO_LARGE' };
  const long = input.durationSeconds !== null && input.durationSeconds > LIMITS.maxVideoSeconds;
  return { ok: true, advice: long ? 'VIDEO_TOO_LONG' : null };
}

/** The order's primary picture must be an image. */
export function checkPrimaryPicture(file: Pick<MediaFileInfo, 'name' | 'type'>): { ok: true } | { ok: false; code: 'VIDEO_NOT_ALLOWED_AS_PRIMARY' | 'IMAGE_TYPE_NOT_ALLOWED' } {
  const kind = mediaKindOf(file);
  if (kind === 'image') return { ok: true };
  return { ok: false, code: kind === 'video' || file.type.toLowerCase().startsWith('video/') ? 'VIDEO_NOT_ALLOWED_AS_PRIMARY' : 'IMAGE_TYPE_NOT_ALLOWED' };
}

export interface RoutedMedia<F extends MediaFileInfo> {
  images: F[];
  videos: F[];
  /** Neither an allowed picture nor an allowed video: dropped without a word. */
  ignored: F[];
  /** A name already uploaded, or twice in the same choice: dropped. */
  duplicates: F[];
}

/**
 * Sorts what a media input gave into pictures and videos, by type, in the order chosen. Names
 * compare case-insensitively, against `existingNames` (what the result or order already holds)
 * and against the files before them in the same choice.
 */
export function routeMediaFiles<F extends MediaFileInfo>(files: Iterable<F>, existingNames: Iterable<string> = []): RoutedMedia<F> {
  const seen = new Set([...existingNames].map((name) => name.toLowerCase()));
  const routed: RoutedMedia<F> = { images: [], videos: [], ignored: [], duplicates: [] };
  for (const file of files) {
    const kind = mediaKindOf(file);
    if (!kind) {
      routed.ignored.push(file);
      continue;
    }
    const key = file.name.toLowerCase();
    if (seen.has(key)) {
      routed.duplicates.push(file);
      continue;
    }
    seen.add(key);
    (kind === 'image' ? routed.images : routed.videos).push(file);
  }
  return routed;
}

/** 'm:ss' (or 'h:mm:ss') for a duration in seconds, rounded down; '' when unknown. */
export function formatMediaDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.floor(seconds);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
