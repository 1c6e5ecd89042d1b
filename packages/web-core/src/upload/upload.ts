import {
  fillPath,
  LIMITS,
  ZErrorResponse,
  type AnyRoute,
  type RouteResponse,
} from '@servicebay/domain';
import { ApiError, CLIENT_ERRORS } from '../http/api-error.js';

type Awaitable<T> = T | Promise<T>;

/** How far an upload got; `fraction` is 0..1, or null while the browser does not know the total. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
  fraction: number | null;
}

export interface UploadOptions {
  /** Origin (and prefix) of the API; '' for the page's own origin. */
  baseUrl?: string;
  /** Path parameters of the route. */
  params?: Record<string, string | number>;
  /** The file (a File from a picker, or a Blob such as an edited picture). */
  file: Blob;
  /** Name sent with the file; a File's own name when absent. */
  fileName?: string;
  /** Form field of the file; 'file' when absent. */
  fieldName?: string;
  /** Text fields, sent before the file so the server reads them first. */
  fields?: Record<string, string>;
  /** The bearer token, read once before sending (the session renews it when about to run out). */
  getToken?: () => Awaitable<string | null | undefined>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** 120 s by default. */
  timeoutMs?: number;
  /** Made per upload; tests pass their own. */
  createRequest?: () => XMLHttpRequest;
}

const STATUS_CODES: Record<number, string> = {
  400: 'INVALID_ARGUMENTS',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** The answer of a finished request, as the API client would give it: data or an ApiError. */
function interpret(status: number, statusText: string, text: string): unknown {
  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    if (!json.ok) throw ApiError.from(CLIENT_ERRORS.invalidResponse);
    return json.value;
  }
  if (status === 502) throw ApiError.from(CLIENT_ERRORS.badGateway);
  const body = json.ok ? ZErrorResponse.safeParse(json.value) : null;
  if (body?.success) throw ApiError.from(body.data);
  const code = STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`);
  throw new ApiError(status, code, statusText || `HTTP ${status}`);
}

/**
 * Sends a file to a multipart route of the table with XMLHttpRequest, because fetch cannot report
 * upload progress. Resolves with the route's answer (checked against its schema) and rejects
 * with an ApiError in the API's {status, code, message} shape: the server's refusal (413
 * PAYLOAD_TOO_LARGE, 415 UNSUPPORTED_MEDIA_TYPE...), NO_CONNECTION, REQUEST_TIMEOUT. Aborting
 * through `signal` rejects with the signal's reason, as fetch does. Never retried: an upload is
 * large, and the person sees the error and may try again.
 */
export function uploadWithProgress<R extends AnyRoute>(route: R, options: UploadOptions): Promise<RouteResponse<R>> {
  const { signal } = options;
  return new Promise<RouteResponse<R>>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    let path: string;
    try {
      path = fillPath(route.path, options.params ?? {});
    } catch (error) {
      return reject(new ApiError(400, 'INVALID_ARGUMENTS', (error as Error).message, { cause: error }));
    }
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    const fileName = options.fileName ?? ((options.file as File).name || 'file');
    form.append(options.fieldName ?? 'file', options.file, fileName);

    const xhr = options.createRequest?.() ?? new XMLHttpRequest();
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => {
      xhr.abort();
      finish(() => reject(signal!.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable ? event.total : null;
      options.onProgress?.({ loaded: event.loaded, total, fraction: total ? Math.min(event.loaded / total, 1) : null });
    });
    xhr.addEventListener('load', () =>
      finish(() => {
        try {
          const value = interpret(xhr.status, xhr.statusText, xhr.responseText);
          if (!route.response || route.produces) return resolve(value as RouteResponse<R>);
          const parsed = route.response.safeParse(value);
          if (parsed.success) return resolve(parsed.data as RouteResponse<R>);
          reject(
            new ApiError(CLIENT_ERRORS.invalidResponse.status, CLIENT_ERRORS.invalidResponse.code, `Unexpected answer from ${route.method} ${route.path}`, {
              cause: parsed.error,
            }),
          );
        } catch (error) {
          reject(error);
        }
      }),
    );
    xhr.addEventListener('error', () => finish(() => reject(ApiError.from(CLIENT_ERRORS.noConnection))));
    xhr.addEventListener('timeout', () => finish(() => reject(ApiError.from(CLIENT_ERRORS.timeout))));

    void (async () => {
      let token: string | null | undefined;
      try {
        token = await options.getToken?.();
      } catch (error) {
        return finish(() => reject(error));
      }
      if (settled) return;
      const url = (options.baseUrl ?? '').replace(/\/+$/, '') + path;
      xhr.open(route.method, url);
      xhr.timeout = options.timeoutMs ?? LIMITS.requestTimeoutMs;
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      options.onProgress?.({ loaded: 0, total: options.file.size, fraction: 0 });
      xhr.send(form);
    })();
  });
}
