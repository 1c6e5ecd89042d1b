import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZInternalChatChannelList, ZInternalChatHistory, ZInternalChatLogin } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { seedDemoData } from './demo.seed.js';
import { DEMO_CHAT_ORDER, DEMO_CHAT_UNREAD_FOR_ADVISOR } from './demo.internal-chat.js';

let t: TestApp;
let downtown: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.platform.database.db);
}, 60_000);
afterAll(() => t?.close());

async function as(username: string) {
  const db = t.platform.database.db;
  const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, username) }))!;
  downtown = user.storeId!;
  const headers = await bearer(t.platform.tokens, user);
  const login = await t.app.inject({ method: 'POST', url: '/v2/api/internalchat/login', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ storeId: downtown }) });
  expect(login.statusCode, login.body).toBe(200);
  const chat = { ...headers, 'x-chat-token': ZInternalChatLogin.parse(login.json()).token };
  return async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: chat });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
}

describe('demo shop chat', () => {
  it('has tech and advisor talking on an open Downtown ticket, three messages unread for the advisor', async () => {
    const advisor = await as('advisor');
    const channels = ZInternalChatChannelList.parse(await advisor(`/v2/api/internalchat/store/${downtown}/channel`));
    expect(channels.items).toHaveLength(1);
    const channel = channels.items[0]!;
    expect(channel).toMatchObject({ orderNumber: DEMO_CHAT_ORDER, isClosed: false, unreadCount: DEMO_CHAT_UNREAD_FOR_ADVISOR, lastMessageIndex: 5, sender: 'Theo Tremblay' });
    const history = ZInternalChatHistory.parse(await advisor(`/v2/api/internalchat/store/${downtown}/inspectionOrder/${channel.repairOrderId}/message`));
    expect(history.messages.map((m) => m.senderName)).toEqual(['Ava Dupont', 'Theo Tremblay', 'Theo Tremblay', 'Theo Tremblay', 'Theo Tremblay']);
    expect(history.messages.map((m) => m.read)).toEqual([true, true, false, false, false]);

    const tech = await as('tech');
    const techChannels = ZInternalChatChannelList.parse(await tech(`/v2/api/internalchat/store/${downtown}/channel`));
    expect(techChannels.items[0]).toMatchObject({ unreadCount: 0 });
  });
});
