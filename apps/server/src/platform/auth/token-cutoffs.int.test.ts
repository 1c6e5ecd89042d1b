import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/db.js';
import { bearer, factories } from '../../../test/factories.js';
import { buildApp } from '../../app.js';
import { createPlatform } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import type { Database } from '../db/client.js';
import { refreshTokens, users } from '../db/schema/users.js';
import type { Platform } from '../platform.js';
import { REALTIME_PATH, WS_CLOSE, topics } from '@servicebay/domain';
import { connect } from '../realtime/ws-test-client.js';
import { hashPassword } from './passwords.js';

/**
 * A role change, a deactivation or a new password ends the user's sign-ins on every server process
 * of the database, and for good: the cut-off is in the database, not in one process's memory.
 * Several servers here share one database, as processes behind a load balancer do.
 */

const PASSWORD = 'Worker123!';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-cutoffs-'));
const config = {
  ...loadConfig({
    JWT_SECRET: 'test-secret-of-at-least-32-characters!!',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
  }),
  vpicDbPath: path.join(os.tmpdir(), 'servicebay-vpic', 'vpic.lite.db'),
};

interface Server {
  app: FastifyInstance;
  platform: Platform;
  /** Stops the server but leaves the database open, as a process ending would. */
  stop(): Promise<void>;
}

async function serverOn(database: Database): Promise<Server> {
  const platform = await createPlatform(config, { database });
  const app = await buildApp(platform);
  await app.ready();
  let stopped = false;
  return {
    app,
    platform,
    async stop() {
      if (stopped) return;
      stopped = true;
      await app.close();
      await platform.tokenCutOffFeed.stop();
      await platform.outbox.stop();
      await platform.bus.close();
    },
  };
}

let database: Database;
let make: ReturnType<typeof factories>;
let store: Awaited<ReturnType<ReturnType<typeof factories>['store']>>;
let managerHeaders: Record<string, string>;
const servers: Server[] = [];

async function start() {
  const server = await serverOn(database);
  servers.push(server);
  return server;
}

async function worker(username: string) {
  const user = await make.user('Technician', store);
  await database.db
    .update(users)
    .set({ username, passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  return user;
}

const login = async (server: Server, username: string) => {
  const res = await server.app.inject({
    method: 'POST',
    url: '/v2/api/user/login',
    payload: { username, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; refreshToken: string };
};
const me = (server: Server, userId: string, token: string) =>
  server.app.inject({
    method: 'GET',
    url: `/v2/api/user/${userId}`,
    headers: { authorization: `Bearer ${token}` },
  });
const refresh = (server: Server, refreshToken: string) =>
  server.app.inject({ method: 'POST', url: '/v2/api/user/refresh-token', payload: { refreshToken } });
const changeWorker = (server: Server, userId: string, body: object) =>
  server.app.inject({
    method: 'PUT',
    url: `/v2/api/store/${store.id}/user/${userId}`,
    headers: managerHeaders,
    payload: body,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  make = factories(database.db);
  store = await make.store();
  const first = await start();
  managerHeaders = await bearer(first.platform.tokens, await make.user('StoreManager', store));
});

afterAll(async () => {
  for (const server of servers) await server.stop();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('ending sign-ins', () => {
  it('a role change refuses the old access and refresh tokens at once; a new sign-in has the new role', async () => {
    const [server] = servers;
    const user = await worker('role-change');
    const pair = await login(server!, 'role-change');
    expect(decodeJwt(pair.token)).toMatchObject({ type: 'Technician' });
    expect((await me(server!, user.id, pair.token)).statusCode).toBe(200);

    expect((await changeWorker(server!, user.id, { type: 'ServiceAdvisor' })).json()).toMatchObject({
      type: 'ServiceAdvisor',
    });
    expect((await me(server!, user.id, pair.token)).statusCode).toBe(401);
    expect((await refresh(server!, pair.refreshToken)).json()).toMatchObject({
      status: 401,
      code: 'INVALID_REFRESH_TOKEN',
    });

    // In the same second as the change: the new sign-in is not caught by it.
    const again = await login(server!, 'role-change');
    expect(decodeJwt(again.token)).toMatchObject({ type: 'ServiceAdvisor' });
    expect((await me(server!, user.id, again.token)).statusCode).toBe(200);
    expect((await refresh(server!, again.refreshToken)).statusCode).toBe(200);
  });

  it('a change that keeps the role and the access ends no sign-in', async () => {
    const [server] = servers;
    const user = await worker('renamed');
    const pair = await login(server!, 'renamed');
    expect(
      (await changeWorker(server!, user.id, { firstName: 'Renamed', type: 'Technician' })).statusCode,
    ).toBe(200);
    expect((await me(server!, user.id, pair.token)).statusCode).toBe(200);
    expect((await refresh(server!, pair.refreshToken)).statusCode).toBe(200);
  });

  it('refuses a refresh token issued before the cut-off even when it escaped the revocation', async () => {
    // A refresh racing the change can write its new token just after the revocation: the token's
    // version, older than the user's, still ends it.
    const [server] = servers;
    const user = await worker('raced');
    const pair = await login(server!, 'raced');
    await database.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, user.id));
    const rows = await database.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id));
    expect(rows.every((r) => r.revokedAt === null)).toBe(true);
    expect((await refresh(server!, pair.refreshToken)).statusCode).toBe(401);
  });

  it('another server on the same database refuses the old tokens at once, without Redis', async () => {
    const [a] = servers;
    const b = await start();
    const user = await worker('two-servers');
    const pair = await login(b, 'two-servers');
    expect((await me(b, user.id, pair.token)).statusCode).toBe(200);

    expect((await changeWorker(a!, user.id, { active: false })).json()).toMatchObject({ active: false });
    // Told by the database as the change commits (LISTEN/NOTIFY); its slow poll is 30 s away.
    await expect
      .poll(async () => (await me(b, user.id, pair.token)).statusCode, { timeout: 3000, interval: 20 })
      .toBe(401);
    expect((await refresh(b, pair.refreshToken)).statusCode).toBe(401);
    expect(b.platform.config.redisUrl).toBeUndefined();
    await b.stop();
  });

  it("closes the user's open websockets on every server, with 4401", async () => {
    const [a] = servers;
    const b = await start();
    const user = await worker('listening');
    const pair = await login(b, 'listening');
    await worker('not-changed');
    const otherPair = await login(b, 'not-changed');
    const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}${REALTIME_PATH}`;
    const socket = await connect(`${url}?token=${pair.token}`);
    const bystander = await connect(`${url}?token=${otherPair.token}`);
    expect(await socket.subscribe(topics.system.notificationsCreated)).toMatchObject({ type: 'subscribed' });
    expect(await bystander.subscribe(topics.system.notificationsCreated)).toMatchObject({
      type: 'subscribed',
    });

    expect((await changeWorker(a!, user.id, { type: 'ServiceAdvisor' })).statusCode).toBe(200);
    expect(await socket.closed).toMatchObject({ code: WS_CLOSE.unauthenticated });
    // Another user's socket on the same server stays open.
    expect(await bystander.subscribe(topics.store(store.id).inspectionOrdersUpdated)).toMatchObject({
      type: 'subscribed',
    });
    await bystander.close();
    await b.stop();
  });

  it('a server started after the change refuses the old tokens (a restart forgets nothing)', async () => {
    const before = servers[0]!;
    const user = await worker('restarted');
    const pair = await login(before, 'restarted');
    expect((await changeWorker(before, user.id, { type: 'ServiceAdvisor' })).statusCode).toBe(200);
    await before.stop();

    const after = await start();
    expect((await me(after, user.id, pair.token)).statusCode).toBe(401);
    expect((await refresh(after, pair.refreshToken)).statusCode).toBe(401);
    const fresh = await login(after, 'restarted');
    expect((await me(after, user.id, fresh.token)).statusCode).toBe(200);
  });
});
