import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { REALTIME_PATH, WS_CLOSE, topics } from '@servicebay/domain';
import { factories, principalOf } from '../../../test/factories.js';
import { fromPool, type Database } from '../db/client.js';
import { tables } from '../../schema.js';
import { createTokenService } from '../auth/tokens.js';
import { createOutboxRepository, recordEvent } from '../outbox/outbox.repository.js';
import { connect, type TestSocket } from './ws-test-client.js';
import { redisAnswers, redisTestUrl } from '../../../test/redis.js';

/**
 * Two real server processes on one PostgreSQL database and one Redis deliver
 * each other's events, each exactly once. PGlite cannot be shared by two processes, so this runs
 * in the int-postgres project only.
 */
const redisUrl = redisTestUrl;
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const jwtSecret = `two-processes-${randomBytes(16).toString('hex')}`;


const skipReason =
  process.env.TEST_DB !== 'postgres' || !process.env.TEST_DATABASE_URL
    ? 'needs PostgreSQL (runs in int-postgres when TEST_DATABASE_URL is set): two processes cannot share one PGlite folder'
    : !(await redisAnswers())
      ? `needs Redis answering at ${redisUrl} (set REDIS_TEST_URL)`
      : null;

interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: string[];
  exited: Promise<number | null>;
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` and waits for it to listen. Started from
 * source, a server takes seconds alone and over a minute on two cores shared with the other CI
 * streams: the limits are for a starved machine, not a slow server.
 */
function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 150 s:\n${output.join('')}`));
    }, 150_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output.join(''));
      if (listening) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
        resolve({ child, url: listening[1]!.replace('http:', 'ws:'), output, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output.join('')}`));
    });
  });
}

describe.runIf(!skipReason)('realtime across two server processes through Redis', () => {
  const name = `servicebay_procs_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-procs-'));
  let admin: pg.Client;
  let database: Database;
  let servers: ServerProcess[] = [];
  const sockets: TestSocket[] = [];
  let store: Awaited<ReturnType<ReturnType<typeof factories>['store']>>;
  let user: Awaited<ReturnType<ReturnType<typeof factories>['user']>>;
  let token: string;

  beforeAll(async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    url.pathname = `/${name}`;
    database = fromPool(new pg.Pool({ connectionString: url.toString(), max: 2 }), tables);

    const make = factories(database.db);
    store = await make.store();
    user = await make.user('ServiceAdvisor', store);
    token = await createTokenService(new TextEncoder().encode(jwtSecret), 300).signAccess(principalOf(user));

    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      SEED_DEMO_DATA: 'false',
      JWT_SECRET: jwtSecret,
      DATA_DIR: dataDir,
    };
    servers = await Promise.all([startServer(env), startServer(env)]);
    for (const server of servers) sockets.push(await connect(`${server.url}${REALTIME_PATH}?token=${token}`));
  }, 180_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    for (const server of servers) {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every outbox event exactly once to a client of each process, in order', async () => {
    const topic = topics.store(store.id).inspectionOrdersUpdated;
    for (const socket of sockets)
      expect(await socket.subscribe(topic)).toEqual({ type: 'subscribed', topic });

    // Written the way a change does it (in its transaction), from outside both servers: their
    // relays find the rows by polling, race for them, and exactly one publishes each.
    const count = 20;
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) await recordEvent(tx, topic, { i });
    });
    const expected = Array.from({ length: count }, (_, i) => ({ i }));
    for (const socket of sockets)
      await expect.poll(() => socket.events(topic).length, { timeout: 5000 }).toBe(count);

    // One more event after the batch: a duplicate of the batch would have arrived before it.
    await recordEvent(database.db, topic, { i: 'last' });
    for (const socket of sockets) {
      await expect.poll(() => socket.events(topic).length, { timeout: 5000 }).toBe(count + 1);
      expect(socket.events(topic)).toEqual([...expected, { i: 'last' }]);
    }
    // The relay marks a row published after handing it to the bus: on a busy machine the sockets
    // can have the event a moment before the mark is committed.
    await expect.poll(() => createOutboxRepository(database.db).unpublishedCount(), { timeout: 5000 }).toBe(0);
  });

  it("delivers a client's publish on one process to a subscriber on the other", async () => {
    const [scanner, dashboard] = sockets as [TestSocket, TestSocket];
    const topic = topics.user(user.id).vinScannedFromDashboard;
    await dashboard.subscribe(topic);
    scanner.send({ type: 'publish', topic, payload: { vin: '1HGCM82633A004352' } });
    await expect
      .poll(() => dashboard.events(topic), { timeout: 5000 })
      .toEqual([{ vin: '1HGCM82633A004352' }]);
  });

  it('closes its sockets with 1001 and exits cleanly on SIGTERM', async () => {
    servers.forEach((server) => server.child.kill('SIGTERM'));
    for (const socket of sockets) expect((await socket.closed).code).toBe(WS_CLOSE.goingAway);
    for (const server of servers) expect(await server.exited).toBe(0);
  });
});

if (skipReason) {
  describe('realtime across two server processes through Redis', () => {
    it.skip(`skipped: ${skipReason}`, () => {});
  });
}
