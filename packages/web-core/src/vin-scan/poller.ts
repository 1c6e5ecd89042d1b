import { scannedVinRoute, VIN_SCAN_POLL, type VinScanOrigin } from '@servicebay/domain';
import type { ApiClient } from '../http/client.js';
import { isApiError } from '../http/api-error.js';
import type { Scheduler } from '../realtime/client.js';

/** VIN polling ends in rejection after 5 tries. */
export class VinPollRejectedError extends Error {
  readonly code = 'VIN_SCAN_REJECTED';
  constructor(
    readonly attempts: number,
    /** The last failure other than "nothing scanned yet", if any (offline, server error). */
    readonly lastError: unknown,
  ) {
    super(`No scanned VIN after ${attempts} polls`);
    this.name = 'VinPollRejectedError';
  }
}

export interface VinPollOptions {
  /** One poll: the VIN, or null while none has arrived. A throw counts as a failed poll too. */
  poll: (signal: AbortSignal) => Promise<string | null>;
  intervalMs?: number;
  maxPolls?: number;
  /** Told before each poll (1-based), for "attempt 2 of 5". */
  onAttempt?: (attempt: number) => void;
  signal?: AbortSignal;
  scheduler?: Scheduler;
}

const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Aborted', 'AbortError');
}

/**
 * Polls at once, and on failure again every 3000 ms while fewer than 5
 * polls were made; resolves with the first VIN, rejects with VinPollRejectedError after the
 * fifth failure, or with the signal's reason when aborted (no poll starts after that).
 */
export function pollForScannedVin(options: VinPollOptions): Promise<string> {
  const intervalMs = options.intervalMs ?? VIN_SCAN_POLL.intervalMs;
  const maxPolls = options.maxPolls ?? VIN_SCAN_POLL.maxPolls;
  const scheduler = options.scheduler ?? realScheduler;
  const outer = options.signal;

  return new Promise<string>((resolve, reject) => {
    if (outer?.aborted) return reject(abortReason(outer));
    const controller = new AbortController();
    let timer: unknown = null;
    let lastError: unknown = null;
    let done = false;
    const finish = (settle: () => void) => {
      if (done) return;
      done = true;
      if (timer !== null) scheduler.clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
      settle();
    };
    const onAbort = () => {
      controller.abort(outer!.reason);
      finish(() => reject(abortReason(outer!)));
    };
    outer?.addEventListener('abort', onAbort);

    const attempt = async (n: number) => {
      timer = null;
      options.onAttempt?.(n);
      let vin: string | null = null;
      try {
        vin = await options.poll(controller.signal);
      } catch (error) {
        lastError = error;
      }
      if (done) return;
      if (vin) return finish(() => resolve(vin));
      if (n >= maxPolls) return finish(() => reject(new VinPollRejectedError(n, lastError)));
      timer = scheduler.setTimeout(() => void attempt(n + 1), intervalMs);
    };
    void attempt(1);
  });
}

/** One poll of GET /v1/api/vinscanner/scanned/: the VIN, or null on 404 (none scanned yet). */
export async function fetchScannedVin(
  api: Pick<ApiClient, 'call'>,
  query: { userId: string; from: VinScanOrigin },
  signal?: AbortSignal,
): Promise<string | null> {
  try {
    // No retries of its own: the poller is the retry loop, at the spec's pace.
    const { vin } = await api.call(scannedVinRoute, { query, signal, maxRetries: 0 });
    return vin;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}
