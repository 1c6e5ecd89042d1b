import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZConversationPage, ZTextMessagePage } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { seedDemoData } from './demo.seed.js';

let t: TestApp;
let advisor: Record<string, string>;
let downtown: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.platform.database.db);
  const db = t.platform.database.db;
  const user = (await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') }))!;
  advisor = await bearer(t.platform.tokens, user);
  downtown = user.storeId!;
}, 60_000);
afterAll(() => t?.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: advisor });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};

describe('demo texting', () => {
  it('lists Fleet Express first (a failed text), then Jane (unread)', async () => {
    const list = ZConversationPage.parse(await get(`/messaging/v1/store/${downtown}/conversation`));
    expect(list.items.map((c) => [c.business ?? c.firstName, c.errorMessages, c.unreadSentMessages])).toEqual([
      ['Fleet Express Deliveries', 1, 1],
      ['Jane', 0, 1],
    ]);
    expect(list.items[1]).toMatchObject({ text: 'Great, can I come by at 5?', senderType: 'customer', permissionToText: true });
    const counts = await get(`/messaging/v1/store/${downtown}/unread-text-message`);
    expect(counts).toMatchObject({ totalUnread: 2, totalErrors: 1 });
  });

  it("keeps Jane's opt-out and back, with the automatic answers, and the fleet's failed text", async () => {
    const list = ZConversationPage.parse(await get(`/messaging/v1/store/${downtown}/conversation`));
    const [fleet, jane] = list.items;
    const history = await get(`/messaging/v1/customer/${jane!.customerId}/consent-history`);
    expect(history.items.map((e: { permissionToText: boolean; keyword: string }) => [e.permissionToText, e.keyword])).toEqual([
      [true, 'START'],
      [false, 'STOP'],
    ]);
    const janeTexts = ZTextMessagePage.parse(await get(`/messaging/v1/customer/${jane!.customerId}/text-message`));
    expect(janeTexts.total).toBe(8);
    expect(janeTexts.items.filter((m) => m.automatic)).toHaveLength(2);
    expect(janeTexts.items.filter((m) => m.senderType === 'store').every((m) => m.status === 'final')).toBe(true);
    const fleetTexts = ZTextMessagePage.parse(await get(`/messaging/v1/customer/${fleet!.customerId}/text-message`));
    expect(fleetTexts.items.map((m) => m.status)).toEqual(['pending', 'failed', 'final']);
  });
});
