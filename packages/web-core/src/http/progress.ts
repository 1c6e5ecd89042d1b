import { createStore, type ReadableStore } from '../load-state.js';

/** Request progress, for the loading bar: 50 on start, 100 on finish, 0 on error. */
export const PROGRESS = { started: 50, finished: 100, failed: 0 } as const;

export interface RequestProgress extends ReadableStore<number> {
  /** Marks one request started; call the returned function once when it settles. */
  start(): (outcome: 'finished' | 'failed' | 'cancelled') => void;
  /** Requests in flight now. */
  inFlight(): number;
}

/**
 * Several requests often run at once (a ticket, its results, its pictures). The bar shows 50 while
 * any is in flight; when the last one settles it shows 0 if any of that batch failed, else 100. A
 * cancelled request (the screen was left) counts as neither.
 */
export function createRequestProgress(): RequestProgress {
  // 0 before any request: the bar is hidden, as after an error.
  const store = createStore<number>(PROGRESS.failed);
  let inFlight = 0;
  let batchFailed = false;

  return {
    get: store.get,
    subscribe: store.subscribe,
    inFlight: () => inFlight,
    start() {
      if (inFlight === 0) batchFailed = false;
      inFlight++;
      store.set(PROGRESS.started);
      let settled = false;
      return (outcome) => {
        if (settled) return;
        settled = true;
        inFlight--;
        if (outcome === 'failed') batchFailed = true;
        if (inFlight === 0) store.set(batchFailed ? PROGRESS.failed : PROGRESS.finished);
      };
    },
  };
}
