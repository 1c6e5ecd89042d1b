/// <reference types="node" />
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { ZClientFrame, type ClientFrame, type ServerFrame } from '@servicebay/domain';
import {
  createRealtimeClient,
  realtimeUrl,
  type RealtimeClient,
  type RealtimeClientOptions,
  type Scheduler,
} from './client.js';

/** A real `ws` server speaking the protocol: records every connection and frame, answers subscriptions. */
async function startServer(port = 0, opts: { answerPings?: boolean } = {}) {
  const wss = new WebSocketServer({ port, host: '127.0.0.1', path: '/ws' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const connections: { socket: WebSocket; token: string | null; frames: ClientFrame[] }[] = [];
  wss.on('connection', (socket: WebSocket, req: IncomingMessage) => {
    const entry = {
      socket,
      token: new URL(req.url ?? '', 'http://x').searchParams.get('token'),
      frames: [] as ClientFrame[],
    };
    connections.push(entry);
    socket.on('message', (data) => {
      const frame = ZClientFrame.parse(JSON.parse(String(data)));
      entry.frames.push(frame);
      if (frame.type === 'subscribe') send(socket, { type: 'subscribed', topic: frame.topic });
      if (frame.type === 'ping' && opts.answerPings !== false) send(socket, { type: 'pong' });
    });
  });
  const send = (socket: WebSocket, frame: ServerFrame | Record<string, unknown>) =>
    socket.send(JSON.stringify(frame));
  return {
    wss,
    port: (wss.address() as AddressInfo).port,
    connections,
    last: () => connections.at(-1)!,
    send,
    /** Sends an event on every open connection subscribed (at the moment) to the topic. */
    emit(topic: string, payload: unknown) {
      for (const c of connections) {
        const subscribed = c.frames.reduce(
          (on, f) =>
            f.type === 'subscribe' && f.topic === topic
              ? true
              : f.type === 'unsubscribe' && f.topic === topic
                ? false
                : on,
          false,
        );
        if (subscribed && c.socket.readyState === WebSocket.OPEN)
          send(c.socket, { type: 'event', topic, payload });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}
type TestServer = Awaited<ReturnType<typeof startServer>>;

/** Timers the test fires by hand, so the back-off is walked without waiting minutes. */
function manualScheduler() {
  const timers: { callback: () => void; ms: number; cancelled: boolean; fired: boolean }[] = [];
  const scheduler: Scheduler = {
    setTimeout(callback, ms) {
      const timer = { callback, ms, cancelled: false, fired: false };
      timers.push(timer);
      return timer;
    },
    clearTimeout(handle) {
      (handle as (typeof timers)[number]).cancelled = true;
    },
  };
  const pending = () => timers.filter((t) => !t.cancelled && !t.fired);
  return {
    scheduler,
    pending,
    /** Fires the one pending timer and returns its delay. */
    fire(): number {
      const [timer, ...more] = pending();
      if (!timer || more.length) throw new Error(`expected one pending timer, found ${pending().length}`);
      timer.fired = true;
      timer.callback();
      return timer.ms;
    },
  };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Polls often: every wait here is a local socket round trip. */
const poll = <T>(read: () => T) => expect.poll(read, { interval: 5 });

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function setup(server: TestServer | { port: number }, extra: Partial<RealtimeClientOptions> = {}) {
  const timers = manualScheduler();
  let tokens = 0;
  const errors: unknown[] = [];
  const client: RealtimeClient = createRealtimeClient({
    url: `http://127.0.0.1:${server.port}`,
    getToken: async () => `token-${++tokens}`,
    WebSocket,
    scheduler: timers.scheduler,
    heartbeatMs: 0,
    onError: (e) => errors.push(e),
    // Quiet by default; the tests of the log pass their own.
    logger: { warn: () => {} },
    ...extra,
  });
  cleanups.push(() => client.close());
  const states: string[] = [];
  client.state.subscribe((s) => states.push(s));
  return { client, timers, errors, states, tokens: () => tokens };
}

async function started(port?: number, opts?: { answerPings?: boolean }) {
  const server = await startServer(port, opts);
  cleanups.push(server.close);
  return server;
}

describe('realtime client', () => {
  it('builds the /ws?token= URL from an http or ws origin', () => {
    expect(realtimeUrl('https://shop.example.com', 'a b')).toBe('wss://shop.example.com/ws?token=a+b');
    expect(realtimeUrl('ws://localhost:8080/ws', 't')).toBe('ws://localhost:8080/ws?token=t');
    expect(realtimeUrl('http://localhost:8080/', 't')).toBe('ws://localhost:8080/ws?token=t');
  });

  it('connects with a token, subscribes once per topic and delivers events to every listener', async () => {
    const server = await started();
    const { client } = setup(server);
    const a: unknown[] = [];
    const b: unknown[] = [];
    const offA = client.subscribe('store/s1/inspectionOrders/updated', (payload) => a.push(payload));
    const offB = client.subscribe('store/s1/inspectionOrders/updated', (payload) => b.push(payload));

    await poll(() => client.state.get()).toBe('connected');
    expect(server.last().token).toBe('token-1');
    await poll(() => server.last().frames).toEqual([
      { type: 'subscribe', topic: 'store/s1/inspectionOrders/updated' },
    ]);

    server.emit('store/s1/inspectionOrders/updated', { id: 'o1' });
    await poll(() => [a, b]).toEqual([[{ id: 'o1' }], [{ id: 'o1' }]]);

    // The server subscription stays while one listener remains.
    offA();
    offA();
    expect(server.last().frames).toHaveLength(1);
    offB();
    await poll(() => server.last().frames.at(-1)).toEqual({
      type: 'unsubscribe',
      topic: 'store/s1/inspectionOrders/updated',
    });
  });

  it('sends subscribe frames at once when already connected, and publishes', async () => {
    const server = await started();
    const { client } = setup(server);
    await poll(() => client.state.get()).toBe('connected');
    client.subscribe('user/u1/externalAppAction/vinScannedFromDashboard', () => {});
    expect(
      client.publish('user/u1/externalAppAction/vinScannedFromDashboard', { vin: '1HGCM82633A004352' }),
    ).toBe(true);
    await poll(() => server.last().frames).toEqual([
      { type: 'subscribe', topic: 'user/u1/externalAppAction/vinScannedFromDashboard' },
      {
        type: 'publish',
        topic: 'user/u1/externalAppAction/vinScannedFromDashboard',
        payload: { vin: '1HGCM82633A004352' },
      },
    ]);
  });

  it('reconnects after the server drops the socket, with a fresh token, and resubscribes every topic', async () => {
    const server = await started();
    const { client, timers, states } = setup(server);
    const events: unknown[] = [];
    client.subscribe('system/notifications/created', (p) => events.push(p));
    client.subscribe('store/s1/paymentMade', () => {});
    await poll(() => server.last().frames).toHaveLength(2);

    server.last().socket.terminate();
    await poll(() => client.state.get()).toBe('disconnected');
    expect(timers.fire()).toBe(2000);

    await poll(() => server.connections).toHaveLength(2);
    expect(server.last().token).toBe('token-2');
    await poll(() => server.last().frames).toEqual([
      { type: 'subscribe', topic: 'system/notifications/created' },
      { type: 'subscribe', topic: 'store/s1/paymentMade' },
    ]);
    server.emit('system/notifications/created', { n: 1 });
    await poll(() => events).toEqual([{ n: 1 }]);
    expect(states).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('backs off 2, 4, 8, 16, 32 and 60 s while the server is away, and starts again at 2 s once connected', async () => {
    const port = await freePort();
    const { client, timers } = setup({ port });
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      await poll(() => timers.pending()).toHaveLength(1);
      delays.push(timers.fire());
    }
    expect(delays).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000]);
    // The last attempt has failed too before the server comes back.
    await poll(() => timers.pending()).toHaveLength(1);
    expect(client.state.get()).toBe('error');

    const server = await started(port);
    expect(timers.fire()).toBe(60_000);
    await poll(() => client.state.get()).toBe('connected');

    server.last().socket.terminate();
    await poll(() => timers.pending()).toHaveLength(1);
    expect(timers.fire()).toBe(2000);
    await poll(() => client.state.get()).toBe('connected');
    expect(server.connections.map((c) => c.token)).toEqual(['token-9', 'token-10']);
  });

  it('keeps backing off when the server refuses the token (opens, then closes 4401 at once)', async () => {
    const server = await started();
    server.wss.on('connection', (socket: WebSocket) => socket.close(4401, 'Authentication required'));
    const { client, timers } = setup(server);
    const delays: number[] = [];
    for (let i = 0; i < 3; i++) {
      await poll(() => timers.pending()).toHaveLength(1);
      delays.push(timers.fire());
    }
    expect(delays).toEqual([2000, 4000, 8000]);
    // Every attempt asked for a token of its own.
    const tokens = server.connections.map((c) => c.token);
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(client.state.get()).not.toBe('connected');
  });

  it('reconnects in 2 s when a working connection is closed 4401 (its token expired)', async () => {
    const server = await started();
    const { client, timers } = setup(server);
    client.subscribe('t', () => {});
    await poll(() => server.last().frames).toHaveLength(1);
    await poll(() => client.state.get()).toBe('connected');
    server.last().socket.close(4401, 'Token expired');
    await poll(() => timers.pending()).toHaveLength(1);
    expect(timers.fire()).toBe(2000);
    await poll(() => server.connections).toHaveLength(2);
    expect(server.last().token).toBe('token-2');
  });

  it('does not reconnect after close()', async () => {
    const server = await started();
    const { client, timers } = setup(server);
    await poll(() => client.state.get()).toBe('connected');
    client.close();
    expect(client.state.get()).toBe('disconnected');
    await poll(() => server.wss.clients.size).toBe(0);
    expect(timers.pending()).toHaveLength(0);
    client.reconnect();
    expect(client.publish('store/s1/paymentMade', {})).toBe(false);
    expect(server.connections).toHaveLength(1);
  });

  it('close() cancels a reconnection that is waiting', async () => {
    const server = await started();
    const { client, timers, tokens } = setup(server);
    await poll(() => client.state.get()).toBe('connected');
    server.last().socket.terminate();
    await poll(() => timers.pending()).toHaveLength(1);
    client.close();
    expect(timers.pending()).toHaveLength(0);
    expect(tokens()).toBe(1);
  });

  it('reconnect() skips the wait (back online)', async () => {
    const server = await started();
    const { client, timers } = setup(server);
    await poll(() => client.state.get()).toBe('connected');
    server.last().socket.terminate();
    await poll(() => timers.pending()).toHaveLength(1);
    client.reconnect();
    await poll(() => server.connections).toHaveLength(2);
    await poll(() => client.state.get()).toBe('connected');
    expect(timers.pending()).toHaveLength(0);
  });

  it('reports error frames and frames outside the protocol to onError', async () => {
    const server = await started();
    const { client, errors } = setup(server);
    await poll(() => client.state.get()).toBe('connected');
    const socket = server.last().socket;
    server.send(socket, {
      type: 'error',
      topic: 'store/other/paymentMade',
      status: 404,
      code: 'NOT_FOUND',
      message: 'no such topic',
    });
    server.send(socket, { type: 'surprise' });
    socket.send('not json');
    await poll(() => errors).toHaveLength(3);
    expect(errors[0]).toEqual({
      topic: 'store/other/paymentMade',
      status: 404,
      code: 'NOT_FOUND',
      message: 'no such topic',
    });
    expect(errors.slice(1)).toMatchObject([{ code: 'INVALID_FRAME' }, { code: 'INVALID_FRAME' }]);
    expect(client.state.get()).toBe('connected');
  });

  it('logs each unsupported frame with a warning, never throws, and keeps reading the socket', async () => {
    const server = await started();
    const warnings: unknown[][] = [];
    const { client, errors } = setup(server, { logger: { warn: (...args: unknown[]) => void warnings.push(args) } });
    const delivered: unknown[] = [];
    client.subscribe('t', (payload) => delivered.push(payload));
    await poll(() => server.last()?.frames.length ?? 0).toBe(1);
    const socket = server.last().socket;
    socket.send('not json {');
    server.send(socket, { type: 'surprise', secret: 'kept out of the log' });
    server.send(socket, { type: 'event', payload: 'no topic' });
    socket.send('null');
    socket.send(Buffer.from([1, 2, 3]));
    server.emit('t', 'still delivered');
    await poll(() => delivered).toEqual(['still delivered']);
    expect(warnings).toEqual([
      ['Realtime: ignored a frame that is not JSON (10 characters)'],
      ['Realtime: ignored a frame of unsupported type "surprise"'],
      ['Realtime: ignored a frame of unsupported type "event"'],
      ['Realtime: ignored a frame outside the protocol'],
      [expect.stringMatching(/^Realtime: ignored a (binary frame|frame that is not JSON \(3 characters\))$/)],
    ]);
    expect(JSON.stringify(warnings)).not.toContain('kept out of the log');
    expect(errors).toHaveLength(5);
    expect(client.state.get()).toBe('connected');
  });

  it('warns on the console when no logger is given', async () => {
    const server = await started();
    const original = console.warn;
    const seen: unknown[] = [];
    console.warn = (...args: unknown[]) => void seen.push(args.join(' '));
    cleanups.push(() => (console.warn = original));
    const { client } = setup(server, { logger: undefined });
    await poll(() => client.state.get()).toBe('connected');
    server.send(server.last().socket, { type: 'surprise' });
    await poll(() => seen).toEqual(['Realtime: ignored a frame of unsupported type "surprise"']);
  });

  it('keeps delivering to other listeners when one throws', async () => {
    const server = await started();
    const thrown: unknown[] = [];
    const original = (globalThis as { reportError?: unknown }).reportError;
    (globalThis as { reportError?: unknown }).reportError = (e: unknown) => thrown.push(e);
    cleanups.push(() => ((globalThis as { reportError?: unknown }).reportError = original));
    const { client } = setup(server);
    const got: unknown[] = [];
    client.subscribe('t', () => {
      throw new Error('listener bug');
    });
    client.subscribe('t', (p) => got.push(p));
    await poll(() => server.last().frames).toHaveLength(1);
    server.emit('t', 1);
    await poll(() => got).toEqual([1]);
    expect(thrown).toMatchObject([{ message: 'listener bug' }]);
  });

  it('waits for a token before connecting', async () => {
    const server = await started();
    let token: string | null = null;
    const { client, timers } = setup(server, { getToken: () => token });
    await poll(() => timers.pending()).toHaveLength(1);
    expect(server.connections).toHaveLength(0);
    token = 'late-token';
    timers.fire();
    await poll(() => client.state.get()).toBe('connected');
    expect(server.last().token).toBe('late-token');
  });

  it('pings, and drops a socket that stays silent between two pings', async () => {
    const server = await started(undefined, { answerPings: false });
    const { client, timers } = setup(server, { heartbeatMs: 30_000 });
    await poll(() => client.state.get()).toBe('connected');

    expect(timers.fire()).toBe(30_000);
    await poll(() => server.last().frames).toEqual([{ type: 'ping' }]);
    expect(timers.fire()).toBe(30_000);
    expect(client.state.get()).toBe('disconnected');
    await poll(() => server.wss.clients.size).toBe(0);
    expect(timers.fire()).toBe(2000);
    await poll(() => server.connections).toHaveLength(2);
  });

  it('keeps a socket that answers its pings', async () => {
    const server = await started();
    const { client, timers } = setup(server, { heartbeatMs: 30_000 });
    const got: unknown[] = [];
    client.subscribe('t', (p) => got.push(p));
    await poll(() => server.last().frames).toHaveLength(1);
    for (let i = 0; i < 3; i++) {
      timers.fire();
      await poll(() => server.last().frames.filter((f) => f.type === 'ping')).toHaveLength(i + 1);
      // Frames arrive in order: once this event is in, the pong sent before it is too.
      server.emit('t', i);
      await poll(() => got).toHaveLength(i + 1);
    }
    expect(client.state.get()).toBe('connected');
    expect(server.connections).toHaveLength(1);
  });
});
