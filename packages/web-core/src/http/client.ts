import type { z } from 'zod';
import {
  fillPath,
  LIMITS,
  ZErrorResponse,
  type AnyRoute,
  type HttpMethod,
  type RouteBodyInput,
  type RouteDef,
  type RouteResponse,
  usesIdempotencyKey,
} from '@servicebay/domain';
import { ApiError, CLIENT_ERRORS } from './api-error.js';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from './idempotency-key.js';
import { createRequestProgress, type RequestProgress } from './progress.js';
import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, sleep, type RetryPolicy } from './retry.js';

type Awaitable<T> = T | Promise<T>;

export type QueryScalar = string | number | boolean | Date;
export type QueryValue = QueryScalar | null | undefined | readonly QueryScalar[];

/**
 * What a caller may pass for params and query: the schema's input type, or its output type per
 * key. Query strings carry text, so `{ closed: true }` and `{ closed: 'true' }` both reach the
 * server as `closed=true`, and a field with a default stays optional.
 */
type Widen<In, Out> = In extends object
  ? { [K in keyof In]: In[K] | (Out extends object ? (K extends keyof Out ? Out[K] : never) : never) }
  : In;
type InputOf<S> = S extends z.ZodType ? Widen<z.input<S>, z.output<S>> : undefined;

export type CallParams<R> = R extends RouteDef<infer P, any, any, any> ? InputOf<P> : never;
export type CallQuery<R> = R extends RouteDef<any, infer Q, any, any> ? InputOf<Q> : never;
export type CallBody<R> = RouteBodyInput<R>;

/** A slot is absent when the route has no schema for it, optional when all its fields are. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export interface RequestOptions {
  signal?: AbortSignal;
  /** Overrides the time-out (120 s, GET 60 s), e.g. inspection results' 20 s. */
  timeoutMs?: number;
  /** Overrides the client's retry count; 0 for calls that must never be repeated automatically. */
  maxRetries?: number;
  /** The offline queue passes the key it stored with the request, so its replay is the same write. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Lets the request outlive the page (fetch keepalive): a write sent while the tab closes. */
  keepalive?: boolean;
}

export type CallOptions<R> = Slot<'params', CallParams<R>> &
  Slot<'query', CallQuery<R>> &
  Slot<'body', CallBody<R>> &
  RequestOptions;

/** The options argument may be left out when nothing in it is required. */
export type CallArgs<R> =
  object extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** A request described without the route table: what the offline queue stores and replays. */
export interface RawRequest extends RequestOptions {
  method: HttpMethod;
  /** Path under baseUrl, already filled (`/v2/api/inspectionOrders/42`). */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface ApiClientOptions {
  /** Origin (and prefix) the route paths are appended to; '' for the page's own origin. */
  baseUrl: string;
  /** Read before every attempt, so a retry after a token refresh carries the new token. */
  getToken?: () => Awaitable<string | null | undefined>;
  /** Told of every 401 (a 401 not on the login page logs out); the call still rejects. */
  onUnauthorized?: (error: ApiError, request: { method: HttpMethod; path: string }) => void;
  fetch?: typeof fetch;
  /** The loading bar's store; one is made when not given. */
  progress?: RequestProgress;
  retry?: Partial<RetryPolicy>;
  timeouts?: { requestMs?: number; getMs?: number };
}

export interface ApiClient {
  /** Calls a route of the table; params, query, body and the answer are typed from it. */
  call<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<RouteResponse<R>>;
  /** Sends a request that is not (or no longer) tied to a route; resolves with the parsed JSON. */
  request(request: RawRequest): Promise<unknown>;
  readonly progress: RequestProgress;
}

const STATUS_CODES: Record<number, string> = {
  400: 'INVALID_ARGUMENTS',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

function codeForStatus(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : `HTTP_${status}`);
}

function encodeScalar(value: QueryScalar): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

export function buildUrl(baseUrl: string, path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly QueryScalar[]) search.append(name, encodeScalar(item));
    } else {
      search.append(name, encodeScalar(value as QueryScalar));
    }
  }
  const qs = search.toString();
  const url = baseUrl.replace(/\/+$/, '') + path;
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Bodies the browser must send as they are (uploads); everything else goes as JSON. */
function isRawBody(body: unknown): body is BodyInit {
  return (
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Turns an answer into data or an ApiError: 200 to 399 is data (a body that is not JSON is a 417),
 * a 502 is 'server_unable_to_process_request', anything else carries the server's error code, or
 * one named after the status.
 */
function interpret(response: Response, text: string): unknown {
  const { status } = response;
  const json = parseJson(text);
  if (status >= 200 && status < 400) {
    if (!json.ok) throw ApiError.from(CLIENT_ERRORS.invalidResponse);
    return json.value;
  }
  const body = json.ok ? ZErrorResponse.safeParse(json.value) : null;
  if (status === 502) {
    const code = body?.success ? body.data.code : CLIENT_ERRORS.badGateway.code;
    throw new ApiError(502, code, CLIENT_ERRORS.badGateway.message);
  }
  // The HTTP status wins over the body's: an HTML error page from a proxy keeps its 503 (and
  // stays retryable) instead of becoming a 417.
  if (body?.success) throw ApiError.from({ ...body.data, status });
  throw new ApiError(status, codeForStatus(status), response.statusText || `HTTP ${status}`);
}

function checkResponse(schema: z.ZodType, value: unknown, what: string): unknown {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length ? ` at ${issue.path.join('.')}` : '';
  throw new ApiError(
    CLIENT_ERRORS.invalidResponse.status,
    CLIENT_ERRORS.invalidResponse.code,
    `Unexpected answer from ${what}${where}: ${issue?.message ?? 'invalid'}`,
    { cause: parsed.error },
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const fetchImpl =
    options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const progress = options.progress ?? createRequestProgress();
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const requestTimeoutMs = options.timeouts?.requestMs ?? LIMITS.requestTimeoutMs;
  const getTimeoutMs = options.timeouts?.getMs ?? LIMITS.getTimeoutMs;

  async function attempt(
    request: RawRequest,
    url: string,
    idempotencyKey: string | undefined,
  ): Promise<unknown> {
    const { signal } = request;
    signal?.throwIfAborted();
    const token = await options.getToken?.();
    signal?.throwIfAborted();

    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    let body: BodyInit | undefined;
    if (request.body !== undefined && request.method !== 'GET') {
      if (isRawBody(request.body)) {
        body = request.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(request.body);
      }
    }
    Object.assign(headers, request.headers);

    // One controller per attempt: the time-out covers sending and reading the whole answer, and
    // the caller's signal cancels it too. (AbortSignal.any is missing on older tablets' Safari.)
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      request.timeoutMs ?? (request.method === 'GET' ? getTimeoutMs : requestTimeoutMs),
    );
    const onCallerAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const failed = (cause: unknown): never => {
      if (timedOut) throw ApiError.from(CLIENT_ERRORS.timeout, { cause });
      if (signal?.aborted) throw signal.reason;
      throw ApiError.from(CLIENT_ERRORS.noConnection, { cause });
    };
    try {
      let response: Response;
      let text: string;
      try {
        response = await fetchImpl(url, {
          method: request.method,
          headers,
          body,
          signal: controller.signal,
          ...(request.keepalive ? { keepalive: true } : {}),
        });
        text = await response.text();
      } catch (cause) {
        return failed(cause);
      }
      return interpret(response, text);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  async function send(
    request: RawRequest,
    check?: (value: unknown) => unknown,
    keyed = request.method !== 'GET',
  ): Promise<unknown> {
    const url = buildUrl(options.baseUrl, request.path, request.query);
    // Writes carry a key, the same on every retry, so the server applies them once (decision 0003);
    // calls that carry secrets carry none, so no record of them is kept.
    const idempotencyKey = keyed ? (request.idempotencyKey ?? newIdempotencyKey()) : undefined;
    const maxRetries = request.maxRetries ?? policy.maxRetries;
    const settle = progress.start();
    try {
      for (let retry = 0; ; retry++) {
        try {
          const value = await attempt(request, url, idempotencyKey);
          const result = check ? check(value) : value;
          settle('finished');
          return result;
        } catch (error) {
          if (!(error instanceof ApiError) || retry >= maxRetries || !isRetryable(error)) throw error;
          await sleep(retryDelayMs(retry + 1, policy), request.signal);
        }
      }
    } catch (error) {
      settle(request.signal?.aborted ? 'cancelled' : 'failed');
      if (error instanceof ApiError && error.status === 401) {
        options.onUnauthorized?.(error, { method: request.method, path: request.path });
      }
      throw error;
    }
  }

  return {
    progress,
    request: (request) => send(request),
    async call<R extends AnyRoute>(route: R, ...args: CallArgs<R>): Promise<RouteResponse<R>> {
      const callOptions = (args[0] ?? {}) as RequestOptions & {
        params?: Record<string, string | number>;
        query?: Record<string, QueryValue>;
        body?: unknown;
      };
      let path: string;
      try {
        path = fillPath(route.path, callOptions.params ?? {});
      } catch (error) {
        // fillPath names the missing param ('inspectionOrderId is mandatory').
        throw new ApiError(400, 'INVALID_ARGUMENTS', (error as Error).message, { cause: error });
      }
      const schema = route.produces ? undefined : route.response;
      const value = await send(
        { ...callOptions, method: route.method, path },
        schema ? (v) => checkResponse(schema, v, `${route.method} ${route.path}`) : undefined,
        usesIdempotencyKey(route),
      );
      return value as RouteResponse<R>;
    },
  };
}
