import type { TFunction } from 'i18next';
// The files catalogue alone: the package's index would bring every namespace of both apps into the page.
import enFiles from '@servicebay/locales/en/files.json' with { type: 'json' };

type ErrorKey = keyof typeof enFiles.errors;

/** The code of a failure in the API's shape ({status, code, message}), or 'generic'. */
export function uploadErrorKey(error: unknown): ErrorKey {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code !== 'title' && Object.hasOwn(enFiles.errors, code) ? (code as ErrorKey) : 'generic';
}

/**
 * The text of a refused picture or logo upload: the server's 415 (not a PNG or JPEG) and 413 (too
 * large), no connection, a time-out... each in the files catalogue's words, else the generic one.
 */
export function uploadErrorText(t: TFunction<['portal', 'files']>, error: unknown): string {
  return t(`files:errors.${uploadErrorKey(error)}`);
}
