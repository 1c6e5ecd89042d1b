import {
  LIMITS,
  REALTIME_PATH,
  WS_CLOSE,
  ZServerFrame,
  type ClientFrame,
  type ErrorResponse,
} from '@servicebay/domain';
import { createStore, type ReadableStore } from '../load-state.js';

/** Websocket states of spec §4 "Realtime". */
export type RealtimeState = 'connected' | 'disconnected' | 'error';

/** The part of the WebSocket API used here; the browser's and the `ws` package's both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  onopen: ((event: any) => void) | null;
  onmessage: ((event: any) => void) | null;
  onerror: ((event: any) => void) | null;
  onclose: ((event: any) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Where the client's timers go; tests pass a manual one to walk the back-off without waiting. */
export interface Scheduler {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** An error frame from the server (a refused subscription, a refused publish), or a frame we could not read. */
export interface RealtimeError extends ErrorResponse {
  topic?: string;
}

export type TopicListener = (payload: unknown, topic: string) => void;

export interface RealtimeClientOptions {
  /** The server's origin or the websocket endpoint itself (http(s) or ws(s)); `/ws` is added when missing. */
  url: string;
  /** Asked before every connection attempt: a token that expired while we were away is not reused. */
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Browsers have one; Node 20 does not, so tests and scripts pass `WebSocket` from 'ws'. */
  WebSocket?: WebSocketConstructor;
  onError?: (error: RealtimeError) => void;
  backoff?: { startMs?: number; maxMs?: number };
  /**
   * Ping period; 0 turns it off. A tablet that changes network can keep a dead socket "open" for
   * minutes; with no frame at all between two pings the socket is dropped and reconnected.
   */
  heartbeatMs?: number;
  scheduler?: Scheduler;
}

export interface RealtimeClient {
  readonly state: ReadableStore<RealtimeState>;
  /**
   * Listens to a topic; returns the function that stops listening. Listeners of one topic share
   * one server subscription, renewed after every reconnection.
   */
  subscribe(topic: string, listener: TopicListener): () => void;
  /** Sends a client event (the VIN scanner's return). Fire-and-forget: false when not connected. */
  publish(topic: string, payload: unknown): boolean;
  /** Connects now instead of waiting out the back-off (the browser says it is back online). */
  reconnect(): void;
  /** Disconnects for good (logout); create a new client to connect again. */
  close(): void;
}

const OPEN = 1;
const NORMAL_CLOSURE = 1000;
export const DEFAULT_HEARTBEAT_MS = 30_000;

const realScheduler: Scheduler = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function realtimeUrl(base: string, token: string): string {
  const url = new URL(base, globalThis.location?.href);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  if (!url.pathname.endsWith(REALTIME_PATH)) url.pathname = url.pathname.replace(/\/+$/, '') + REALTIME_PATH;
  url.searchParams.set('token', token);
  return url.toString();
}

/** A listener's exception must not stop the other listeners, nor vanish. */
function reportListenerError(error: unknown): void {
  const report = (globalThis as { reportError?: (error: unknown) => void }).reportError;
  if (report) report(error);
  else
    queueMicrotask(() => {
      throw error;
    });
}

/**
 * The websocket client of architecture decision 5: one socket to `/ws?token=`, topics multiplexed
 * over it, reconnecting with back-off from 2 s doubling to 60 s (reset once connected) and
 * resubscribing every topic after each reconnection.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const found = options.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
  if (!found) throw new Error('No WebSocket implementation: pass one in options.WebSocket');
  const WebSocketImpl: WebSocketConstructor = found;
  const scheduler = options.scheduler ?? realScheduler;
  const backoffStartMs = options.backoff?.startMs ?? LIMITS.websocketBackoffStartMs;
  const backoffMaxMs = options.backoff?.maxMs ?? LIMITS.websocketBackoffMaxMs;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;

  const state = createStore<RealtimeState>('disconnected');
  const topics = new Map<string, Set<TopicListener>>();
  let socket: WebSocketLike | null = null;
  let connecting = false;
  let closed = false;
  let nextDelayMs = backoffStartMs;
  let reconnectTimer: unknown = null;
  let heartbeatTimer: unknown = null;
  let heardSincePing = true;
  /** Back-off in force before the current socket opened, and whether that socket ever spoke. */
  let delayBeforeOpen = backoffStartMs;
  let heardOnSocket = false;

  const report = (error: RealtimeError) => options.onError?.(error);

  function send(frame: ClientFrame): boolean {
    if (!socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  function scheduleReconnect(): void {
    if (closed || reconnectTimer !== null) return;
    const delay = nextDelayMs;
    nextDelayMs = Math.min(backoffMaxMs, nextDelayMs * 2);
    reconnectTimer = scheduler.setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
  }

  function stopHeartbeat(): void {
    if (heartbeatTimer !== null) scheduler.clearTimeout(heartbeatTimer);
    heartbeatTimer = null;
  }

  function scheduleHeartbeat(current: WebSocketLike): void {
    if (!heartbeatMs) return;
    heartbeatTimer = scheduler.setTimeout(() => {
      heartbeatTimer = null;
      if (current !== socket) return;
      if (!heardSincePing) {
        drop(current);
        return;
      }
      heardSincePing = false;
      send({ type: 'ping' });
      scheduleHeartbeat(current);
    }, heartbeatMs);
  }

  /** The socket is gone (closed by either side, or dead): say so and plan the next attempt. */
  function lost(current: WebSocketLike, code?: number): void {
    if (current !== socket) return;
    socket = null;
    stopHeartbeat();
    // The server accepts the upgrade and then closes 4401 on a bad token: that was no successful
    // connection, so the back-off keeps growing instead of retrying every 2 s.
    if (code === WS_CLOSE.unauthenticated && !heardOnSocket) nextDelayMs = delayBeforeOpen;
    // An error stays visible until a connection succeeds; a clean close is just "disconnected".
    if (state.get() !== 'error') state.set('disconnected');
    scheduleReconnect();
  }

  /**
   * Stops listening to a socket we are leaving. onerror stays set: the `ws` package throws an
   * 'error' event nobody listens to (closing while still connecting emits one).
   */
  function detach(current: WebSocketLike): void {
    current.onopen = current.onmessage = current.onclose = null;
    current.onerror = () => {};
  }

  function drop(current: WebSocketLike): void {
    detach(current);
    try {
      current.close();
    } catch {
      // already closing; nothing to do
    }
    lost(current);
  }

  function dispatch(topic: string, payload: unknown): void {
    const listeners = topics.get(topic);
    if (!listeners) return;
    for (const listener of [...listeners]) {
      try {
        listener(payload, topic);
      } catch (error) {
        reportListenerError(error);
      }
    }
  }

  function receive(data: unknown): void {
    heardSincePing = true;
    heardOnSocket = true;
    let json: unknown;
    try {
      json = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      json = undefined;
    }
    const frame = ZServerFrame.safeParse(json);
    if (!frame.success) {
      report({
        status: 417,
        code: 'INVALID_FRAME',
        message: 'The server sent a frame that is not in the protocol',
      });
      return;
    }
    const value = frame.data;
    if (value.type === 'event') dispatch(value.topic, value.payload);
    else if (value.type === 'error') {
      const { status, code, message, topic } = value;
      report(topic === undefined ? { status, code, message } : { status, code, message, topic });
    }
  }

  async function connect(): Promise<void> {
    if (closed || socket || connecting) return;
    connecting = true;
    let token: string | null | undefined;
    try {
      token = await options.getToken();
    } catch {
      token = null;
    } finally {
      connecting = false;
    }
    if (closed || socket) return;
    if (!token) {
      // Signed out or the refresh failed: try again later, a token may be there by then.
      state.set('disconnected');
      scheduleReconnect();
      return;
    }
    let current: WebSocketLike;
    try {
      current = new WebSocketImpl(realtimeUrl(options.url, token));
    } catch {
      state.set('error');
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      if (current !== socket) return;
      delayBeforeOpen = nextDelayMs;
      nextDelayMs = backoffStartMs;
      heardSincePing = true;
      heardOnSocket = false;
      state.set('connected');
      for (const topic of topics.keys()) send({ type: 'subscribe', topic });
      scheduleHeartbeat(current);
    };
    current.onmessage = (event: { data: unknown }) => {
      if (current === socket) receive(event.data);
    };
    current.onerror = () => {
      if (current === socket) state.set('error');
    };
    current.onclose = (event: { code?: number }) => lost(current, event.code);
  }

  void connect();

  return {
    state,
    subscribe(topic, listener) {
      let listeners = topics.get(topic);
      if (!listeners) {
        listeners = new Set();
        topics.set(topic, listeners);
        send({ type: 'subscribe', topic });
      }
      // A wrapper, so the same function subscribed twice is two listeners with two unsubscribes.
      const entry: TopicListener = (payload, name) => listener(payload, name);
      listeners.add(entry);
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        const current = topics.get(topic);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) {
          topics.delete(topic);
          send({ type: 'unsubscribe', topic });
        }
      };
    },
    publish(topic, payload) {
      return send({ type: 'publish', topic, payload });
    },
    reconnect() {
      if (closed || socket || connecting) return;
      if (reconnectTimer !== null) scheduler.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      void connect();
    },
    close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== null) scheduler.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      stopHeartbeat();
      const current = socket;
      socket = null;
      if (current) {
        detach(current);
        current.close(NORMAL_CLOSURE);
      }
      state.set('disconnected');
    },
  };
}
