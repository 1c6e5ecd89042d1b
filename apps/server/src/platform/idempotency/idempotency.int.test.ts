import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { LIMITS } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { hashPassword } from '../auth/passwords.js';
import { reportLinks } from '../../modules/reports/reports.schema.js';
import { idempotencyKeys } from '../db/schema/idempotency.js';
import { users } from '../db/schema/users.js';
import { requestHasher } from './idempotency.js';
import { createIdempotencyRepository } from './idempotency.repository.js';
import { startIdempotencyPurge } from './purge.js';

const PASSWORD = 'Secret123!';
const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let headers: Record<string, string>;
let username: string;

const rows = () => t.platform.database.db.select().from(idempotencyKeys);
const rowsWithKey = async (key: string) => (await rows()).filter((r) => r.key === key);
/** Everything the table holds, as text: no secret may appear in it. */
const tableText = async () => JSON.stringify(await rows());
const ageRecord = (key: string, ageMs: number) =>
  t.platform.database.db
    .update(idempotencyKeys)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(idempotencyKeys.key, key));

const login = (key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v2/api/user/login',
    headers: { 'idempotency-key': key },
    payload: { username, password: PASSWORD },
  });

const createCustomer = (key: string, lastName: string) =>
  t.app.inject({
    method: 'POST',
    url: `/v2/api/store/${store.id}/customer`,
    headers: { ...headers, 'idempotency-key': key },
    payload: { lastName, owner: store.id },
  });

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  const user = await t.make.user('ServiceAdvisor', store);
  username = `idem-${user.id.slice(0, 8)}`;
  await t.platform.database.db
    .update(users)
    .set({ username, passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, user.id));
  headers = await bearer(t.platform.tokens, user);
});
afterAll(() => t?.close());

describe('idempotency records hold no secret', () => {
  it('keeps no record of a sign-in sent with an Idempotency-Key', async () => {
    const res = await login('login-key-0001');
    expect(res.statusCode).toBe(200);
    expect(await rowsWithKey('login-key-0001')).toEqual([]);
    const { token, refreshToken } = res.json();
    const text = await tableText();
    expect(text).not.toContain(refreshToken);
    expect(text).not.toContain(token);
  });

  it('keeps no record of a refresh, and a replayed key never gets the old token pair back', async () => {
    const { refreshToken } = (await login('login-key-0002')).json();
    const refresh = () =>
      t.app.inject({
        method: 'POST',
        url: '/v2/api/user/refresh-token',
        headers: { 'idempotency-key': 'refresh-key-0001' },
        payload: { refreshToken },
      });
    const first = await refresh();
    expect(first.statusCode).toBe(200);
    expect(await rowsWithKey('refresh-key-0001')).toEqual([]);
    // The same key and body again: no stored answer, so the used refresh token is refused.
    const replay = await refresh();
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(replay.statusCode).toBe(401);
    expect(replay.body).not.toContain(first.json().refreshToken);
    expect(await tableText()).not.toContain(first.json().refreshToken);
  });

  it('keeps no record of a password or a PIN set for a worker', async () => {
    const manager = await bearer(t.platform.tokens, await t.make.user('StoreManager', store));
    const worker = await t.make.user('Technician', store);
    const base = `/v2/api/store/${store.id}/user/${worker.id}`;
    const setPassword = await t.app.inject({
      method: 'PUT',
      url: `${base}/password`,
      headers: { ...manager, 'idempotency-key': 'password-key-0001' },
      payload: { password: 'An0ther-Secret!' },
    });
    expect(setPassword.statusCode).toBeLessThan(300);
    const setPin = await t.app.inject({
      method: 'PUT',
      url: `${base}/pin`,
      headers: { ...manager, 'idempotency-key': 'pin-key-0001' },
      payload: { pin: '482913' },
    });
    expect(setPin.statusCode).toBeLessThan(300);
    expect(await rowsWithKey('password-key-0001')).toEqual([]);
    expect(await rowsWithKey('pin-key-0001')).toEqual([]);
  });
});

describe('idempotent writes', () => {
  it('still replays a normal write: same answer, one customer', async () => {
    const first = await createCustomer('customer-key-0001', 'Replayed');
    expect(first.statusCode).toBe(201);
    const replay = await createCustomer('customer-key-0001', 'Replayed');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()._id).toBe(first.json()._id);
    expect(await rowsWithKey('customer-key-0001')).toHaveLength(1);
  });

  it('keeps a keyed hash of the request, not a plain SHA-256 of it', async () => {
    await createCustomer('customer-key-0002', 'Hashed');
    const [row] = await rowsWithKey('customer-key-0002');
    const url = `/v2/api/store/${store.id}/customer`;
    const body = { lastName: 'Hashed', owner: store.id };
    const plain = createHash('sha256')
      .update(`POST\n${url}\n${JSON.stringify(body)}`)
      .digest('hex');
    expect(row!.requestHash).not.toBe(plain);
    expect(row!.requestHash).not.toBe(createHash('sha256').update(JSON.stringify(body)).digest('hex'));
    expect(row!.requestHash).toBe(requestHasher(t.platform.config.jwtSecret)('POST', url, body));
  });

  it('keeps the path without its query string (a report link token travels there)', async () => {
    const order = await t.make.inspectionOrder(store);
    const [link] = await t.platform.database.db
      .insert(reportLinks)
      .values({ storeId: store.id, inspectionOrderId: order.id, createdBy: null })
      .returning();
    const token = t.platform.reportLinkSigner.sign(link!.id, order.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/api/report/${order.id}/view?t=${encodeURIComponent(token)}`,
      headers: { 'idempotency-key': 'report-key-0001', 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBeLessThan(300);
    const [row] = await rowsWithKey('report-key-0001');
    expect(row!.path).toBe(`/v2/api/report/${order.id}/view`);
    expect(await tableText()).not.toContain(token);
  });
});

describe('expiry', () => {
  it('treats a key older than 7 days as new: the old answer is not replayed', async () => {
    const first = await createCustomer('customer-key-0003', 'Expired');
    await ageRecord('customer-key-0003', LIMITS.idempotencyKeyTtlMs + DAY_MS);
    const again = await createCustomer('customer-key-0003', 'Expired');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()._id).not.toBe(first.json()._id);
    // The renewed record replays the new answer from now on.
    const replay = await createCustomer('customer-key-0003', 'Expired');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()._id).toBe(again.json()._id);
  });

  it('lets an expired key carry another request', async () => {
    await createCustomer('customer-key-0004', 'Before');
    await ageRecord('customer-key-0004', LIMITS.idempotencyKeyTtlMs + DAY_MS);
    const other = await createCustomer('customer-key-0004', 'After');
    expect(other.statusCode).toBe(201);
    expect(other.json().lastName).toBe('After');
  });

  it('purges expired records with the scheduled job, in batches, and keeps the others', async () => {
    const keys = ['purge-key-0001', 'purge-key-0002', 'purge-key-0003'];
    for (const [i, key] of keys.entries()) await createCustomer(key, `Purged ${i}`);
    for (const key of keys) await ageRecord(key, LIMITS.idempotencyKeyTtlMs + DAY_MS);
    await createCustomer('purge-key-fresh', 'Kept');
    await ageRecord('purge-key-fresh', LIMITS.idempotencyKeyTtlMs - DAY_MS);

    const repo = createIdempotencyRepository(t.platform.database.db);
    const logger = pino({ level: 'silent' });
    // Two processes purging at once share the work and fail nothing.
    const a = startIdempotencyPurge({ repo, logger, batch: 2 });
    const b = startIdempotencyPurge({ repo, logger, batch: 2 });
    await Promise.all([a.purge(), b.purge()]);
    await Promise.all([a.stop(), b.stop()]);

    const left = (await rows()).map((r) => r.key);
    for (const key of keys) expect(left).not.toContain(key);
    expect(left).toContain('purge-key-fresh');
    // A purged key is a new request.
    const again = await createCustomer('purge-key-0001', 'Purged 0');
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('purges through the created_at index', async () => {
    // A tiny table is cheaper to scan whole; with scans forbidden, the plan shows the index is usable.
    const plan = await t.platform.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select caller, key from idempotency_keys where created_at < now() - interval '7 days' limit 5000`,
      );
    });
    expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain(
      'idempotency_keys_created_idx',
    );
  });
});
