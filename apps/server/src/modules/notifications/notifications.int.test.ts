import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hourIn, topics, ZNotification, ZNotificationCreatedEvent, ZNotificationList, ZStoreSettings, type Notification } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { testSockets } from '../../../test/sockets.js';
import { users } from '../../platform/db/schema/users.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { MULTI_POINT_INSPECTION_ID } from '../inspections/templates.js';
import { estimateLines, estimates } from '../estimates/estimates.schema.js';
import { notifications, pushSubscriptions } from './notifications.schema.js';

/**
 * A user's notifications (docs/notifications.md): the routes on the user's own rows only (another
 * user's answers 404), archiving many all or none, bad input, and the product's events making
 * notifications: a customer's approval for the order's advisor (live, to that advisor alone), a
 * customer's text for the advisor of the open order, an order given to a technician.
 */

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let advisor: User;
let other: User;
let tech: User;
const { listen, socketFor, closeAll } = testSockets();

const db = () => t.platform.database.db;
const headersOf = async (user: User) => bearer(t.platform.tokens, user);
const call = async (user: User, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...(await headersOf(user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
const base = (user: { id: string }) => `/v2/api/user/${user.id}/notifications`;

let seq = 0;
async function notificationOf(user: { id: string }, over: Partial<typeof notifications.$inferInsert> = {}) {
  seq += 1;
  const createdAt = new Date(Date.now() - (1000 - seq) * 1000);
  const [row] = await db()
    .insert(notifications)
    .values({
      userId: user.id,
      storeId: store.id,
      kind: 'orderAssigned',
      params: { order: `90${seq}`, vehicle: '2019 Honda Civic' },
      sourceKey: `test:${seq}`,
      createdAt,
      updatedAt: createdAt,
      expiresAt: new Date(Date.now() + 86_400_000),
      ...over,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ devTools: true });
  await listen(t);
  store = await t.make.store({ name: 'Downtown' });
  // A store where it is day now, so its texts go out at once (no quiet hours).
  const zone = ['America/Toronto', 'Europe/Paris', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Vancouver', 'Asia/Kolkata'].find(
    (z) => hourIn(new Date(), z) >= 9 && hourIn(new Date(), z) <= 19,
  )!;
  await db().update(stores).set({ settings: ZStoreSettings.parse({ timeZone: zone }) }).where(eq(stores.id, store.id));
  advisor = await t.make.user('ServiceAdvisor', store);
  other = await t.make.user('ServiceAdvisor', store);
  tech = await t.make.user('Technician', store);
}, 60_000);
afterAll(async () => {
  await closeAll();
  await t?.close();
});

describe('GET /v2/api/user/{id}/notifications', () => {
  it('lists the user’s own, not archived, newest first, with the unread count not expired, in the user’s language', async () => {
    const user = await t.make.user('ServiceAdvisor', store);
    const old = await notificationOf(user, { read: true });
    const expired = await notificationOf(user, { expiresAt: new Date(Date.now() - 1000) });
    await notificationOf(user, { archived: true });
    const fresh = await notificationOf(user);
    await notificationOf(other);
    const res = await call(user, 'GET', base(user));
    expect(res.statusCode, res.body).toBe(200);
    const list = ZNotificationList.parse(res.json());
    expect(list.notifications.map((n) => n.id)).toEqual([fresh.id, expired.id, old.id]);
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({ _id: fresh.id, read: false, archived: false, kind: 'orderAssigned', storeId: store.id });
    expect(list.notifications[0]!.headline).toMatch(/^RO 90\d+ was assigned to you \(2019 Honda Civic\)$/);

    await db().update(users).set({ language: 'fr' }).where(eq(users.id, user.id));
    const fr = ZNotificationList.parse((await call(user, 'GET', base(user))).json());
    expect(fr.notifications[0]!.headline).toMatch(/^BT 90\d+ vous a été attribué \(2019 Honda Civic\)$/);
  });

  it("answers 404 for another user's list, whatever the role, and 400 for a malformed id", async () => {
    const manager = await t.make.user('StoreManager', store);
    expect((await call(manager, 'GET', base(advisor))).statusCode).toBe(404);
    expect((await call(advisor, 'GET', '/v2/api/user/not-an-id/notifications')).statusCode).toBe(400);
    const customer = await t.make.user('consumer', store);
    expect((await call(customer, 'GET', base(customer))).statusCode).toBe(403);
  });
});

describe('read and archive one', () => {
  it('marks the user’s own read, then archived; again changes nothing', async () => {
    const n = await notificationOf(advisor);
    const read = await call(advisor, 'POST', `${base(advisor)}/${n.id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const first = ZNotification.parse(read.json());
    expect(first).toMatchObject({ id: n.id, read: true, archived: false });
    const again = ZNotification.parse((await call(advisor, 'POST', `${base(advisor)}/${n.id}/read`)).json());
    expect(again.updated).toBe(first.updated);
    const archived = await call(advisor, 'POST', `${base(advisor)}/${n.id}/archive`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: n.id, read: true, archived: true });
    const list = ZNotificationList.parse((await call(advisor, 'GET', base(advisor))).json());
    expect(list.notifications.map((x) => x.id)).not.toContain(n.id);
  });

  it("answers 404 for another user's notification, even through the caller's own path, and changes nothing", async () => {
    const theirs = await notificationOf(other);
    for (const action of ['read', 'archive']) {
      const res = await call(advisor, 'POST', `${base(advisor)}/${theirs.id}/${action}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
      expect((await call(advisor, 'POST', `${base(other)}/${theirs.id}/${action}`)).statusCode).toBe(404);
    }
    const [row] = await db().select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row).toMatchObject({ read: false, archived: false });
  });

  it('answers 400 INVALID_ARGUMENTS for a malformed notification id', async () => {
    const res = await call(advisor, 'POST', `${base(advisor)}/12345/read`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
  });
});

describe('POST .../notifications/archive {notificationIds}', () => {
  it('archives many of the user’s own; those already archived count once', async () => {
    const a = await notificationOf(advisor);
    const b = await notificationOf(advisor);
    const c = await notificationOf(advisor, { archived: true });
    const res = await call(advisor, 'POST', `${base(advisor)}/archive`, { notificationIds: [a.id, b.id, c.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ archived: 2 });
    const rows = await db().select().from(notifications).where(eq(notifications.userId, advisor.id));
    for (const id of [a.id, b.id, c.id]) expect(rows.find((r) => r.id === id)?.archived).toBe(true);
  });

  it("archives none when one is another user's (404), or an id is unknown", async () => {
    const mine = await notificationOf(advisor);
    const theirs = await notificationOf(other);
    for (const ids of [[mine.id, theirs.id], [mine.id, crypto.randomUUID()]]) {
      const res = await call(advisor, 'POST', `${base(advisor)}/archive`, { notificationIds: ids });
      expect(res.statusCode).toBe(404);
    }
    const rows = await db().select().from(notifications).where(eq(notifications.id, mine.id));
    expect(rows[0]!.archived).toBe(false);
  });

  it('refuses an empty list, malformed ids, a missing field, unknown fields and more than 100 ids with 400', async () => {
    const bodies: unknown[] = [
      { notificationIds: [] },
      { notificationIds: ['nope'] },
      {},
      { notificationIds: [crypto.randomUUID()], extra: true },
      { notificationIds: Array.from({ length: 101 }, () => crypto.randomUUID()) },
      { notificationIds: 'all' },
    ];
    for (const body of bodies) {
      const res = await call(advisor, 'POST', `${base(advisor)}/archive`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    }
  });
});

describe('POST /v2/api/user/{username}/notification/unsubscribe/{subscriptionId}', () => {
  it("removes the user's own subscription by user name (any case) or id, once; another user's answers 404", async () => {
    const add = async (user: User) =>
      (await db().insert(pushSubscriptions).values({ userId: user.id, endpoint: `https://push.example.test/${crypto.randomUUID()}`, p256dh: 'k', auth: 'a' }).returning())[0]!;
    const mine = await add(advisor);
    const url = (name: string, id: string) => `/v2/api/user/${encodeURIComponent(name)}/notification/unsubscribe/${id}`;
    const res = await call(advisor, 'POST', url(advisor.username.toUpperCase(), mine.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect((await call(advisor, 'POST', url(advisor.username, mine.id))).statusCode).toBe(404);

    const theirs = await add(other);
    expect((await call(advisor, 'POST', url(advisor.id, theirs.id))).statusCode).toBe(404);
    expect((await call(advisor, 'POST', url(other.username, theirs.id))).statusCode).toBe(404);
    expect(await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.id, theirs.id))).toHaveLength(1);
    expect((await call(advisor, 'POST', url(advisor.username, 'nope'))).statusCode).toBe(400);
  });
});

/** The user's notifications of one kind, once the relay has handled what was committed. */
async function madeFor(user: { id: string }, kind: Notification['kind']) {
  await t.platform.outbox.drain();
  return db().select().from(notifications).where(eq(notifications.userId, user.id)).then((rows) => rows.filter((r) => r.kind === kind));
}

describe('notifications made by the product’s events', () => {
  it("a customer's approval tells the order's advisor, live and to that advisor only", async () => {
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const customer = await t.make.customer(store, { firstName: 'Jane', lastName: 'Doe' });
    const order = await t.make.inspectionOrder(store, {
      customerId: customer.id,
      inspectionType: MULTI_POINT_INSPECTION_ID,
      orderNumber: '7001',
      stateInspection: 'done',
      stateEstimate: 'done',
      stateApproval: 'pending',
      serviceAdvisorId: advisor.id,
      technicianId: tech.id,
    });
    const rotors = await t.make.result(store, { inspectionOrderId: order.id, itemKey: 'frontRotors', groupKey: 'brakes', sectionKey: 'front', result: 'critical', finding: 'failed', recommendation: 'replace' });
    const [estimate] = await db().insert(estimates).values({ storeId: store.id, inspectionOrderId: order.id, version: 1, currency: 'CAD', labourRate: 10000, taxes: [] }).returning();
    await db().insert(estimateLines).values({ storeId: store.id, estimateId: estimate!.id, resultId: rotors.id, description: 'Front rotors', labourHours: 1, parts: [], rank: 1 });
    const link = await t.app.inject({ method: 'POST', url: `/v2/api/store/${store.id}/inspectionOrder/${order.id}/reportLink`, headers: await headersOf(advisor) });
    expect(link.statusCode, link.body).toBe(201);
    const token = new URL(link.json().url).searchParams.get('t')!;

    const mine = await socketFor(advisor);
    const theirs = await socketFor(other);
    for (const s of [mine, theirs]) expect(await s.subscribe(topics.system.notificationsCreated)).toMatchObject({ type: 'subscribed' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/api/report/${order.id}/approval?t=${encodeURIComponent(token)}`,
      payload: { decisions: [{ resultId: rotors.id, decision: 'approved' }], signerName: 'Jane Doe', signature: `data:image/png;base64,${png.toString('base64')}` },
    });
    expect(res.statusCode, res.body).toBe(201);

    const frame = await mine.next((f) => f.type === 'event' && f.topic === topics.system.notificationsCreated, 20_000);
    const event = ZNotificationCreatedEvent.parse((frame as { payload: unknown }).payload);
    expect(event.userId).toBe(advisor.id);
    expect(event.notification).toMatchObject({
      kind: 'reportApproved',
      headline: 'Jane Doe answered the report of RO 7001: 1 approved, 0 declined',
      read: false,
      inspectionOrderId: order.id,
    });
    expect(Date.parse(event.notification.expirationDate) - Date.parse(event.notification.created)).toBe(7 * 24 * 3600 * 1000);
    expect(await madeFor(advisor, 'reportApproved')).toHaveLength(1);
    // Everyone signed in holds the topic; nobody hears another user's notifications.
    expect(theirs.events(topics.system.notificationsCreated)).toEqual([]);
    const list = ZNotificationList.parse((await call(advisor, 'GET', base(advisor))).json());
    expect(list.notifications[0]!.id).toBe(event.notification.id);
  });

  it("a customer's text tells the advisor of the customer's open order, once per text", async () => {
    const root = await t.make.user('root', store);
    const customer = await t.make.customer(store, { firstName: 'Pat', lastName: 'Lee', mobilePhone: '4385550177', permissionToText: true });
    const advisor2 = await t.make.user('ServiceAdvisor', store);
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    await t.make.inspectionOrder(store, { customerId: customer.id, vehicleId: vehicle.id, orderNumber: '7002', serviceAdvisorId: advisor2.id, vehicleInShop: true });
    const sent = await call(advisor2, 'POST', `/messaging/v1/customer/${customer.id}/text-message`, { text: 'Your car is ready' });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const [message] = await db().select().from(sentMessages).where(eq(sentMessages.to, '+14385550177'));
    const reply = await call(root, 'POST', `/v2/api/dev/outbox/${message!.id}/reply`, { text: 'Thanks, coming at 5' });
    expect(reply.statusCode, reply.body).toBe(200);

    const made = await madeFor(advisor2, 'inboundText');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ customerId: customer.id, params: { customer: 'Pat Lee', order: '7002', text: 'Thanks, coming at 5' } });
    // The store's own text told nobody.
    expect(await madeFor(advisor2, 'reportApproved')).toHaveLength(0);
  });

  it('an order given to a technician tells that technician, not one who takes it themselves', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '7003', serviceAdvisorId: advisor.id });
    const tech2 = await t.make.user('Technician', store);
    const res = await call(advisor, 'PUT', `/v2/api/store/${store.id}/inspectionOrder/${order.id}`, { technicianId: tech2.id });
    expect(res.statusCode, res.body).toBe(200);
    const made = await madeFor(tech2, 'orderAssigned');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ inspectionOrderId: order.id, params: { order: '7003' } });
    // Another change of the same order tells nobody again.
    expect((await call(advisor, 'PUT', `/v2/api/store/${store.id}/inspectionOrder/${order.id}`, { note: 'Customer waits' })).statusCode).toBe(200);
    expect(await madeFor(tech2, 'orderAssigned')).toHaveLength(1);

    const own = await t.make.inspectionOrder(store, { orderNumber: '7004' });
    const self = await t.make.user('Technician', store);
    expect((await call(self, 'PUT', `/v2/api/store/${store.id}/inspectionOrder/${own.id}`, { technicianId: self.id })).statusCode).toBe(200);
    expect(await madeFor(self, 'orderAssigned')).toHaveLength(0);
  });
});
