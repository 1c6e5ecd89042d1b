import type { RawData, WebSocket } from 'ws';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { AppError, ZClientFrame, addresseeOf, errors, type ClientFrame, type ServerFrame } from '@servicebay/domain';
import type { Principal } from '../auth/principal.js';
import type { StoreOwnership } from '../tenancy/tenancy.repository.js';
import type { BusEvent, EventBus } from './bus.js';
import { authorizeTopic, type StoreLookup } from './topic.policy.js';

export interface HubLimits {
  /** Topics one connection may hold at once (a multi-store owner needs ~8 per store). */
  maxSubscriptions: number;
  /** Frames received but not yet answered; beyond it frames are refused, not queued. */
  maxPendingFrames: number;
  /** Unsent bytes a slow client may pile up before it is cut off (it reconnects and refetches). */
  maxBufferedBytes: number;
  /** Protocol-level ping interval; a peer that misses one is dropped (dead NAT, sleeping tablet). */
  heartbeatMs: number;
}

export const DEFAULT_HUB_LIMITS: HubLimits = {
  maxSubscriptions: 256,
  maxPendingFrames: 32,
  maxBufferedBytes: 1_048_576,
  heartbeatMs: 30_000,
};

/** Close code for a client that reads too slowly: "try again later", so it reconnects. */
const CLOSE_TOO_SLOW = 1013;
/** Node timers overflow past ~24.8 days. */
const MAX_TIMER_MS = 2_147_483_647;

export interface HubDeps {
  bus: EventBus;
  storeOwnership: StoreLookup;
  logger: Logger;
  limits?: Partial<HubLimits>;
}

export interface Hub {
  /**
   * Serves one authenticated socket until it closes. `expiresAt` (ms since epoch) is when the
   * caller's token expires: the socket is closed then, so a revoked user does not keep listening.
   */
  accept(socket: WebSocket, principal: Principal, expiresAt: number | null): void;
  readonly connectionCount: number;
  subscriberCount(topic: string): number;
  /** Closes every socket of one user: its sign-ins were ended, so it may not keep listening. */
  closeUser(userId: string, code: number, reason: string): void;
  /** Closes every socket with the code (1001 on shutdown) and stops listening to the bus. */
  close(code: number, reason: string): void;
}

interface Connection {
  socket: WebSocket;
  principal: Principal;
  topics: Set<string>;
  alive: boolean;
  pending: number;
  queue: Promise<void>;
  lookup: StoreLookup;
  expiry: NodeJS.Timeout | undefined;
}

/** An error frame's content: the HTTP error shape, plus the topic it concerns when there is one. */
class FrameError extends Error {
  constructor(
    readonly error: AppError,
    readonly topic: string | undefined,
  ) {
    super(error.message);
  }
}

/** What one hub holds: its sockets, the subscription index, and whether it was closed. */
interface HubState {
  deps: HubDeps;
  limits: HubLimits;
  connections: Set<Connection>;
  byTopic: Map<string, Set<Connection>>;
  closed: boolean;
}

function deliver(hub: HubState, event: BusEvent) {
  const subscribers = hub.byTopic.get(event.topic);
  if (!subscribers?.size) return;
  // Serialized once, whatever the number of subscribers.
  const data = JSON.stringify({ type: 'event', topic: event.topic, payload: event.payload ?? null });
  // A shared topic whose events are each one user's (docs/realtime.md): only that user's sockets.
  const addressee = addresseeOf(event.topic, event.payload);
  for (const connection of subscribers) {
    if (addressee === null || addressee === connection.principal.id) sendRaw(hub, connection, data);
  }
}

function beat(hub: HubState) {
  for (const connection of hub.connections) {
    if (!connection.alive) {
      connection.socket.terminate();
      continue;
    }
    connection.alive = false;
    connection.socket.ping();
  }
}

function sendRaw(hub: HubState, connection: Connection, data: string) {
  const { socket } = connection;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > hub.limits.maxBufferedBytes) {
    socket.close(CLOSE_TOO_SLOW, 'Client reads too slowly');
    return;
  }
  socket.send(data);
}

function send(hub: HubState, connection: Connection, frame: ServerFrame) {
  sendRaw(hub, connection, JSON.stringify(frame));
}

function sendError(hub: HubState, connection: Connection, error: AppError, topic?: string) {
  send(hub, connection, { type: 'error', ...(topic === undefined ? {} : { topic }), ...error.toResponse() });
}

function unsubscribe(hub: HubState, connection: Connection, topic: string) {
  connection.topics.delete(topic);
  const subscribers = hub.byTopic.get(topic);
  subscribers?.delete(connection);
  if (subscribers?.size === 0) hub.byTopic.delete(topic);
}

/** Adds the topic to the connection once the caller may read it, within the connection's budget. */
async function subscribe(hub: HubState, connection: Connection, topic: string) {
  if (!connection.topics.has(topic)) {
    if (connection.topics.size >= hub.limits.maxSubscriptions) {
      throw new AppError(
        429,
        'TOO_MANY_REQUESTS',
        `At most ${hub.limits.maxSubscriptions} subscriptions per connection`,
      );
    }
    await authorizeTopic(connection.principal, topic, 'subscribe', connection.lookup);
    if (connection.socket.readyState !== connection.socket.OPEN) return;
    connection.topics.add(topic);
    let subscribers = hub.byTopic.get(topic);
    if (!subscribers) hub.byTopic.set(topic, (subscribers = new Set()));
    subscribers.add(connection);
  }
  send(hub, connection, { type: 'subscribed', topic });
}

/** Publishes a client's event on the bus once the caller may write the topic. */
async function publish(hub: HubState, connection: Connection, frame: Extract<ClientFrame, { type: 'publish' }>) {
  await authorizeTopic(connection.principal, frame.topic, 'publish', connection.lookup);
  try {
    await hub.deps.bus.publish({ topic: frame.topic, payload: frame.payload ?? null });
  } catch (error) {
    hub.deps.logger.warn({ err: error }, 'realtime publish failed');
    throw new AppError(503, 'SERVICE_UNAVAILABLE', 'Realtime is unavailable; try again');
  }
}

async function handle(hub: HubState, connection: Connection, frame: ClientFrame) {
  switch (frame.type) {
    case 'ping':
      send(hub, connection, { type: 'pong' });
      return;
    case 'unsubscribe':
      unsubscribe(hub, connection, frame.topic);
      send(hub, connection, { type: 'unsubscribed', topic: frame.topic });
      return;
    case 'subscribe':
      return subscribe(hub, connection, frame.topic);
    case 'publish':
      return publish(hub, connection, frame);
  }
}

async function receive(hub: HubState, connection: Connection, data: RawData, isBinary: boolean) {
  let frame: ClientFrame | undefined;
  try {
    frame = decode(data, isBinary);
    await handle(hub, connection, frame);
  } catch (error) {
    const topic = frame && 'topic' in frame ? frame.topic : undefined;
    if (error instanceof FrameError) sendError(hub, connection, error.error, error.topic);
    else if (error instanceof AppError) sendError(hub, connection, error, topic);
    else {
      hub.deps.logger.error({ err: error, frame: frame?.type }, 'realtime frame failed');
      sendError(hub, connection, new AppError(500, 'INTERNAL_ERROR', 'Something went wrong on our side'), topic);
    }
  }
}

function accept(hub: HubState, socket: WebSocket, principal: Principal, expiresAt: number | null) {
  if (hub.closed) {
    socket.close(1001, 'Server shutting down');
    return;
  }
  const connection: Connection = {
    socket,
    principal,
    topics: new Set(),
    alive: true,
    pending: 0,
    queue: Promise.resolve(),
    lookup: cachedLookup(hub.deps.storeOwnership),
    expiry: undefined,
  };
  hub.connections.add(connection);

  if (expiresAt !== null) {
    const delay = Math.max(0, Math.min(expiresAt - Date.now(), MAX_TIMER_MS));
    connection.expiry = setTimeout(() => socket.close(4401, 'Token expired'), delay);
    connection.expiry.unref();
  }

  socket.on('pong', () => {
    connection.alive = true;
  });
  socket.on('message', (data, isBinary) => {
    connection.alive = true;
    if (connection.pending >= hub.limits.maxPendingFrames) {
      sendError(
        hub,
        connection,
        new AppError(429, 'TOO_MANY_REQUESTS', 'Too many frames in flight; wait for the answers'),
      );
      return;
    }
    connection.pending++;
    connection.queue = connection.queue
      .then(() => receive(hub, connection, data, isBinary))
      .finally(() => connection.pending--);
  });
  socket.on('close', () => {
    clearTimeout(connection.expiry);
    for (const topic of [...connection.topics]) unsubscribe(hub, connection, topic);
    hub.connections.delete(connection);
  });
}

/**
 * The websocket hub: a subscription index per process, fed by the bus. Frames of one connection
 * are handled one at a time, in order, so a subscribe still being authorized cannot overtake
 * the unsubscribe sent after it.
 */
export function createHub(deps: HubDeps): Hub {
  const hub: HubState = {
    deps,
    limits: { ...DEFAULT_HUB_LIMITS, ...deps.limits },
    connections: new Set(),
    byTopic: new Map(),
    closed: false,
  };

  const stopListening = deps.bus.onEvent((event) => deliver(hub, event));
  const heartbeat = setInterval(() => beat(hub), hub.limits.heartbeatMs);
  heartbeat.unref();

  return {
    accept: (socket, principal, expiresAt) => accept(hub, socket, principal, expiresAt),
    get connectionCount() {
      return hub.connections.size;
    },
    subscriberCount: (topic) => hub.byTopic.get(topic)?.size ?? 0,
    closeUser(userId, code, reason) {
      for (const connection of hub.connections)
        if (connection.principal.id === userId) connection.socket.close(code, reason);
    },
    close(code, reason) {
      if (hub.closed) return;
      hub.closed = true;
      stopListening();
      clearInterval(heartbeat);
      for (const connection of hub.connections) connection.socket.close(code, reason);
    },
  };
}

function decode(data: RawData, isBinary: boolean): ClientFrame {
  if (isBinary) throw new FrameError(errors.invalid('Frames must be JSON text'), undefined);
  const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer)).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FrameError(errors.invalid('Frame is not valid JSON'), undefined);
  }
  const result = ZClientFrame.safeParse(json, { reportInput: true });
  if (!result.success) {
    const topic = (json as { topic?: unknown } | null)?.topic;
    throw new FrameError(
      frameError(result.error),
      typeof topic === 'string' ? topic.slice(0, 200) : undefined,
    );
  }
  return result.data;
}

/** Names the field at fault, like the HTTP validation errors do. */
function frameError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return errors.invalid('frame is invalid');
  if (issue.code === 'unrecognized_keys')
    return errors.invalid(`frame: unknown field ${issue.keys.join(', ')}`);
  const field = issue.path.length ? issue.path.join('.') : 'frame';
  if (issue.code === 'invalid_type' && issue.input === undefined) return errors.mandatory(field);
  if (field === 'type' || issue.code === 'invalid_union') {
    return errors.invalid('type must be subscribe, unsubscribe, publish or ping');
  }
  return errors.invalid(`${field}: ${issue.message}`);
}

/** A connection asks about the same store for each of its topics; ask the database once. */
function cachedLookup(lookup: StoreLookup): StoreLookup {
  const cache = new Map<string, Promise<StoreOwnership | null>>();
  return (storeId) => {
    let found = cache.get(storeId);
    if (!found) {
      if (cache.size >= 32) cache.clear();
      found = lookup(storeId);
      cache.set(storeId, found);
      found.catch(() => cache.delete(storeId));
    }
    return found;
  };
}
