import {
  LIMITS,
  REALTIME_PATH,
  WS_CLOSE,
  ZServerFrame,
  type ClientFrame,
  type ErrorResponse,
} from '@servicebay/domain';
import { createStore, type ReadableStore, type WritableStore } from '../load-state.js';

/** The websocket's states: an error stays until a connection succeeds. */
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

/** Where the client writes what it ignores; the console by default. */
export type RealtimeLogger = Pick<Console, 'warn'>;

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
  /** Told of each frame the client does not support (not JSON, unknown type) and ignores. */
  logger?: RealtimeLogger;
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

/** What one client holds: its settings, its topics, the current socket and the timers around it. */
interface Link {
  options: RealtimeClientOptions;
  logger: RealtimeLogger;
  WebSocketImpl: WebSocketConstructor;
  scheduler: Scheduler;
  backoffStartMs: number;
  backoffMaxMs: number;
  heartbeatMs: number;
  state: WritableStore<RealtimeState>;
  topics: Map<string, Set<TopicListener>>;
  socket: WebSocketLike | null;
  connecting: boolean;
  closed: boolean;
  nextDelayMs: number;
  reconnectTimer: unknown;
  heartbeatTimer: unknown;
  heardSincePing: boolean;
  /** Back-off in force before the current socket opened, and whether that socket ever spoke. */
  delayBeforeOpen: number;
  heardOnSocket: boolean;
}

function report(link: Link, error: RealtimeError): void {
  link.options.onError?.(error);
}

function send(link: Link, frame: ClientFrame): boolean {
  if (!link.socket || link.socket.readyState !== OPEN) return false;
  link.socket.send(JSON.stringify(frame));
  return true;
}

function scheduleReconnect(link: Link): void {
  if (link.closed || link.reconnectTimer !== null) return;
  const delay = link.nextDelayMs;
  link.nextDelayMs = Math.min(link.backoffMaxMs, link.nextDelayMs * 2);
  link.reconnectTimer = link.scheduler.setTimeout(() => {
    link.reconnectTimer = null;
    void connect(link);
  }, delay);
}

function stopHeartbeat(link: Link): void {
  if (link.heartbeatTimer !== null) link.scheduler.clearTimeout(link.heartbeatTimer);
  link.heartbeatTimer = null;
}

function scheduleHeartbeat(link: Link, current: WebSocketLike): void {
  if (!link.heartbeatMs) return;
  link.heartbeatTimer = link.scheduler.setTimeout(() => {
    link.heartbeatTimer = null;
    if (current !== link.socket) return;
    if (!link.heardSincePing) {
      drop(link, current);
      return;
    }
    link.heardSincePing = false;
    send(link, { type: 'ping' });
    scheduleHeartbeat(link, current);
  }, link.heartbeatMs);
}

/** The socket is gone (closed by either side, or dead): say so and plan the next attempt. */
function lost(link: Link, current: WebSocketLike, code?: number): void {
  if (current !== link.socket) return;
  link.socket = null;
  stopHeartbeat(link);
  // The server accepts the upgrade and then closes 4401 on a bad token: that was no successful
  // connection, so the back-off keeps growing instead of retrying every 2 s.
  if (code === WS_CLOSE.unauthenticated && !link.heardOnSocket) link.nextDelayMs = link.delayBeforeOpen;
  // An error stays visible until a connection succeeds; a clean close is just "disconnected".
  if (link.state.get() !== 'error') link.state.set('disconnected');
  scheduleReconnect(link);
}

/**
 * Stops listening to a socket we are leaving. onerror stays set: the `ws` package throws an
 * 'error' event nobody listens to (closing while still connecting emits one).
 */
function detach(current: WebSocketLike): void {
  current.onopen = current.onmessage = current.onclose = null;
  current.onerror = () => {};
}

function drop(link: Link, current: WebSocketLike): void {
  detach(current);
  try {
    current.close();
  } catch {
    // already closing; nothing to do
  }
  lost(link, current);
}

function dispatch(link: Link, topic: string, payload: unknown): void {
  const listeners = link.topics.get(topic);
  if (!listeners) return;
  for (const listener of [...listeners]) {
    try {
      listener(payload, topic);
    } catch (error) {
      reportListenerError(error);
    }
  }
}

/** Why a frame is not one the client supports, for the log: never the frame itself (it may hold personal data). */
function unsupported(data: unknown, json: unknown): string {
  if (typeof data !== 'string') return 'a binary frame';
  if (json === undefined) return `a frame that is not JSON (${data.length} characters)`;
  const type = typeof json === 'object' && json !== null ? (json as { type?: unknown }).type : undefined;
  return typeof type === 'string' ? `a frame of unsupported type "${type.slice(0, 40)}"` : 'a frame outside the protocol';
}

/**
 * One frame from the server. A frame the client does not support (not JSON, an unknown type, a
 * known type missing its fields) is logged and ignored, never thrown: the socket stays up and
 * the next frame is read as usual. onError still hears of it.
 */
function receive(link: Link, data: unknown): void {
  link.heardSincePing = true;
  link.heardOnSocket = true;
  let json: unknown;
  try {
    json = typeof data === 'string' ? JSON.parse(data) : undefined;
  } catch {
    json = undefined;
  }
  const frame = ZServerFrame.safeParse(json);
  if (!frame.success) {
    link.logger.warn(`Realtime: ignored ${unsupported(data, json)}`);
    report(link, {
      status: 417,
      code: 'INVALID_FRAME',
      message: 'The server sent a frame that is not in the protocol',
    });
    return;
  }
  const value = frame.data;
  if (value.type === 'event') dispatch(link, value.topic, value.payload);
  else if (value.type === 'error') {
    const { status, code, message, topic } = value;
    report(link, topic === undefined ? { status, code, message } : { status, code, message, topic });
  }
}

/** A socket opened: the back-off starts over, every topic is subscribed again, the heartbeat starts. */
function opened(link: Link, current: WebSocketLike): void {
  if (current !== link.socket) return;
  link.delayBeforeOpen = link.nextDelayMs;
  link.nextDelayMs = link.backoffStartMs;
  link.heardSincePing = true;
  link.heardOnSocket = false;
  link.state.set('connected');
  for (const topic of link.topics.keys()) send(link, { type: 'subscribe', topic });
  scheduleHeartbeat(link, current);
}

async function connect(link: Link): Promise<void> {
  if (link.closed || link.socket || link.connecting) return;
  link.connecting = true;
  let token: string | null | undefined;
  try {
    token = await link.options.getToken();
  } catch {
    token = null;
  } finally {
    link.connecting = false;
  }
  if (link.closed || link.socket) return;
  if (!token) {
    // Signed out or the refresh failed: try again later, a token may be there by then.
    link.state.set('disconnected');
    scheduleReconnect(link);
    return;
  }
  let current: WebSocketLike;
  try {
    current = new link.WebSocketImpl(realtimeUrl(link.options.url, token));
  } catch {
    link.state.set('error');
    scheduleReconnect(link);
    return;
  }
  link.socket = current;
  current.onopen = () => opened(link, current);
  current.onmessage = (event: { data: unknown }) => {
    if (current === link.socket) receive(link, event.data);
  };
  current.onerror = () => {
    if (current === link.socket) link.state.set('error');
  };
  current.onclose = (event: { code?: number }) => lost(link, current, event.code);
}

function subscribe(link: Link, topic: string, listener: TopicListener): () => void {
  let listeners = link.topics.get(topic);
  if (!listeners) {
    listeners = new Set();
    link.topics.set(topic, listeners);
    send(link, { type: 'subscribe', topic });
  }
  // A wrapper, so the same function subscribed twice is two listeners with two unsubscribes.
  const entry: TopicListener = (payload, name) => listener(payload, name);
  listeners.add(entry);
  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = link.topics.get(topic);
    if (!current) return;
    current.delete(entry);
    if (current.size === 0) {
      link.topics.delete(topic);
      send(link, { type: 'unsubscribe', topic });
    }
  };
}

function reconnect(link: Link): void {
  if (link.closed || link.socket || link.connecting) return;
  if (link.reconnectTimer !== null) link.scheduler.clearTimeout(link.reconnectTimer);
  link.reconnectTimer = null;
  void connect(link);
}

function close(link: Link): void {
  if (link.closed) return;
  link.closed = true;
  if (link.reconnectTimer !== null) link.scheduler.clearTimeout(link.reconnectTimer);
  link.reconnectTimer = null;
  stopHeartbeat(link);
  const current = link.socket;
  link.socket = null;
  if (current) {
    detach(current);
    current.close(NORMAL_CLOSURE);
  }
  link.state.set('disconnected');
}

/**
 * The websocket client of architecture decision 5: one socket to `/ws?token=`, topics multiplexed
 * over it, reconnecting with back-off from 2 s doubling to 60 s (reset once connected) and
 * resubscribing every topic after each reconnection.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const found = options.WebSocket ?? (globalThis.WebSocket as WebSocketConstructor | undefined);
  if (!found) throw new Error('No WebSocket implementation: pass one in options.WebSocket');
  const backoffStartMs = options.backoff?.startMs ?? LIMITS.websocketBackoffStartMs;
  const link: Link = {
    options,
    logger: options.logger ?? console,
    WebSocketImpl: found,
    scheduler: options.scheduler ?? realScheduler,
    backoffStartMs,
    backoffMaxMs: options.backoff?.maxMs ?? LIMITS.websocketBackoffMaxMs,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    state: createStore<RealtimeState>('disconnected'),
    topics: new Map(),
    socket: null,
    connecting: false,
    closed: false,
    nextDelayMs: backoffStartMs,
    reconnectTimer: null,
    heartbeatTimer: null,
    heardSincePing: true,
    delayBeforeOpen: backoffStartMs,
    heardOnSocket: false,
  };

  void connect(link);

  return {
    state: link.state,
    subscribe: (topic, listener) => subscribe(link, topic, listener),
    publish: (topic, payload) => send(link, { type: 'publish', topic, payload }),
    reconnect: () => reconnect(link),
    close: () => close(link),
  };
}
