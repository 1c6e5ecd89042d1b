import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hourIn, ZConsentHistory, ZConversationPage, ZMoveTargets, ZTextMessage, ZTextMessagePage, ZUnreadTextMessages } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { customers } from '../customers/customers.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { twilioSignature } from '../../platform/sms/index.js';
import { textConsentEvents, textMessages } from './messaging.schema.js';
import { webhookSigningKey } from './webhooks.routes.js';
import { dayZone, injectJson, nightZone, postSignedForm, sendText, storeIn as storeInZone } from '../../../test/texting-fixture.js';
import { createMessagingService } from './messaging.service.js';
import { createSentMessagesRepository } from '../../platform/messages/sent-messages.repository.js';

const DAY_ZONE = dayZone();
const NIGHT_ZONE = nightZone();

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let advisor: Record<string, string>;
let advisorId: string;
let jane: { id: string };

const inject = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => injectJson(t, method, url, headers, payload);
const send = (customerId: string, payload: object, headers = advisor) => sendText(t, headers, customerId, payload);
const storeIn = (zone: string) => storeInZone(t, zone);
/** Posts a form to a webhook signed as Twilio (the local gateway's key), or with the signature given. */
const webhook = (path: string, form: Record<string, string>, signature?: string) =>
  postSignedForm(t, path, form, signature === undefined ? {} : { signature });
let sid = 0;
const inbound = (from: string, body: string) =>
  webhook('/v2/webhooks/twilio/inbound', { MessageSid: `SM${String(++sid).padStart(32, '0')}`, From: from, To: 'ServiceBay', Body: body });

beforeAll(async () => {
  t = await createTestApp();
  store = await storeIn(DAY_ZONE);
  const user = await t.make.user('ServiceAdvisor', store);
  advisorId = user.id;
  advisor = await bearer(t.platform.tokens, user);
  jane = await t.make.customer(store, { firstName: 'Jane', lastName: 'Doe', mobilePhone: '5145550101', permissionToText: true });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('sending a text', () => {
  it('stores it, sends it once, and the local gateway moves it to delivered', async () => {
    const res = await send(jane.id, { text: 'Your car is ready', messageId: 'client-message-0001' });
    expect(res.statusCode).toBe(201);
    const message = ZTextMessage.parse(res.json());
    expect(message).toMatchObject({
      messageId: 'client-message-0001',
      customerId: jane.id,
      userId: advisorId,
      senderType: 'store',
      text: 'Your car is ready',
      status: 'pending',
      statusGroup: 'pending',
      deliveryStatus: 'queued',
      scheduledFor: null,
    });
    const [row] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.id, message._id));
    expect(row!.sentMessageId).not.toBeNull();
    const [sent] = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, row!.sentMessageId!));
    expect(sent).toMatchObject({ channel: 'sms', provider: 'local', to: '+15145550101', text: 'Your car is ready' });

    // Two steps of the gateway: queued → sent → delivered, stored.
    await t.platform.database.db.update(textMessages).set({ updatedAt: new Date(Date.now() - 60_000) }).where(eq(textMessages.id, message._id));
    await servicesOf(t).messaging.advanceLocalGateway(0);
    await servicesOf(t).messaging.advanceLocalGateway(0);
    const page = ZTextMessagePage.parse((await inject('GET', `/messaging/v1/customer/${jane.id}/text-message`, advisor)).json());
    expect(page.items[0]).toMatchObject({ _id: message._id, deliveryStatus: 'delivered', status: 'final', statusGroup: 'final' });
    const [delivered] = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, row!.sentMessageId!));
    expect(delivered!.status).toBe('delivered');
  });

  it('stores and sends a repeated messageId once, answering the first message', async () => {
    const before = (await t.platform.database.db.select().from(sentMessages)).length;
    const first = await send(jane.id, { text: 'Once only', messageId: 'client-message-0002' });
    const again = await send(jane.id, { text: 'Once only', messageId: 'client-message-0002' });
    expect(again.statusCode).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    const rows = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.messageId, 'client-message-0002'));
    expect(rows).toHaveLength(1);
    expect((await t.platform.database.db.select().from(sentMessages)).length).toBe(before + 1);
    const created = (await t.platform.database.db.select().from(outboxEvents)).filter(
      (e) => e.topic === `store/${store.id}/messages/created` && (e.payload as { message: { messageId: string } }).message.messageId === 'client-message-0002',
    );
    expect(created).toHaveLength(1);
  });

  it('refuses an empty text, one over 1600 characters, and fields that are not the caller’s', async () => {
    for (const [payload, message] of [
      [{ text: '   ' }, 'text: must not be empty'],
      [{ text: '' }, 'text: must not be empty'],
      [{ text: 'x'.repeat(1601) }, 'text: must be at most 1600 characters'],
      [{ text: 'Hi', senderType: 'customer' }, "senderType: must be 'store'"],
      [{ text: 'Hi', userId: crypto.randomUUID() }, 'userId: must be the signed-in user'],
      [{ text: 'Hi', customerId: crypto.randomUUID() }, 'customerId: must be the customer of the path'],
      [{ text: 'Hi', messageId: 'short' }, 'messageId: must be 8 to 128 characters'],
    ] as const) {
      const res = await send(jane.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(res.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message });
    }
    expect((await send(jane.id, { text: 'x'.repeat(1600) })).statusCode).toBe(201);
  });

  it('refuses a customer without a valid mobile, one who never allowed texts, and another store’s customer', async () => {
    const noMobile = await t.make.customer(store, { firstName: 'No', lastName: 'Mobile', mobilePhone: null, permissionToText: true });
    const badMobile = await t.make.customer(store, { firstName: 'Bad', lastName: 'Mobile', mobilePhone: '555-0101', permissionToText: true });
    for (const c of [noMobile, badMobile]) {
      const res = await send(c.id, { text: 'Hi' });
      expect(res.json()).toEqual({ status: 409, code: 'contact_does_not_have_valid_cell_phone', message: 'contact does not have valid cell phone' });
    }
    const neverAsked = await t.make.customer(store, { firstName: 'Never', lastName: 'Asked', mobilePhone: '5145550177', permissionToText: false });
    expect((await send(neverAsked.id, { text: 'Hi' })).json().code).toBe('SMS_NOT_PERMITTED');

    const other = await t.make.store({ name: 'Elsewhere' });
    const stranger = await t.make.customer(other, { mobilePhone: '5145550188', permissionToText: true });
    for (const res of [
      await send(stranger.id, { text: 'Hi' }),
      await inject('GET', `/messaging/v1/customer/${stranger.id}/text-message`, advisor),
      await inject('POST', `/messaging/v1/customer/${stranger.id}/text-message-read`, advisor, {}),
      await inject('GET', `/messaging/v1/customer/${stranger.id}/consent-history`, advisor),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    }
    expect(await t.platform.database.db.select().from(textMessages).where(eq(textMessages.customerId, stranger.id))).toHaveLength(0);
  });

  it('holds a text written in quiet hours until 08:00, then sends it', async () => {
    const night = await storeIn(NIGHT_ZONE);
    const nightAdvisor = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', night));
    const owl = await t.make.customer(night, { firstName: 'Night', lastName: 'Owl', mobilePhone: '5145550166', permissionToText: true });
    const res = await send(owl.id, { text: 'Your car is ready' }, nightAdvisor);
    expect(res.statusCode).toBe(201);
    const message = ZTextMessage.parse(res.json());
    expect(message).toMatchObject({ deliveryStatus: 'scheduled', status: 'pending' });
    const until = new Date(message.scheduledFor!);
    expect(hourIn(until, NIGHT_ZONE)).toBe(8);
    expect(until.getTime()).toBeGreaterThan(Date.now());
    const [row] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.id, message._id));
    expect(row!.sentMessageId).toBeNull();

    // 08:00 comes: the job sends it.
    await t.platform.database.db.update(textMessages).set({ scheduledFor: new Date(Date.now() - 1000) }).where(eq(textMessages.id, message._id));
    await servicesOf(t).messaging.sendDue();
    const [sent] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.id, message._id));
    expect(sent).toMatchObject({ status: 'queued' });
    expect(sent!.sentMessageId).not.toBeNull();

    // An answer to a customer who just wrote goes at once, whatever the hour.
    await inbound('+15145550166', 'When can I pick it up?');
    const reply = ZTextMessage.parse((await send(owl.id, { text: 'Any time before 18:00' }, nightAdvisor)).json());
    expect(reply.deliveryStatus).toBe('queued');
  });
});

describe('quiet hours and a later opt-out', () => {
  it('does not send a scheduled text to a customer who texted STOP meanwhile', async () => {
    const night = await storeIn(NIGHT_ZONE);
    const nightAdvisor = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', night));
    const late = await t.make.customer(night, { firstName: 'Late', lastName: 'Stop', mobilePhone: '5145550122', permissionToText: true });
    const message = ZTextMessage.parse((await send(late.id, { text: 'Tomorrow at 9?' }, nightAdvisor)).json());
    expect(message.deliveryStatus).toBe('scheduled');
    await inbound('+15145550122', 'STOP');
    await t.platform.database.db.update(textMessages).set({ scheduledFor: new Date(Date.now() - 1000) }).where(eq(textMessages.id, message._id));
    await servicesOf(t).messaging.sendDue();
    const [row] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.id, message._id));
    expect(row).toMatchObject({ status: 'failed', error: 'TEXTING_OPTED_OUT', sentMessageId: null });
  });
});

describe('incoming texts, counts and read', () => {
  it('attaches a text to the customer by number, unread, and read clears the counts', async () => {
    const res = await inbound('+1 (514) 555-0101', 'Thanks! What time?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    const page = ZTextMessagePage.parse((await inject('GET', `/messaging/v1/customer/${jane.id}/text-message`, advisor)).json());
    expect(page.items[0]).toMatchObject({ senderType: 'customer', senderName: 'Jane Doe', from: '+15145550101', text: 'Thanks! What time?', read: false });

    const unread = ZUnreadTextMessages.parse((await inject('GET', `/messaging/v1/store/${store.id}/unread-text-message`, advisor)).json());
    expect(unread.countByCustomerId[jane.id]).toEqual({ unread: 1, errors: 0 });
    expect(unread.totalUnread).toBeGreaterThanOrEqual(1);
    // Jane has no open order.
    const open = (await inject('GET', `/messaging/v1/store/${store.id}/unread-text-message?openOrders=true`, advisor)).json();
    expect(open.countByCustomerId[jane.id]).toBeUndefined();

    const list = ZConversationPage.parse((await inject('GET', `/messaging/v1/store/${store.id}/conversation`, advisor)).json());
    expect(list.size).toBe(20);
    expect(list.items.find((c) => c.customerId === jane.id)).toMatchObject({
      text: 'Thanks! What time?',
      sender: 'Jane Doe',
      senderType: 'customer',
      unreadSentMessages: 1,
      inspectionOrderClosed: true,
      customerNumber: '+15145550101',
    });

    const read = await inject('POST', `/messaging/v1/customer/${jane.id}/text-message-read`, advisor, {});
    expect(read.statusCode).toBe(200);
    expect(read.json().countByCustomerId[jane.id]).toBeUndefined();
    const events = (await t.platform.database.db.select().from(outboxEvents).orderBy(outboxEvents.id)).filter((e) => e.topic === `store/${store.id}/messages/count`);
    expect(events.at(-1)!.payload).toMatchObject({ customerId: jane.id, countByCustomerId: { [jane.id]: { unread: 0, errors: 0 } } });
  });

  it('gives the order’s conversation', async () => {
    const vehicle = await t.make.vehicle(store, { year: 2019, make: 'Honda', model: 'Civic' });
    const order = await t.make.inspectionOrder(store, { customerId: jane.id, vehicleId: vehicle.id, orderNumber: '10231' });
    const res = await inject('GET', `/messaging/v1/store/${store.id}/inspectionOrder/${order.id}/conversation`, advisor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      customerId: jane.id,
      inspectionOrderId: order.id,
      orderNumber: '10231',
      inspectionOrderClosed: false,
      yearMakeModel: '2019 Honda Civic',
    });
    // The conversation list shows each line's order the same way (its open one, else the latest).
    expect((await send(jane.id, { text: 'About your Civic' })).statusCode).toBe(201);
    const closed = await t.make.inspectionOrder(store, { customerId: jane.id, vehicleId: vehicle.id, orderNumber: '10100' });
    await t.platform.database.db.update(inspectionOrders).set({ closed: true }).where(eq(inspectionOrders.id, closed.id));
    const list = ZConversationPage.parse((await inject('GET', `/messaging/v1/store/${store.id}/conversation?size=100`, advisor)).json());
    expect(list.items.find((c) => c.customerId === jane.id)).toMatchObject({ inspectionOrderId: order.id, orderNumber: '10231', inspectionOrderClosed: false, yearMakeModel: '2019 Honda Civic' });
    const pages = await Promise.all([0, 1].map(async (page) => ZConversationPage.parse((await inject('GET', `/messaging/v1/store/${store.id}/conversation?size=1&page=${page}`, advisor)).json())));
    expect(pages.flatMap((p) => p.items.map((c) => c.customerId))).toEqual(list.items.slice(0, 2).map((c) => c.customerId));
    const elsewhere = await t.make.inspectionOrder(await t.make.store());
    expect((await inject('GET', `/messaging/v1/store/${store.id}/inspectionOrder/${elsewhere.id}/conversation`, advisor)).statusCode).toBe(404);
  });

  it('attaches a number several customers share to the one texted most recently', async () => {
    const older = await t.make.customer(store, { firstName: 'Shared', lastName: 'One', mobilePhone: '5145550155', permissionToText: true });
    const newer = await t.make.customer(store, { firstName: 'Shared', lastName: 'Two', mobilePhone: '5145550155', permissionToText: true });
    await send(older.id, { text: 'Hello One' });
    await inbound('+15145550155', 'It is One here');
    const [row] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.text, 'It is One here'));
    expect(row!.customerId).toBe(older.id);

    // The advisor moves it to the customer who wrote it; both conversations follow.
    const move = (customerId: string, id: string, toCustomerId: string) =>
      inject('POST', `/messaging/v1/customer/${customerId}/text-message/${id}/move`, advisor, { toCustomerId });
    const res = await move(older.id, row!.id, newer.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: row!.id, customerId: newer.id, text: 'It is One here' });
    const list = ZConversationPage.parse((await inject('GET', `/messaging/v1/store/${store.id}/conversation?size=100`, advisor)).json());
    expect(list.items.find((c) => c.customerId === newer.id)).toMatchObject({ text: 'It is One here', unreadSentMessages: 1 });
    expect(list.items.find((c) => c.customerId === older.id)).toMatchObject({ text: 'Hello One', unreadSentMessages: 0 });
    // Only the customer's own incoming text, to a customer of the same store.
    expect((await move(older.id, row!.id, newer.id)).statusCode).toBe(404);
    const stranger = await t.make.customer(await t.make.store());
    expect((await move(newer.id, row!.id, stranger.id)).statusCode).toBe(404);
    const [storeText] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.text, 'Hello One'));
    expect((await move(older.id, storeText!.id, newer.id)).statusCode).toBe(404);
  });

  it('lists where an incoming text may be moved: the store’s other customers with its number, in E.164', async () => {
    const number = '+15145550166';
    const first = await t.make.customer(store, { firstName: 'Pat', lastName: 'First', mobilePhone: '5145550166', permissionToText: true });
    const second = await t.make.customer(store, { firstName: 'Pat', lastName: 'Second', mobilePhone: '+15145550166', permissionToText: true });
    await t.make.customer(store, { firstName: 'Other', lastName: 'Number', mobilePhone: '5145550167', permissionToText: true });
    const elsewhere = await t.make.store({ name: 'Same number elsewhere' });
    await t.make.customer(elsewhere, { firstName: 'Pat', lastName: 'Elsewhere', mobilePhone: '5145550166', permissionToText: true });
    await send(first.id, { text: 'Hello Pat' });
    await inbound(number, 'This is the second Pat');
    const [text] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.text, 'This is the second Pat'));
    expect(text!.customerId).toBe(first.id);

    const targets = (customerId: string, id: string) =>
      inject('GET', `/messaging/v1/customer/${customerId}/text-message/${id}/move-targets`, advisor);
    const res = await targets(first.id, text!.id);
    expect(res.statusCode).toBe(200);
    expect(ZMoveTargets.parse(res.json()).items).toEqual([
      { customerId: second.id, firstName: 'Pat', lastName: 'Second', business: null, customerNumber: number },
    ]);
    // The store's own text, another customer's text, another store's advisor: 404.
    const [hello] = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.text, 'Hello Pat'));
    expect((await targets(first.id, hello!.id)).statusCode).toBe(404);
    expect((await targets(second.id, text!.id)).statusCode).toBe(404);
    const stranger = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', elsewhere));
    expect((await inject('GET', `/messaging/v1/customer/${first.id}/text-message/${text!.id}/move-targets`, stranger)).statusCode).toBe(404);
  });

  it('refuses a forged, unsigned or replayed-elsewhere webhook with 403 and changes nothing', async () => {
    const count = async () => (await t.platform.database.db.select().from(textMessages)).length;
    const before = await count();
    const form = { MessageSid: 'SMforged', From: '+15145550101', To: 'x', Body: 'STOP' };
    expect((await webhook('/v2/webhooks/twilio/inbound', form, '')).statusCode).toBe(403);
    expect((await webhook('/v2/webhooks/twilio/inbound', form, 'bm90IGEgc2lnbmF0dXJl')).statusCode).toBe(403);
    // Signed for the status webhook, posted to the inbound one.
    const key = webhookSigningKey(t.platform.config)!;
    const other = twilioSignature(key, `${t.platform.config.publicUrl}/v2/webhooks/twilio/status`, form);
    expect((await webhook('/v2/webhooks/twilio/inbound', form, other)).statusCode).toBe(403);
    expect((await webhook('/v2/webhooks/twilio/status', { MessageSid: 'SMx', MessageStatus: 'delivered' }, 'Zm9yZ2Vk')).statusCode).toBe(403);
    const json = await t.app.inject({ method: 'POST', url: '/v2/webhooks/twilio/inbound', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(form) });
    expect(json.statusCode).toBe(403);
    expect(json.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await count()).toBe(before);
    // Forms are for the webhooks only: the API refuses one as it refuses any body but JSON.
    const form415 = await t.app.inject({
      method: 'POST',
      url: `/messaging/v1/customer/${jane.id}/text-message`,
      headers: { ...advisor, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'text=Hi',
    });
    expect(form415.statusCode).toBe(415);
    expect(form415.json()).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' });
    const [customer] = await t.platform.database.db.select().from(customers).where(eq(customers.id, jane.id));
    expect(customer!.permissionToText).toBe(true);
  });

  it('stores a webhook Twilio retries once', async () => {
    const form = { MessageSid: 'SM_retried_0000000000000000000000', From: '+15145550101', To: 'x', Body: 'Retried' };
    await webhook('/v2/webhooks/twilio/inbound', form);
    await webhook('/v2/webhooks/twilio/inbound', form);
    expect(await t.platform.database.db.select().from(textMessages).where(eq(textMessages.text, 'Retried'))).toHaveLength(1);
  });
});

describe('consent', () => {
  it('STOP turns texting off once, answers once, keeps the history; START turns it back on', async () => {
    const sam = await t.make.customer(store, { firstName: 'Sam', lastName: 'Stop', mobilePhone: '5145550144', permissionToText: true });
    await inbound('+15145550144', 'Arrêt');
    await inbound('+15145550144', 'STOP');
    const [afterStop] = await t.platform.database.db.select().from(customers).where(eq(customers.id, sam.id));
    expect(afterStop!.permissionToText).toBe(false);
    const answers = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.customerId, sam.id));
    const automatic = answers.filter((m) => m.automatic);
    expect(automatic).toHaveLength(1);
    expect(automatic[0]!.text).toContain('vous ne recevrez plus nos textos');

    const refused = await send(sam.id, { text: 'Your car is ready' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 409, code: 'TEXTING_OPTED_OUT', message: 'this customer asked not to receive texts' });

    await inbound('+15145550144', 'start');
    expect((await send(sam.id, { text: 'Your car is ready' })).statusCode).toBe(201);

    const history = (await inject('GET', `/messaging/v1/customer/${sam.id}/consent-history`, advisor)).json();
    const parsed = ZConsentHistory.parse(history);
    expect(parsed.items.map((e) => [e.permissionToText, e.keyword, e.phone, e.userName])).toEqual([
      [true, 'start', '+15145550144', null],
      [false, 'Arrêt', '+15145550144', null],
    ]);
    // The times are shown in the store's zone.
    expect(parsed.timeZone).toBe(DAY_ZONE);
    expect(await t.platform.database.db.select().from(textConsentEvents).where(eq(textConsentEvents.customerId, sam.id))).toHaveLength(2);
  });

  it('records staff changes of permissionToText made through the customer routes, with who and when', async () => {
    const customerApi = `/v2/api/store/${store.id}/customer`;
    const put = (id: string, body: object, headers = advisor) => t.app.inject({ method: 'PUT', url: `${customerApi}/${id}`, headers, payload: body });
    const history = async (id: string) => {
      const res = await inject('GET', `/messaging/v1/customer/${id}/consent-history`, advisor);
      expect(res.statusCode).toBe(200);
      return ZConsentHistory.parse(res.json()).items;
    };
    const before = Date.now();

    // Created allowed to be texted: that consent, given by the advisor.
    const created = await t.app.inject({
      method: 'POST',
      url: customerApi,
      headers: advisor,
      payload: { firstName: 'Stella', lastName: 'Staff', mobilePhone: '514 555 0191', permissionToText: true },
    });
    expect(created.statusCode).toBe(201);
    const stella = created.json()._id as string;
    const [given] = await history(stella);
    expect(given).toMatchObject({ customerId: stella, permissionToText: true, source: 'staff', keyword: null, phone: '+15145550191', userId: advisorId });
    expect(Date.parse(given!.at)).toBeGreaterThanOrEqual(before - 1000);

    // Created without it, and changes that leave it alone: nothing recorded.
    const quiet = (await t.app.inject({ method: 'POST', url: customerApi, headers: advisor, payload: { firstName: 'Quinn', mobilePhone: '5145550192' } })).json()._id as string;
    expect(await history(quiet)).toEqual([]);
    expect((await put(stella, { firstName: 'Stel', permissionToText: true })).statusCode).toBe(200);
    expect(await history(stella)).toHaveLength(1);

    // Turned off by another staff user: recorded as theirs, and texting says "not permitted", not opted out.
    const manager = await t.make.user('ServiceManager', store);
    expect((await put(stella, { permissionToText: false }, await bearer(t.platform.tokens, manager))).statusCode).toBe(200);
    const [off] = await history(stella);
    expect(off).toMatchObject({ permissionToText: false, source: 'staff', userId: manager.id, userName: manager.username });
    expect((await send(stella, { text: 'Hi' })).json().code).toBe('SMS_NOT_PERMITTED');

    // A change refused by the save rules writes neither the customer nor the history.
    const refused = await put(stella, { permissionToText: true, firstName: null, lastName: null });
    expect(refused.statusCode).toBe(400);
    expect(await history(stella)).toHaveLength(2);

    // The customer's STOP and the advisor's turning it back on (asked on the phone) sit in one history.
    expect((await put(stella, { permissionToText: true })).statusCode).toBe(200);
    await inbound('+15145550191', 'STOP');
    expect((await send(stella, { text: 'Hi' })).json().code).toBe('TEXTING_OPTED_OUT');
    expect((await put(stella, { permissionToText: true })).statusCode).toBe(200);
    expect((await send(stella, { text: 'Hi again' })).statusCode).toBe(201);
    expect((await history(stella)).map((e) => [e.source, e.permissionToText, e.keyword])).toEqual([
      ['staff', true, null],
      ['keyword', false, 'STOP'],
      ['staff', true, null],
      ['staff', false, null],
      ['staff', true, null],
    ]);

    // Another store's customer: 404, and nothing recorded.
    const other = await t.make.store({ name: 'Elsewhere too' });
    const stranger = await t.make.customer(other, { mobilePhone: '5145550193', permissionToText: false });
    expect((await put(stranger.id, { permissionToText: true })).statusCode).toBe(404);
    expect(await t.platform.database.db.select().from(textConsentEvents).where(eq(textConsentEvents.customerId, stranger.id))).toEqual([]);
  });

  it('HELP answers with the shop’s name and phone', async () => {
    const helen = await t.make.customer(store, { firstName: 'Helen', lastName: 'Help', mobilePhone: '5145550133', permissionToText: true });
    await inbound('+15145550133', 'help');
    const rows = await t.platform.database.db.select().from(textMessages).where(eq(textMessages.customerId, helen.id));
    const answer = rows.find((m) => m.automatic)!;
    expect(answer.text).toBe(`Shop ${DAY_ZONE}: for help, call us at (514) 555-0100. Reply STOP to stop texts.`);
  });
});

describe('e-mail calls', () => {
  it('sends an e-mail with to, subject and body, and refuses one without', async () => {
    const res = await inject('POST', '/v1/api/email/send', advisor, { to: 'jane@example.com', subject: 'Your visit', body: 'See you at 9' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, res.json().id));
    expect(row).toMatchObject({ channel: 'email', to: 'jane@example.com', subject: 'Your visit', text: 'See you at 9', storeId: store.id });
    for (const payload of [{ subject: 'x', body: 'y' }, { to: 'jane@example.com', body: 'y' }, { to: 'jane@example.com', subject: 'x', body: ' ' }, { to: 'nope', subject: 'x', body: 'y' }]) {
      const refused = await inject('POST', '/v1/api/email/send', advisor, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('INVALID_ARGUMENTS');
    }
  });

  it('writes to the customer success team', async () => {
    const res = await inject('POST', '/messaging/v1/email/customer-success-team', advisor, { subject: 'Help', message: 'The printer' });
    expect(res.statusCode).toBe(200);
    const [row] = await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, res.json().id));
    expect(row).toMatchObject({ to: 'customer-success@servicebay.local', subject: 'Help' });
    expect(row!.text).toContain('The printer');
    expect(row!.text).toContain(`for the store Shop ${DAY_ZONE}`);
  });
});

/** A second service on the same database, to run the background jobs' steps when the test says. */
function servicesOf(app: TestApp) {
  const p = app.platform;
  const messaging = createMessagingService({
    db: p.database.db,
    outbox: p.outbox,
    sms: p.sms,
    mail: p.mail,
    sentMessagesIn: createSentMessagesRepository,
    setPermissionToText: async () => {},
    link: () => null,
    logger: p.logger,
    textingConfigured: true,
    customerSuccessEmail: 'x@example.test',
  });
  return { messaging };
}
