import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_PATH, WS_CLOSE, topics, type Role } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { principalOf } from '../../../test/factories.js';
import { createTokenService } from '../auth/tokens.js';
import { registerRealtime } from './realtime.routes.js';
import type { Hub } from './hub.js';
import { connect, type TestSocket } from './ws-test-client.js';

type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;

let t: TestApp;
let base: string;
let storeA: Store;
let storeB: Store;
const open: TestSocket[] = [];

function wsUrl(app: FastifyInstance) {
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${REALTIME_PATH}`;
}

async function as(user: User, url = base): Promise<TestSocket> {
  const token = await t.platform.tokens.signAccess(principalOf(user));
  const socket = await connect(`${url}?token=${encodeURIComponent(token)}`);
  open.push(socket);
  return socket;
}

async function user(role: Role, store = storeA) {
  return t.make.user(role, store);
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = wsUrl(t.app);
  storeA = await t.make.store({ name: 'A' });
  storeB = await t.make.store({ name: 'B' });
});

afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
  await t.close();
});

describe('websocket authentication', () => {
  it('closes a connection without a token with 4401', async () => {
    const socket = await connect(base);
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('closes a connection with a forged or malformed token with 4401', async () => {
    const forged = await createTokenService(
      new TextEncoder().encode('another-secret-of-32-characters!!!'),
      60,
    ).signAccess(principalOf(await user('Technician')));
    for (const token of [forged, 'not-a-jwt']) {
      const socket = await connect(`${base}?token=${token}`);
      expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
    }
  });

  it('closes the connection with 4401 when the token expires', async () => {
    // Long enough to connect and subscribe on a loaded machine, short enough to wait for.
    const shortLived = createTokenService(t.platform.config.jwtSecret, 4);
    const token = await shortLived.signAccess(principalOf(await user('Technician')));
    const socket = await connect(`${base}?token=${token}`);
    expect(await socket.subscribe(topics.system.notificationsCreated)).toMatchObject({ type: 'subscribed' });
    expect((await socket.closed).code).toBe(WS_CLOSE.unauthenticated);
  });

  it('answers a plain HTTP request with the error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: REALTIME_PATH });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toMatchObject({ status: 426, code: 'INVALID_ARGUMENTS' });
  });
});

describe('subscriptions are authorized like routes', () => {
  it('lets staff of store A into store A topics, and answers 404 for store B', async () => {
    const socket = await as(await user('ServiceAdvisor'));
    for (const topic of Object.values(topics.store(storeA.id))) {
      expect(await socket.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    }
    const other = topics.store(storeB.id).inspectionOrdersUpdated;
    expect(await socket.subscribe(other)).toEqual({
      type: 'error',
      topic: other,
      status: 404,
      code: 'NOT_FOUND',
      message: 'No such topic',
    });
  });

  it('lets an account owner into every store of its account only', async () => {
    const sister = await t.make.store({ accountId: storeA.accountId, partnerId: storeA.partnerId });
    const socket = await as(await user('owner'));
    expect(await socket.subscribe(topics.store(sister.id).paymentMade)).toMatchObject({ type: 'subscribed' });
    expect(await socket.subscribe(topics.store(storeB.id).paymentMade)).toMatchObject({
      type: 'error',
      status: 404,
    });
  });

  it('never lets a portal user into store topics', async () => {
    const socket = await as(await user('consumer'));
    expect(await socket.subscribe(topics.store(storeA.id).messagesCreated)).toMatchObject({
      type: 'error',
      status: 404,
    });
  });

  it('lets a user into its own user topics only', async () => {
    const me = await user('Technician');
    const someoneElse = await user('Technician');
    const socket = await as(me);
    for (const topic of Object.values(topics.user(me.id))) {
      expect(await socket.subscribe(topic)).toEqual({ type: 'subscribed', topic });
    }
    expect(await socket.subscribe(topics.user(someoneElse.id).courseCompleted)).toMatchObject({
      type: 'error',
      status: 404,
    });
  });

  it('lets every signed-in user into system topics', async () => {
    for (const role of ['Technician', 'consumer', 'root'] as const) {
      const socket = await as(await user(role));
      expect(await socket.subscribe(topics.system.notificationsCreated)).toMatchObject({
        type: 'subscribed',
      });
    }
  });

  it('answers 400 for an unknown topic', async () => {
    const socket = await as(await user('Technician'));
    for (const topic of [`store/${storeA.id}/orders`, 'store/42/paymentMade', 'anything']) {
      expect(await socket.subscribe(topic)).toMatchObject({
        type: 'error',
        topic,
        status: 400,
        code: 'INVALID_ARGUMENTS',
      });
    }
  });

  it('stops delivering after unsubscribe', async () => {
    const socket = await as(await user('Technician'));
    const topic = topics.store(storeA.id).inspectionOrdersRemoved;
    const marker = topics.store(storeA.id).inspectionOrdersCreated;
    await socket.subscribe(topic);
    await socket.subscribe(marker);
    socket.send({ type: 'unsubscribe', topic });
    expect(await socket.next((f) => f.type === 'unsubscribed')).toEqual({ type: 'unsubscribed', topic });
    await t.platform.bus.publish({ topic, payload: { n: 1 } });
    await t.platform.bus.publish({ topic: marker, payload: { n: 2 } });
    await socket.next((f) => f.type === 'event' && f.topic === marker);
    expect(socket.events(topic)).toEqual([]);
  });
});

describe('client publishing', () => {
  it('delivers the VIN scanner return to the same user, and to nobody else', async () => {
    const me = await user('ServiceAdvisor');
    const scanner = await as(me);
    const dashboard = await as(me);
    const colleague = await as(await user('ServiceAdvisor'));
    const topic = topics.user(me.id).vinScannedFromDashboard;
    await dashboard.subscribe(topic);
    scanner.send({ type: 'publish', topic, payload: { vin: '1HGCM82633A004352' } });
    expect(await dashboard.next((f) => f.type === 'event')).toEqual({
      type: 'event',
      topic,
      payload: { vin: '1HGCM82633A004352' },
    });

    colleague.send({ type: 'publish', topic, payload: { vin: 'forged' } });
    expect(await colleague.next((f) => f.type === 'error')).toMatchObject({ topic, status: 404 });
    scanner.send({ type: 'ping' });
    await scanner.next((f) => f.type === 'pong');
    expect(dashboard.events(topic)).toHaveLength(1);
  });

  it('refuses publishing to server topics, delivering nothing', async () => {
    const advisor = await user('ServiceAdvisor');
    const listener = await as(advisor);
    const orders = topics.store(storeA.id).inspectionOrdersUpdated;
    await listener.subscribe(orders);
    const publisher = await as(advisor);
    for (const topic of [
      orders,
      topics.store(storeA.id).paymentMade,
      topics.user(advisor.id).courseCompleted,
      topics.system.notificationsCreated,
    ]) {
      publisher.send({ type: 'publish', topic, payload: { forged: true } });
      expect(await publisher.next((f) => f.type === 'error')).toMatchObject({
        topic,
        status: 403,
        code: 'FORBIDDEN',
      });
    }
    listener.send({ type: 'ping' });
    await listener.next((f) => f.type === 'pong');
    expect(listener.events(orders)).toEqual([]);
  });
});

describe('bad frames', () => {
  it('answers invalid JSON and invalid frames with an error frame and keeps the connection', async () => {
    const socket = await as(await user('Technician'));
    const cases: Array<[string, string]> = [
      ['{"type":', 'Frame is not valid JSON'],
      ['42', 'frame: Invalid input: expected object, received number'],
      ['{"type":"shout"}', 'type must be subscribe, unsubscribe, publish or ping'],
      ['{"type":"subscribe"}', 'topic is mandatory'],
      ['{"type":"subscribe","topic":"system/notifications/created","extra":1}', 'frame: unknown field extra'],
      ['{"type":"publish","topic":"system/notifications/created"}', 'payload is mandatory'],
    ];
    for (const [raw, message] of cases) {
      socket.sendRaw(raw);
      expect(await socket.next((f) => f.type === 'error')).toMatchObject({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message,
      });
    }
    socket.sendRaw(Buffer.from('{"type":"ping"}'), { binary: true });
    expect(await socket.next((f) => f.type === 'error')).toMatchObject({
      message: 'Frames must be JSON text',
    });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
  });
});

describe('limits, clean-up and shutdown', () => {
  let small: FastifyInstance;
  let hub: Hub;
  let smallUrl: string;

  beforeAll(async () => {
    small = Fastify();
    // A heartbeat of one second: a silent peer is dropped within two, while a peer that answers
    // survives the stalls of a loaded machine (client and server share this one event loop, so a
    // stall longer than the heartbeat would read as a missed pong).
    hub = await registerRealtime(small, t.platform, {
      limits: { maxSubscriptions: 2, maxFrameBytes: 1024, heartbeatMs: 1_000 },
    });
    await small.listen({ port: 0, host: '127.0.0.1' });
    smallUrl = wsUrl(small);
  });
  afterAll(() => small.close());

  it('caps the subscriptions of one connection', async () => {
    const me = await user('Technician');
    const socket = await as(me, smallUrl);
    const [one, two, three] = Object.values(topics.user(me.id));
    expect(await socket.subscribe(one!)).toMatchObject({ type: 'subscribed' });
    expect(await socket.subscribe(two!)).toMatchObject({ type: 'subscribed' });
    expect(await socket.subscribe(one!)).toMatchObject({ type: 'subscribed' });
    expect(await socket.subscribe(three!)).toMatchObject({
      type: 'error',
      status: 429,
      code: 'TOO_MANY_REQUESTS',
    });
  });

  it('closes the connection on a frame over the size limit', async () => {
    const socket = await as(await user('Technician'), smallUrl);
    socket.send({ type: 'publish', topic: topics.system.notificationsCreated, payload: 'x'.repeat(2000) });
    expect((await socket.closed).code).toBe(1009);
  });

  it('forgets the subscriptions of a closed connection', async () => {
    const me = await user('Technician');
    const socket = await as(me, smallUrl);
    const topic = topics.user(me.id).courseCompleted;
    await socket.subscribe(topic);
    expect(hub.subscriberCount(topic)).toBe(1);
    const before = hub.connectionCount;
    await socket.close();
    await expect.poll(() => hub.subscriberCount(topic)).toBe(0);
    await expect.poll(() => hub.connectionCount).toBe(before - 1);
  });

  it('drops a peer that stops answering protocol pings, and keeps one that answers', async () => {
    const me = await user('Technician');
    const token = await t.platform.tokens.signAccess(principalOf(me));
    const silent = await connect(`${smallUrl}?token=${token}`, { autoPong: false });
    const lively = await as(me, smallUrl);
    open.push(silent);
    expect((await silent.closed).code).toBe(1006);
    lively.send({ type: 'ping' });
    expect(await lively.next()).toEqual({ type: 'pong' });
  });

  it('closes every socket with 1001 when the server shuts down', async () => {
    // A server of its own with the usual heartbeat: the small server's short heartbeat could drop a
    // socket whose pong is late before the shutdown closes it.
    const server = Fastify();
    const serverHub = await registerRealtime(server, t.platform);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const [technician, owner] = [await user('Technician'), await user('owner')];
    const sockets = [await as(technician, wsUrl(server)), await as(owner, wsUrl(server))];
    expect(await sockets[0]!.subscribe(topics.system.notificationsCreated)).toMatchObject({
      type: 'subscribed',
    });
    await server.close();
    for (const socket of sockets) expect((await socket.closed).code).toBe(WS_CLOSE.goingAway);
    expect(serverHub.connectionCount).toBe(0);
  });
});
