import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  topics,
  ZInternalChatChannel,
  ZInternalChatChannelList,
  ZInternalChatHistory,
  ZInternalChatLogin,
  ZInternalChatMessage,
  ZInternalChatMessageCreated,
  ZInternalChatMessageEvent,
  ZStoreSettings,
} from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { testSockets } from '../../../test/sockets.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { createChatTokenSigner } from './chat-token.js';
import { internalChatMessages } from './internal-chat.schema.js';

/**
 * The shop's internal chat (docs/internal-chat.md) on a real database: the chat token's rules, one
 * channel per order with unread counts per worker, history pages of 20, the live event and the
 * outbox event, and bad input (empty text, another store's order, forged or expired tokens, a
 * repeated client id) that changes nothing.
 */

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let elsewhere: Store;
let off: Store;
let advisor: User;
let tech: User;
let shared: User;
let stranger: User;
let offAdvisor: User;
const { listen, socketFor, closeAll } = testSockets();
const db = () => t.platform.database.db;

async function call(user: User, method: 'GET' | 'POST', url: string, body?: unknown, chatToken?: string) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(await bearer(t.platform.tokens, user)),
      ...(chatToken ? { 'x-chat-token': chatToken } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function tokenOf(user: User, s: Store = store): Promise<string> {
  const res = await call(user, 'POST', '/v2/api/internalchat/login', { storeId: s.id });
  expect(res.statusCode, res.body).toBe(200);
  return ZInternalChatLogin.parse(res.json()).token;
}

const chatUrl = (s: Store, orderId: string, what: 'message' | 'read') => `/v2/api/internalchat/store/${s.id}/inspectionOrder/${orderId}/${what}`;

async function enableChat(s: Store, workspaceId: string | null, enabled = true) {
  await db()
    .update(stores)
    .set({ settings: ZStoreSettings.parse({ internalChatEnabled: enabled, internalChatWorkspaceId: workspaceId }) })
    .where(eq(stores.id, s.id));
}

beforeAll(async () => {
  t = await createTestApp();
  await listen(t);
  store = await t.make.store({ name: 'Downtown' });
  elsewhere = await t.make.store({ name: 'Uptown' });
  off = await t.make.store({ name: 'No chat' });
  await enableChat(store, 'ws-downtown');
  await enableChat(elsewhere, 'ws-uptown');
  advisor = await t.make.user('ServiceAdvisor', store);
  tech = await t.make.user('Technician', store);
  shared = await t.make.user('Store', store);
  stranger = await t.make.user('ServiceAdvisor', elsewhere);
  offAdvisor = await t.make.user('ServiceAdvisor', off);
}, 60_000);
afterAll(async () => {
  await closeAll();
  await t?.close();
});

describe('POST /v2/api/internalchat/login', () => {
  it('gives a token bound to the caller and the store workspace; refuses the Store account and a store without chat', async () => {
    const res = await call(advisor, 'POST', '/v2/api/internalchat/login', { storeId: store.id });
    expect(res.statusCode, res.body).toBe(200);
    const login = ZInternalChatLogin.parse(res.json());
    expect(login).toMatchObject({ identity: advisor.id, workspaceId: 'ws-downtown' });
    expect(Date.parse(login.expiresAt) - Date.now()).toBeGreaterThan(3500_000);

    const store_ = await call(shared, 'POST', '/v2/api/internalchat/login', { storeId: store.id });
    expect(store_.statusCode).toBe(403);
    const disabled = await call(offAdvisor, 'POST', '/v2/api/internalchat/login', { storeId: off.id });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json()).toMatchObject({ code: 'INTERNAL_CHAT_DISABLED' });
    const other = await call(stranger, 'POST', '/v2/api/internalchat/login', { storeId: store.id });
    expect(other.statusCode).toBe(404);
  });

  it('a token of another user, another store, forged or expired is refused with a clear error', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '5100' });
    const url = chatUrl(store, order.id, 'message');
    const techToken = await tokenOf(tech);
    const strangerToken = await tokenOf(stranger, elsewhere);

    const none = await call(advisor, 'GET', url);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'CHAT_TOKEN_INVALID' });
    const anotherUser = await call(advisor, 'GET', url, undefined, techToken);
    expect(anotherUser.json()).toMatchObject({ status: 401, code: 'CHAT_TOKEN_INVALID' });
    const anotherStore = await call(advisor, 'GET', url, undefined, strangerToken);
    expect(anotherStore.json()).toMatchObject({ status: 401, code: 'CHAT_TOKEN_INVALID' });
    const forged = await call(advisor, 'GET', url, undefined, `${(await tokenOf(advisor)).slice(0, -3)}abc`);
    expect(forged.json()).toMatchObject({ status: 401, code: 'CHAT_TOKEN_INVALID' });
    const signer = createChatTokenSigner(t.platform.config.jwtSecret, 3600);
    const old = await signer.sign(advisor.id, 'ws-downtown', new Date(Date.now() - 2 * 3600_000));
    const expired = await call(advisor, 'GET', url, undefined, old.token);
    expect(expired.json()).toMatchObject({ status: 401, code: 'CHAT_TOKEN_EXPIRED' });

    // The workspace changed: yesterday's tokens no longer hold.
    const token = await tokenOf(advisor);
    await enableChat(store, 'ws-downtown-2');
    expect((await call(advisor, 'GET', url, undefined, token)).json()).toMatchObject({ code: 'CHAT_TOKEN_INVALID' });
    await enableChat(store, 'ws-downtown');
    expect((await call(advisor, 'GET', url, undefined, token)).statusCode).toBe(200);
  });
});

describe('sending, reading and history', () => {
  it('stores a message once per client id, counts it unread for the others, and tells them live and through the outbox', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '5200', serviceAdvisorId: advisor.id, technicianId: tech.id });
    const techToken = await tokenOf(tech);
    const advisorToken = await tokenOf(advisor);
    const live = await socketFor(advisor);
    expect(await live.subscribe(topics.store(store.id).internalChatMessagesCreated)).toMatchObject({ type: 'subscribed' });

    const sent = await call(tech, 'POST', chatUrl(store, order.id, 'message'), { text: '  Rotors are worn  ', clientMessageId: 'client-0001' }, techToken);
    expect(sent.statusCode, sent.body).toBe(201);
    const message = ZInternalChatMessage.parse(sent.json());
    expect(message).toMatchObject({ index: 1, text: 'Rotors are worn', senderId: tech.id, read: true, channelName: 'RO 5200', repairOrderId: order.id });

    const again = await call(tech, 'POST', chatUrl(store, order.id, 'message'), { text: 'Rotors are worn', clientMessageId: 'client-0001' }, techToken);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(message.id);
    const rows = await db().select().from(internalChatMessages).where(eq(internalChatMessages.channelId, message.channelId));
    expect(rows).toHaveLength(1);

    const frame = await live.next((f) => f.type === 'event' && f.topic === topics.store(store.id).internalChatMessagesCreated, 20_000);
    const event = ZInternalChatMessageEvent.parse((frame as { payload: unknown }).payload);
    expect(event.message.id).toBe(message.id);
    expect(event.channel).toMatchObject({ repairOrderId: order.id, lastMessageIndex: 1, text: 'Rotors are worn', orderNumber: '5200' });

    const created = await db()
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.topic, topics.store(store.id).internalChatMessageCreated), sql`${outboxEvents.payload}->>'messageId' = ${message.id}`));
    expect(created).toHaveLength(1);
    expect(ZInternalChatMessageCreated.parse(created[0]!.payload)).toMatchObject({
      repairOrderId: order.id,
      orderNumber: '5200',
      recipientIds: [advisor.id],
      senderId: tech.id,
      title: 'RO#5200',
    });

    const channels = ZInternalChatChannelList.parse((await call(advisor, 'GET', `/v2/api/internalchat/store/${store.id}/channel`, undefined, advisorToken)).json());
    expect(channels.items.find((c) => c.repairOrderId === order.id)).toMatchObject({ unreadCount: 1, lastReadIndex: 0 });
    const read = await call(advisor, 'POST', chatUrl(store, order.id, 'read'), {}, advisorToken);
    expect(ZInternalChatChannel.parse(read.json())).toMatchObject({ unreadCount: 0, lastReadIndex: 1 });
    // Never backwards.
    const back = await call(advisor, 'POST', chatUrl(store, order.id, 'read'), { index: 0 }, advisorToken);
    expect(back.json()).toMatchObject({ lastReadIndex: 1 });
  });

  it('pages back through 45 messages 20 at a time, oldest first', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '5300' });
    const token = await tokenOf(tech);
    for (let i = 1; i <= 45; i++) {
      const res = await call(tech, 'POST', chatUrl(store, order.id, 'message'), { text: `message ${i}` }, token);
      expect(res.statusCode).toBe(201);
    }
    const first = ZInternalChatHistory.parse((await call(tech, 'GET', chatUrl(store, order.id, 'message'), undefined, token)).json());
    expect(first.messages.map((m) => m.index)).toEqual(Array.from({ length: 20 }, (_, i) => 26 + i));
    expect(first).toMatchObject({ hasMoreMessages: true, nextMessageIndex: 26 });
    const second = ZInternalChatHistory.parse((await call(tech, 'GET', `${chatUrl(store, order.id, 'message')}?before=26`, undefined, token)).json());
    expect(second.messages[0]!.index).toBe(6);
    const third = ZInternalChatHistory.parse((await call(tech, 'GET', `${chatUrl(store, order.id, 'message')}?before=6`, undefined, token)).json());
    expect(third.messages.map((m) => m.text)).toEqual(['message 1', 'message 2', 'message 3', 'message 4', 'message 5']);
    expect(third).toMatchObject({ hasMoreMessages: false, nextMessageIndex: null });
  });

  it('refuses empty text (400), another store’s order (404), the Store account (403), and stores nothing', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '5400' });
    const theirs = await t.make.inspectionOrder(elsewhere, { orderNumber: '5401' });
    const token = await tokenOf(tech);
    const empty = await call(tech, 'POST', chatUrl(store, order.id, 'message'), { text: '   ' }, token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'INVALID_ARGUMENTS' });
    const foreign = await call(tech, 'POST', chatUrl(store, theirs.id, 'message'), { text: 'hello' }, token);
    expect(foreign.statusCode).toBe(404);
    const foreignWorker = await call(tech, 'POST', '/v2/api/internalchat/channel/repairOrder/worker', { workerId: tech.id, repairOrderId: theirs.id }, token);
    expect(foreignWorker.statusCode).toBe(404);
    const storeAccount = await call(shared, 'GET', chatUrl(store, order.id, 'message'));
    expect(storeAccount.statusCode).toBe(403);
    const noText = await call(tech, 'POST', chatUrl(store, order.id, 'message'), {}, token);
    expect(noText.statusCode).toBe(400);
    expect(await db().select().from(internalChatMessages).where(eq(internalChatMessages.text, 'hello'))).toHaveLength(0);

    const socket = await socketFor(shared);
    const refused = await socket.subscribe(topics.store(store.id).internalChatMessagesCreated);
    expect(refused).toMatchObject({ type: 'error', status: 403 });
  });

  it('adds a worker of the store to the order’s channel; a worker of another store or the Store account is 404', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '5500' });
    const token = await tokenOf(advisor);
    const added = await call(advisor, 'POST', '/v2/api/internalchat/channel/repairOrder/worker', { workerId: tech.id, repairOrderId: order.id }, token);
    expect(added.statusCode, added.body).toBe(200);
    expect(ZInternalChatChannel.parse(added.json())).toMatchObject({ repairOrderId: order.id, orderNumber: '5500', unreadCount: 0, isClosed: false });
    const sent = await call(advisor, 'POST', chatUrl(store, order.id, 'message'), { text: 'Can you check the brakes?' }, token);
    const created = await db().select().from(outboxEvents).where(sql`${outboxEvents.payload}->>'messageId' = ${(sent.json() as { id: string }).id}`);
    const payload = created.map((r) => r.payload as { recipientIds?: string[] }).find((p) => p.recipientIds);
    expect(payload?.recipientIds).toEqual([tech.id]);
    for (const workerId of [stranger.id, shared.id]) {
      const res = await call(advisor, 'POST', '/v2/api/internalchat/channel/repairOrder/worker', { workerId, repairOrderId: order.id }, token);
      expect(res.statusCode).toBe(404);
    }
  });
});
