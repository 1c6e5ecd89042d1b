import type { ApiError } from './api-error.js';

/** Statuses worth trying again: no connection, time-outs, and a gateway or server that is restarting. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([0, 408, 502, 503, 504]);

export interface RetryPolicy {
  /** Retries after the first attempt; 0 turns retrying off (video saves, password-reset e-mails). */
  maxRetries: number;
  /** Wait before retry n (1-based) is baseDelayMs × 2^(n-1), capped at maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Three retries at 100, 200 and 400 ms. The spec's back-off (100 ms × 2^failed attempts, capped
 * at 10 s) is the offline queue's; a request a person is waiting for gives up sooner, and the
 * offline queue (which replays with the same Idempotency-Key) takes over from there.
 */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, baseDelayMs: 100, maxDelayMs: 10_000 };

export function retryDelayMs(retry: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, retry - 1));
}

export function isRetryable(error: ApiError): boolean {
  // A retry of a write whose first try is still running on the server (we timed out, it did not)
  // is refused with this code; waiting and asking again gets the first answer replayed.
  return RETRYABLE_STATUSES.has(error.status) || error.code === 'IDEMPOTENCY_KEY_IN_FLIGHT';
}

/** Resolves after ms, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
