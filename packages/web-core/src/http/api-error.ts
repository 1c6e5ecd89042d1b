import type { ErrorResponse } from '@servicebay/domain';

/**
 * Every rejection of the API client: the server's `{ status, code, message }` shape (architecture
 * decision 11), or one of the client-side failures below in the same shape, so the UI handles one
 * thing and translates `code`.
 */
export class ApiError extends Error implements ErrorResponse {
  readonly status: number;
  readonly code: string;
  /** The error body's optional `details`, as the route documents them (a refused finish's blocking items). */
  readonly details?: Record<string, unknown>;

  constructor(
    status: number,
    code: string,
    message: string,
    options?: { cause?: unknown; details?: Record<string, unknown> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (options?.details) this.details = options.details;
  }

  static from(response: ErrorResponse, options?: { cause?: unknown }): ApiError {
    return new ApiError(response.status, response.code, response.message, { ...options, details: response.details });
  }

  toResponse(): ErrorResponse {
    const shape = { status: this.status, code: this.code, message: this.message };
    return this.details ? { ...shape, details: this.details } : shape;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Failures that happen on the client's side of the wire. The messages are kept verbatim:
 * 'No internet connection' and 'server_unable_to_process_request' (a translation key).
 */
export const CLIENT_ERRORS = {
  /** fetch failed: no network, DNS, refused connection, CORS. */
  noConnection: { status: 0, code: 'NO_CONNECTION', message: 'No internet connection' },
  /** Our own time-out fired (120 s, 60 s for GET, or the call's own). */
  timeout: { status: 408, code: 'REQUEST_TIMEOUT', message: 'The server took too long to answer' },
  /** A proxy or load balancer could not reach the server. */
  badGateway: { status: 502, code: 'BAD_GATEWAY', message: 'server_unable_to_process_request' },
  /** The answer was not JSON, or not the JSON the route table promises. */
  invalidResponse: {
    status: 417,
    code: 'INVALID_RESPONSE',
    message: 'The server answered with something other than JSON',
  },
} as const satisfies Record<string, ErrorResponse>;
