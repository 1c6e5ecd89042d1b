import { isLanguage, VIN_SCAN_PATHS, type Language } from '@servicebay/domain';

const CALLBACK_PATH = /^\/v1\/api\/vinscanner\/callback\/[A-Za-z0-9_-]{43}$/;

export interface LocalScannerLinks {
  /** Path of the callback, on this server. */
  callbackPath: string;
  /** Path and query of the return page, on this server. */
  returnPath: string;
  language: Language;
}

/**
 * Reads the local scanner's query (callbackUrl, returnUrl, language, as the server's scan session
 * hands them to any scanner). Only this server's callback and return page are accepted, and only
 * their paths are used, on the page's own origin: the page can be neither made to post a VIN
 * elsewhere nor used as an open redirect, and it works whatever address the tablet reached the
 * server by (PUBLIC_URL may name another). Null when the link is incomplete or foreign.
 */
export function readLocalScannerLinks(search: URLSearchParams, origin: string): LocalScannerLinks | null {
  const callback = search.get('callbackUrl');
  const back = search.get('returnUrl');
  const language = search.get('language') ?? 'en';
  if (!callback || !back || !isLanguage(language)) return null;
  let callbackUrl: URL;
  let returnUrl: URL;
  try {
    callbackUrl = new URL(callback, origin);
    returnUrl = new URL(back, origin);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(callbackUrl.protocol) || !/^https?:$/.test(returnUrl.protocol)) return null;
  if (!CALLBACK_PATH.test(callbackUrl.pathname) || callbackUrl.search) return null;
  if (returnUrl.pathname !== VIN_SCAN_PATHS.returnPage) return null;
  return { callbackPath: callbackUrl.pathname, returnPath: `${returnUrl.pathname}${returnUrl.search}`, language };
}
