import { checkVideo, videoDurationSeconds, type ByteReader, type VideoCheck } from '@servicebay/domain';

/** Reads a file a slice at a time, for the header parser (never the whole file). */
export function blobReader(blob: Blob): ByteReader {
  return async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

/** How long the browser is given to read a video's metadata. */
export const VIDEO_METADATA_TIMEOUT_MS = 5000;

/**
 * The duration the browser reads from the file's metadata (a `<video preload=metadata>` on an
 * object URL), or null when it cannot play the file, says Infinity (WebM from MediaRecorder), or
 * takes longer than `timeoutMs`.
 */
export function browserVideoDuration(file: Blob, timeoutMs = VIDEO_METADATA_TIMEOUT_MS): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const finish = (value: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(Number.isFinite(video.duration) && video.duration >= 0 ? video.duration : null);
    video.onerror = () => finish(null);
    // Declared after `finish`, which only runs once the source is set below.
    const timer = setTimeout(() => finish(null), timeoutMs);
    video.src = url;
  });
}

/**
 * A video's duration in seconds: from its MP4/MOV/WebM header (domain `videoDurationSeconds`,
 * a few small reads, works for files the browser cannot play), else from the browser's metadata;
 * null when neither knows.
 */
export async function readVideoDuration(file: Blob, options: { timeoutMs?: number } = {}): Promise<number | null> {
  const fromHeader = await videoDurationSeconds(blobReader(file), file.size);
  if (fromHeader !== null) return fromHeader;
  return browserVideoDuration(file, options.timeoutMs);
}

export type PreparedVideo = VideoCheck & { durationSeconds: number | null };

/**
 * A video about to be uploaded: refused offline or over 52428800 bytes (without
 * reading it), else its duration read and advice given over 60 s.
 */
export async function prepareVideo(file: Blob, options: { online?: boolean; timeoutMs?: number } = {}): Promise<PreparedVideo> {
  const online = options.online ?? (typeof navigator === 'undefined' ? true : navigator.onLine);
  const early = checkVideo({ size: file.size, durationSeconds: null, online });
  if (!early.ok) return { ...early, durationSeconds: null };
  const durationSeconds = await readVideoDuration(file, options);
  return { ...checkVideo({ size: file.size, durationSeconds, online }), durationSeconds };
}
