import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hourIn, ZPushPayload, ZPushSubscription, ZStoreSettings } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { startLocalPushService } from '../../../test/push-service.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { pushSubscriptions } from './notifications.schema.js';

/**
 * Web push (docs/notifications.md "Web push") against a real push service run by the test
 * (web-push-testing: it checks each push's VAPID signature and decrypts its aes128gcm body): the
 * public key, subscribing (bad input, the same endpoint again), a customer's text pushed to the
 * advisor's device with its 'RO#' title, a subscription the push service reports gone removed.
 */

let t: TestApp;
let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let advisor: User;
let other: User;

const db = () => t.platform.database.db;
const call = async (user: User, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(await bearer(t.platform.tokens, user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const subscribeUrl = (user: { id: string }) => `/v2/api/user/${user.id}/notification/subscribe`;
const publicKey = () => t.platform.config.vapid.publicKey;
const rowsFor = (endpoint: string) => db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

/** The messages the push service received for a subscription, once `count` have arrived. */
async function received(clientHash: string, count: number): Promise<string[]> {
  const until = Date.now() + 10_000;
  for (;;) {
    const messages = await pushService.messages(clientHash);
    if (messages.length >= count || Date.now() > until) return messages;
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestApp({ devTools: true });
  store = await t.make.store({ name: 'Downtown' });
  const zone = ['America/Toronto', 'Europe/Paris', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Vancouver', 'Asia/Kolkata'].find(
    (z) => hourIn(new Date(), z) >= 9 && hourIn(new Date(), z) <= 19,
  )!;
  await db().update(stores).set({ settings: ZStoreSettings.parse({ timeZone: zone }) }).where(eq(stores.id, store.id));
  advisor = await t.make.user('ServiceAdvisor', store);
  other = await t.make.user('ServiceAdvisor', store);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await pushService?.close();
});

describe('GET /v2/api/notification/push/publicKey', () => {
  it('answers the VAPID public key a browser subscribes with', async () => {
    const res = await call(advisor, 'GET', '/v2/api/notification/push/publicKey');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ publicKey: publicKey() });
    expect(Buffer.from(publicKey(), 'base64url')).toHaveLength(65);
    expect((await t.app.inject({ method: 'GET', url: '/v2/api/notification/push/publicKey' })).statusCode).toBe(401);
  });
});

describe('POST /v2/api/user/{id}/notification/subscribe', () => {
  it('stores the device once: the same endpoint again updates it, for the user who subscribed last', async () => {
    const device = await pushService.subscribe(publicKey());
    const body = { endpoint: device.endpoint, expirationTime: null, keys: device.keys };
    const first = await call(advisor, 'POST', subscribeUrl(advisor), body);
    expect(first.statusCode, first.body).toBe(200);
    const stored = ZPushSubscription.parse(first.json());
    expect(stored.endpoint).toBe(device.endpoint);

    const again = await call(advisor, 'POST', subscribeUrl(advisor), body);
    expect(again.json()._id).toBe(stored._id);
    expect(await rowsFor(device.endpoint)).toHaveLength(1);

    // The tablet changes hands: the device is now the other user's, still one row.
    const moved = await call(other, 'POST', subscribeUrl(other), body);
    expect(moved.json()._id).toBe(stored._id);
    expect(await rowsFor(device.endpoint)).toMatchObject([{ userId: other.id }]);
  });

  it('refuses a malformed endpoint or keys with 400 INVALID_ARGUMENTS and stores nothing', async () => {
    const device = await pushService.subscribe(publicKey());
    const good = { endpoint: device.endpoint, keys: device.keys };
    const bad: unknown[] = [
      { ...good, endpoint: 'not a url' },
      { ...good, endpoint: 'ftp://push.example.test/x' },
      { ...good, endpoint: 'javascript:alert(1)' },
      { ...good, endpoint: `https://push.example.test/${'x'.repeat(2100)}` },
      { endpoint: device.endpoint },
      { ...good, keys: { ...device.keys, p256dh: 'short' } },
      { ...good, keys: { ...device.keys, p256dh: `A${device.keys.p256dh.slice(1)}` } },
      { ...good, keys: { ...device.keys, auth: 'not base64url!!!!!!!!!' } },
      { ...good, keys: { ...device.keys, auth: `${device.keys.auth}AA` } },
      { ...good, extra: true },
      {},
    ];
    for (const body of bad) {
      const res = await call(advisor, 'POST', subscribeUrl(advisor), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    }
    expect(await rowsFor(device.endpoint)).toHaveLength(0);
    // Another user's path: 404, nothing stored.
    expect((await call(advisor, 'POST', subscribeUrl(other), good)).statusCode).toBe(404);
    expect(await rowsFor(device.endpoint)).toHaveLength(0);
  });

  it('refuses plain-http endpoints in production', async () => {
    const prod = await createTestApp({ production: true, devTools: false });
    try {
      const user = await prod.make.user('ServiceAdvisor', await prod.make.store({ name: 'Prod' }));
      const device = await pushService.subscribe(prod.platform.config.vapid.publicKey);
      const res = await prod.app.inject({
        method: 'POST',
        url: subscribeUrl(user),
        headers: { ...(await bearer(prod.platform.tokens, user)), 'content-type': 'application/json' },
        payload: JSON.stringify({ endpoint: device.endpoint, keys: device.keys }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_ARGUMENTS' });
    } finally {
      await prod.close();
    }
  });
});

describe('pushes', () => {
  it("a customer's text reaches the advisor's device, encrypted and signed, titled 'RO#' and the order's number", async () => {
    const advisor2 = await t.make.user('ServiceAdvisor', store);
    const device = await pushService.subscribe(publicKey());
    expect((await call(advisor2, 'POST', subscribeUrl(advisor2), { endpoint: device.endpoint, keys: device.keys })).statusCode).toBe(200);

    const root = await t.make.user('root', store);
    const customer = await t.make.customer(store, { firstName: 'Pat', lastName: 'Lee', mobilePhone: '4385550188', permissionToText: true });
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    const order = await t.make.inspectionOrder(store, { customerId: customer.id, vehicleId: vehicle.id, orderNumber: '7102', serviceAdvisorId: advisor2.id, vehicleInShop: true });
    expect((await call(advisor2, 'POST', `/messaging/v1/customer/${customer.id}/text-message`, { text: 'Your car is ready' })).statusCode).toBeLessThan(300);
    const [message] = await db().select().from(sentMessages).where(eq(sentMessages.to, '+14385550188'));
    expect((await call(root, 'POST', `/v2/api/dev/outbox/${message!.id}/reply`, { text: 'Thanks, coming at 5' })).statusCode).toBe(200);
    await t.platform.outbox.drain();

    const [text] = await received(device.clientHash, 1);
    const payload = ZPushPayload.parse(JSON.parse(text!));
    expect(payload).toMatchObject({
      title: 'RO#7102 Text from Pat Lee',
      body: 'Pat Lee texted about RO 7102: “Thanks, coming at 5”',
      ignore: false,
      url: `/app/store/${store.id}/inspectionOrder/${order.id}`,
    });
  });

  it('sendToUser pushes to every device of the user, removes those the push service reports gone, and refuses an empty push', async () => {
    const user = await t.make.user('Technician', store);
    const kept = await pushService.subscribe(publicKey());
    const gone = await pushService.subscribe(publicKey());
    for (const device of [kept, gone]) await call(user, 'POST', subscribeUrl(user), { endpoint: device.endpoint, keys: device.keys });
    await pushService.expire(gone.clientHash);

    const outcome = await t.services.push.sendToUser(user.id, { title: 'RO#42 Mike', body: 'Brakes done', ignore: false, tag: 'chat:42' });
    expect(outcome).toEqual({ sent: 1, gone: 1, failed: 0 });
    expect(JSON.parse((await received(kept.clientHash, 1))[0]!)).toEqual({ title: 'RO#42 Mike', body: 'Brakes done', ignore: false, tag: 'chat:42' });
    expect(await rowsFor(gone.endpoint)).toHaveLength(0);
    expect(await rowsFor(kept.endpoint)).toHaveLength(1);

    await expect(t.services.push.sendToUser(user.id, { ignore: false })).rejects.toThrow(TypeError);
    await expect(t.services.push.sendToUser(user.id, { title: '  ', ignore: false })).rejects.toThrow(TypeError);
    // A user without devices: nothing to do.
    expect(await t.services.push.sendToUser(advisor.id, { body: 'x', ignore: false })).toEqual({ sent: 0, gone: 0, failed: 0 });
  });
});
