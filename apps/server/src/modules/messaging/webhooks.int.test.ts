import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZTextMessage } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { textMessages } from './messaging.schema.js';
import { dayZone, postSignedForm, sendText, storeIn } from '../../../test/texting-fixture.js';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'twilio-auth-token-for-webhooks';
const PUBLIC_URL = 'https://shop.servicebay.test';

/** A server speaking Twilio's Messages shape: every text is queued under a new sid. */
let nextSid = 1;
const fakeTwilio: Server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ sid: `SM${String(nextSid++).padStart(32, '0')}`, status: 'queued' }));
  });
});

let twilio: TestApp;
let production: TestApp;
let local: TestApp;

/** A store whose every hour is a working one for the test: the zone where it is now midday. */
const dayStore = (app: TestApp) => storeIn(app, dayZone());

const signed = (app: TestApp, path: string, form: Record<string, string>, token: string) => postSignedForm(app, path, form, { key: token });

beforeAll(async () => {
  await new Promise<void>((resolve) => fakeTwilio.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(fakeTwilio.address() as AddressInfo).port}`;
  [twilio, production, local] = await Promise.all([
    createTestApp({ twilio: { accountSid: SID, authToken: TOKEN, from: '+14385550199', baseUrl }, publicUrl: PUBLIC_URL }),
    createTestApp({ production: true, devTools: false, publicUrl: PUBLIC_URL }),
    createTestApp({ devTools: true }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([twilio?.close(), production?.close(), local?.close()]);
  await new Promise<void>((resolve) => fakeTwilio.close(() => resolve()));
});

describe('Twilio status callback', () => {
  it('moves the text along the statuses Twilio reports, never back, and counts a failure once', async () => {
    const store = await dayStore(twilio);
    const advisor = await bearer(twilio.platform.tokens, await twilio.make.user('ServiceAdvisor', store));
    const customer = await twilio.make.customer(store, { mobilePhone: '5145550101', permissionToText: true });
    const res = await sendText(twilio, advisor, customer.id, { text: 'Your car is ready' });
    const message = ZTextMessage.parse(res.json());
    expect(message.deliveryStatus).toBe('queued');
    const [row] = await twilio.platform.database.db.select().from(textMessages).where(eq(textMessages.id, message._id));
    const [sent] = await twilio.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, row!.sentMessageId!));
    const sid = sent!.providerMessageId!;

    const status = async (word: string, token = TOKEN) => signed(twilio, '/v2/webhooks/twilio/status', { MessageSid: sid, MessageStatus: word, AccountSid: SID }, token);
    const current = async () => (await twilio.platform.database.db.select().from(textMessages).where(eq(textMessages.id, message._id)))[0]!.status;

    expect((await status('sent')).statusCode).toBe(200);
    expect(await current()).toBe('sent');
    // Signed with another token: refused, nothing changes.
    expect((await status('delivered', 'not-the-token')).statusCode).toBe(403);
    expect(await current()).toBe('sent');
    // Late "sending" after "sent": ignored.
    await status('sending');
    expect(await current()).toBe('sent');
    await status('undelivered');
    expect(await current()).toBe('undelivered');
    await status('undelivered');
    await status('delivered');
    expect(await current()).toBe('undelivered');
    const counts = await twilio.app.inject({ method: 'GET', url: `/messaging/v1/store/${store.id}/unread-text-message`, headers: advisor });
    expect(counts.json().countByCustomerId[customer.id]).toEqual({ unread: 0, errors: 1 });
    const [after] = await twilio.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, sent!.id));
    expect(after!.status).toBe('undelivered');
  });
});

describe('NODE_ENV=production without Twilio', () => {
  it('refuses texting as not configured and every webhook', async () => {
    const store = await dayStore(production);
    const advisor = await bearer(production.platform.tokens, await production.make.user('ServiceAdvisor', store));
    const customer = await production.make.customer(store, { mobilePhone: '5145550101', permissionToText: true });
    const res = await sendText(production, advisor, customer.id, { text: 'Hi' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, code: 'TEXTING_NOT_CONFIGURED', message: 'Texting is not configured on this server' });
    expect(await production.platform.database.db.select().from(textMessages)).toHaveLength(0);
    const form = { MessageSid: 'SM1', From: '+15145550101', Body: 'Hi' };
    expect((await signed(production, '/v2/webhooks/twilio/inbound', form, '')).statusCode).toBe(403);
  });
});

describe('answering from the development outbox', () => {
  it('goes through the signed inbound webhook into the conversation; root only', async () => {
    const store = await dayStore(local);
    const advisorUser = await local.make.user('ServiceAdvisor', store);
    const advisor = await bearer(local.platform.tokens, advisorUser);
    const root = await bearer(local.platform.tokens, await local.make.user('root', store));
    const customer = await local.make.customer(store, { mobilePhone: '4385550123', permissionToText: true });
    await sendText(local, advisor, customer.id, { text: 'Can we replace the wipers?' });
    const [sent] = await local.platform.database.db.select().from(sentMessages).where(eq(sentMessages.text, 'Can we replace the wipers?'));
    const reply = (headers: Record<string, string>, text = 'Yes please') =>
      local.app.inject({
        method: 'POST',
        url: `/v2/api/dev/outbox/${sent!.id}/reply`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ text }),
      });
    expect((await reply(advisor)).statusCode).toBe(403);
    expect((await reply(root, '  ')).statusCode).toBe(400);
    const res = await reply(root);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ customerId: customer.id });
    const texts = await local.app.inject({ method: 'GET', url: `/messaging/v1/customer/${customer.id}/text-message`, headers: advisor });
    expect(texts.json().items[0]).toMatchObject({ senderType: 'customer', text: 'Yes please', from: '+14385550123', read: false });
  });
});
