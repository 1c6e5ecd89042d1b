/**
 * Small observable values and the load states NOT_LOADED, PENDING, FULFILLED, REJECTED.
 * Framework-agnostic: a `ReadableStore` fits React's `useSyncExternalStore` (see `useStore` in
 * ./react.ts) and anything else that can call subscribe/get.
 */

export interface ReadableStore<T> {
  get(): T;
  /** Called with the new value after each change; returns the unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void;
}

export interface WritableStore<T> extends ReadableStore<T> {
  set(value: T): void;
}

export function createStore<T>(initial: T): WritableStore<T> {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      // A copy, so a listener that unsubscribes (or subscribes) while being told does not skip anyone.
      for (const listener of [...listeners]) listener(value);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const LoadStatus = {
  NOT_LOADED: 'NOT_LOADED',
  PENDING: 'PENDING',
  FULFILLED: 'FULFILLED',
  REJECTED: 'REJECTED',
} as const;
export type LoadStatus = (typeof LoadStatus)[keyof typeof LoadStatus];

export type Load<T> =
  | { status: 'NOT_LOADED' }
  | { status: 'PENDING'; data?: T }
  | { status: 'FULFILLED'; data: T }
  | { status: 'REJECTED'; error: unknown; data?: T };

export interface LoadTracker<T> extends ReadableStore<Load<T>> {
  /**
   * Runs one load: PENDING, then FULFILLED with the data or REJECTED with the error. Starting a
   * new load aborts the previous one through its signal, and a superseded load never writes, so
   * a slow old answer cannot overwrite a newer one. Resolves with the data (rejects with the error).
   */
  run(load: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Back to NOT_LOADED, aborting a load in progress. */
  reset(): void;
}

/** Tracks one load (a list, a ticket, a language file...) through the four load states. */
export function createLoad<T>(): LoadTracker<T> {
  const store = createStore<Load<T>>({ status: LoadStatus.NOT_LOADED });
  let current: AbortController | null = null;

  const lastData = (): T | undefined => {
    const load = store.get();
    return 'data' in load ? load.data : undefined;
  };

  return {
    get: store.get,
    subscribe: store.subscribe,
    async run(load) {
      current?.abort();
      const controller = new AbortController();
      current = controller;
      // The previous data stays visible while reloading, so lists do not flash empty.
      const previous = lastData();
      store.set(previous === undefined ? { status: 'PENDING' } : { status: 'PENDING', data: previous });
      try {
        const data = await load(controller.signal);
        if (current === controller) {
          current = null;
          store.set({ status: 'FULFILLED', data });
        }
        return data;
      } catch (error) {
        if (current === controller) {
          current = null;
          store.set(
            previous === undefined
              ? { status: 'REJECTED', error }
              : { status: 'REJECTED', error, data: previous },
          );
        }
        throw error;
      }
    },
    reset() {
      current?.abort();
      current = null;
      store.set({ status: LoadStatus.NOT_LOADED });
    },
  };
}
