import WebSocket from 'ws';
import type { ServerFrame } from '@servicebay/domain';

/**
 * A websocket client for tests (and benches) that speaks the /ws protocol and lets a test wait
 * for frames instead of sleeping.
 */
export interface TestSocket {
  ws: WebSocket;
  /** Every frame received, in order. */
  received: ServerFrame[];
  send(frame: unknown): void;
  sendRaw(data: string | Buffer, options?: { binary?: boolean }): void;
  /** Takes the first not-yet-taken frame that matches, waiting for it if needed. */
  next(match?: (frame: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  /** Subscribes and returns the answer: `subscribed` or the `error` frame for that topic. */
  subscribe(topic: string): Promise<ServerFrame>;
  /** Events received so far on a topic. */
  events(topic: string): unknown[];
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
}

export function connect(
  url: string,
  options: { timeoutMs?: number; autoPong?: boolean } = {},
): Promise<TestSocket> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const ws = new WebSocket(url, { autoPong: options.autoPong ?? true });
  const received: ServerFrame[] = [];
  const unread: ServerFrame[] = [];
  const waiters = new Set<{ match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }>();
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });

  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as ServerFrame;
    received.push(frame);
    for (const waiter of waiters) {
      if (waiter.match(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
        return;
      }
    }
    unread.push(frame);
  });

  const socket: TestSocket = {
    ws,
    received,
    send: (frame) => ws.send(JSON.stringify(frame)),
    sendRaw: (data, options) => ws.send(data, { binary: options?.binary ?? false }),
    next(match = () => true, wait = timeoutMs) {
      const index = unread.findIndex(match);
      if (index >= 0) return Promise.resolve(unread.splice(index, 1)[0]!);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (frame: ServerFrame) => {
            clearTimeout(timer);
            resolve(frame);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching frame within ${wait} ms; received ${JSON.stringify(received)}`));
        }, wait);
        waiters.add(waiter);
      });
    },
    subscribe(topic) {
      ws.send(JSON.stringify({ type: 'subscribe', topic }));
      return socket.next((f) => (f.type === 'subscribed' || f.type === 'error') && f.topic === topic);
    },
    events: (topic) =>
      received
        .filter((f) => f.type === 'event' && f.topic === topic)
        .map((f) => (f as { payload: unknown }).payload),
    closed,
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`could not connect to ${url}`)), timeoutMs);
    ws.once('open', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    // Kept for the socket's life: an error after the handshake shows up as the close code.
    ws.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
