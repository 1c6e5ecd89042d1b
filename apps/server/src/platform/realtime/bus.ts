/** A published event: a topic of spec §4 "Realtime" and its JSON payload. */
export interface BusEvent {
  topic: string;
  payload: unknown;
}

/**
 * Fans events out to every server process. In-process by default; Redis pub/sub when REDIS_URL
 * is set, so processes behind a load balancer deliver each other's events.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: BusEvent): Promise<void>;
  /** Called for every event published by any process; returns an unsubscribe function. */
  onEvent(listener: (event: BusEvent) => void): () => void;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function createMemoryBus(): EventBus {
  const listeners = new Set<(event: BusEvent) => void>();
  return {
    kind: 'memory',
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ping: async () => true,
    close: async () => listeners.clear(),
  };
}
