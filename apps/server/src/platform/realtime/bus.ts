/** A published event: a realtime topic (docs/realtime.md) and its JSON payload. */
export interface BusEvent {
  topic: string;
  payload: unknown;
}

/**
 * Fans events out to every server process. In-process by default; Redis pub/sub when REDIS_URL
 * is set, so processes behind a load balancer deliver each other's events.
 *
 * Every listener of every process sees each published event once, including the publishing
 * process's own listeners (the Redis bus delivers those through Redis too, never twice).
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: BusEvent): Promise<void>;
  /** Called for every event published by any process; returns an unsubscribe function. */
  onEvent(listener: (event: BusEvent) => void): () => void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** Calls every listener, so that one failing listener cannot starve the others. */
export function dispatch(
  listeners: Iterable<(event: BusEvent) => void>,
  event: BusEvent,
  onError: (error: unknown) => void,
): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (error) {
      onError(error);
    }
  }
}

export function createMemoryBus(onError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Set<(event: BusEvent) => void>();
  let closed = false;
  return {
    kind: 'memory',
    async publish(event) {
      if (closed) throw new Error('event bus is closed');
      dispatch([...listeners], event, onError);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ping: async () => !closed,
    async close() {
      closed = true;
      listeners.clear();
    },
  };
}
