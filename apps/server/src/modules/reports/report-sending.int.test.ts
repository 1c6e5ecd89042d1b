import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import { REPORT_SENDER_HEADER, type SendReportInput } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { sentMessages } from '../../platform/db/schema/messages.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { reportDeliveries } from './reports.schema.js';
import { createReportLinksRepository } from './report-links.repository.js';
import { reportAccessOf } from './report-links.service.js';

type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;

/** A port nothing listens on: a provider pointed there fails like an SMTP or Twilio outage. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One test app with a store, an advisor and helpers to send reports. */
async function world(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const t = await createTestApp(overrides);
  const store: Store = await t.make.store({ name: 'Garage Tremblay' });
  await t.platform.database.db.update(stores).set({ phoneNo: '514-555-0199' }).where(eq(stores.id, store.id));
  const advisor: User = await t.make.user('ServiceAdvisor', store);
  const headers = { ...(await bearer(t.platform.tokens, advisor)), [REPORT_SENDER_HEADER]: advisor.id };
  const path = (orderId: string, rest = '') => `/v2/api/store/${store.id}/inspectionOrder/${orderId}${rest}`;

  async function order(customer: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
    const c = await t.make.customer(store, {
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.test',
      mobilePhone: '514-555-0123',
      permissionToText: true,
      ...customer,
    });
    const v = await t.make.vehicle(store, {
      householdId: c.householdId,
      year: 2019,
      make: 'Honda',
      model: 'Civic',
    });
    return t.make.inspectionOrder(store, {
      customerId: c.id,
      vehicleId: v.id,
      orderNumber: '4711',
      ...fields,
    });
  }
  async function token(orderId: string, h: Record<string, string> = headers) {
    const res = await t.app.inject({ method: 'POST', url: path(orderId, '/sendReport/token'), headers: h });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { token: string }).token;
  }
  async function payload(orderId: string, extra: Partial<SendReportInput> = {}): Promise<SendReportInput> {
    return {
      storeId: store.id,
      inspectionOrderId: orderId,
      workerId: advisor.id,
      language: 'en',
      subjectLine: 'Your vehicle report',
      messageText: 'Here is the report of your visit.\nCall us with any question.',
      token: await token(orderId),
      ...extra,
    };
  }
  const send = (orderId: string, body: object, h: Record<string, string> = headers) =>
    t.app.inject({ method: 'POST', url: path(orderId, '/sendReport'), headers: h, payload: body });
  const deliveries = (orderId: string) =>
    t.platform.database.db
      .select()
      .from(reportDeliveries)
      .where(eq(reportDeliveries.inspectionOrderId, orderId))
      .orderBy(asc(reportDeliveries.createdAt));
  const message = async (id: string) =>
    (await t.platform.database.db.select().from(sentMessages).where(eq(sentMessages.id, id)))[0]!;
  const getOrder = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: path(orderId), headers })).json();
  return { t, store, advisor, headers, path, order, token, payload, send, deliveries, message, getOrder };
}

describe('sendReport', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world({ publicUrl: 'https://shop.example.test' });
  });
  afterAll(() => w?.t.close());

  it('e-mails the report with a working link, in the language asked, and texts it', async () => {
    const o = await w.order();
    const res = await w.send(o.id, await w.payload(o.id, { language: 'fr', subjectLine: 'Votre rapport' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'fulfilled', replayed: false });
    expect(body.deliveries.map((d: { channel: string; to: string }) => [d.channel, d.to])).toEqual([
      ['email', 'jane@example.test'],
      ['sms', '514-555-0123'],
    ]);

    const rows = await w.deliveries(o.id);
    expect(
      rows.every(
        (r) => r.status === 'fulfilled' && r.reportLinkId === body.reportLinkId && r.language === 'fr',
      ),
    ).toBe(true);
    const mail = await w.message(rows.find((r) => r.channel === 'email')!.sentMessageId!);
    expect(mail).toMatchObject({ channel: 'email', to: 'jane@example.test', subject: 'Votre rapport' });
    expect(mail.html).toContain('Garage Tremblay');
    expect(mail.html).toContain('Voir le rapport de votre véhicule');
    expect(mail.html).toContain('Call us with any question.');
    expect(mail.text).toContain('Bonjour Jane,');
    const url = /https:\/\/shop\.example\.test\/report\/[^\s"]+/.exec(mail.text)![0];
    expect(mail.html).toContain(url.replace(/&/g, '&amp;'));
    const parsed = new URL(url);
    expect(parsed.pathname).toBe(`/report/${o.id}`);
    // The token opens this order's report, and only this order's.
    const access = reportAccessOf(
      createReportLinksRepository(w.t.platform.database.db),
      w.t.platform.reportLinkSigner,
    );
    expect(await access.link(parsed.searchParams.get('t')!, o.id)).toEqual({ linkId: body.reportLinkId });
    expect(await access.link(parsed.searchParams.get('t')!, (await w.order()).id)).toBeNull();

    const sms = await w.message(rows.find((r) => r.channel === 'sms')!.sentMessageId!);
    expect(sms).toMatchObject({ channel: 'sms', to: '+15145550123' });
    expect(sms.text).toContain('Garage Tremblay');
    expect(sms.text).toContain(url);

    const order = await w.getOrder(o.id);
    expect(order.states.report).toBe('done');
    expect(order.estimate.delivery).toBe('DELIVERED');
    expect(order.isCustomerNotifiedAboutRepair).toBe(false);
    expect(order.activities.at(-1)).toMatchObject({ type: 'reportSent', userId: w.advisor.id });
    const events = await w.t.platform.database.db
      .select()
      .from(outboxEvents)
      .where(like(outboxEvents.topic, `store/${w.store.id}/inspectionOrders/updated`));
    const mine = events
      .filter((e) => (e.payload as { _id: string })._id === o.id)
      .map((e) => (e.payload as { estimate: { delivery: string } }).estimate.delivery);
    expect(mine).toEqual(['IN_PROGRESS', 'DELIVERED']);
  });

  it('never sends twice with one token: a replay answers the same deliveries', async () => {
    const o = await w.order();
    const body = await w.payload(o.id);
    const [a, b] = await Promise.all([w.send(o.id, body), w.send(o.id, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const again = await w.send(o.id, body);
    expect(again.json()).toMatchObject({ status: 'fulfilled', replayed: true });
    const rows = await w.deliveries(o.id);
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'sms']);
    // A new token (the dialog opened again) sends again, with a new link.
    const next = await w.send(o.id, await w.payload(o.id));
    expect(next.json().replayed).toBe(false);
    expect(next.json().reportLinkId).not.toBe(a.json().reportLinkId);
    expect(await w.deliveries(o.id)).toHaveLength(4);
  });

  it('texts only customers who allowed it: SMS_NOT_PERMITTED, the e-mail still goes', async () => {
    const o = await w.order({ permissionToText: false });
    const res = await w.send(o.id, await w.payload(o.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('error');
    expect(
      res
        .json()
        .deliveries.map((d: { channel: string; status: string; error: string | null }) => [
          d.channel,
          d.status,
          d.error,
        ]),
    ).toEqual([
      ['email', 'fulfilled', null],
      ['sms', 'error', 'SMS_NOT_PERMITTED'],
    ]);
    expect((await w.deliveries(o.id)).filter((r) => r.sentMessageId)).toHaveLength(1);

    // Only a text asked: refused, nothing sent, the order unchanged.
    const textOnly = await w.order({ permissionToText: false, email: null });
    const refused = await w.send(textOnly.id, await w.payload(textOnly.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 409, code: 'SMS_NOT_PERMITTED', message: expect.any(String) });
    expect(
      (await w.deliveries(textOnly.id)).every((r) => r.sentMessageId === null && r.status === 'error'),
    ).toBe(true);
    expect((await w.getOrder(textOnly.id)).estimate.delivery).toBe('NOT_SENT');
  });

  it('sends by one channel when the other field is cleared', async () => {
    const o = await w.order();
    const res = await w.send(o.id, await w.payload(o.id, { customerPhone: null }));
    expect(res.json().deliveries.map((d: { channel: string }) => d.channel)).toEqual(['email']);
  });

  it('sends the e-mail to every address of a list, each recorded; a list with an invalid address sends nothing', async () => {
    const o = await w.order();
    const refused = await w.send(o.id, await w.payload(o.id, { customerEmail: 'jane@example.test; fleet@', customerPhone: null }));
    expect(refused.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'customerEmail: fleet@ is not an e-mail address' });
    expect(await w.deliveries(o.id)).toEqual([]);

    const res = await w.send(
      o.id,
      await w.payload(o.id, { customerEmail: 'jane@example.test; fleet@example.test', customerPhone: null }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('fulfilled');
    const rows = (await w.deliveries(o.id)).sort((x, y) => x.to.localeCompare(y.to));
    expect(rows.map((r) => [r.channel, r.to, r.status])).toEqual([
      ['email', 'fleet@example.test', 'fulfilled'],
      ['email', 'jane@example.test', 'fulfilled'],
    ]);
    // Each address received the report's e-mail in the local outbox.
    for (const row of rows) {
      const sent = await w.message(row.sentMessageId!);
      expect(sent).toMatchObject({ channel: 'email', to: row.to, subject: 'Your vehicle report' });
      expect(sent.text).toContain('/report/');
    }
  });

  it('uses a third party only when the customer has none of their own', async () => {
    const o = await w.order({ email: null });
    const unticked = await w.send(
      o.id,
      await w.payload(o.id, { customerEmail: 'fleet@example.test', customerPhone: null }),
    );
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json().message).toMatch(/use3rdPartyEmail/);
    const ticked = await w.send(
      o.id,
      await w.payload(o.id, {
        customerEmail: 'fleet@example.test',
        use3rdPartyEmail: true,
        customerPhone: null,
      }),
    );
    expect(ticked.statusCode, ticked.body).toBe(200);
    const [row] = await w.deliveries(o.id);
    expect(row).toMatchObject({ channel: 'email', to: 'fleet@example.test', thirdParty: true });
  });

  it('notifies that the repair is complete', async () => {
    const o = await w.order({}, { stateReport: 'done', estimateDelivery: 'DELIVERED' });
    const res = await w.send(
      o.id,
      await w.payload(o.id, {
        notification: 'repairComplete',
        subjectLine: 'Your car is ready',
        customerPhone: null,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const order = await w.getOrder(o.id);
    expect(order.isCustomerNotifiedAboutRepair).toBe(true);
    expect(order.activities.at(-1).type).toBe('repairCompleteNotified');
    const [row] = await w.deliveries(o.id);
    expect(row!.notification).toBe('repairComplete');
    expect((await w.message(row!.sentMessageId!)).html).toContain('View the report of your visit');
  });

  it('adds the maintenance due when the order asks for it', async () => {
    const o = await w.order({}, { includeMaintenanceInReport: true, mileageIn: 29_500 });
    await w.send(o.id, await w.payload(o.id, { customerPhone: null }));
    const [row] = await w.deliveries(o.id);
    const mail = await w.message(row!.sentMessageId!);
    expect(mail.text).toContain('Maintenance due soon');
    expect(mail.text).toContain('At 30,000 miles:');
    const without = await w.order({}, { includeMaintenanceInReport: false, mileageIn: 29_500 });
    await w.send(without.id, await w.payload(without.id, { customerPhone: null }));
    expect((await w.message((await w.deliveries(without.id))[0]!.sentMessageId!)).text).not.toContain(
      'Maintenance due soon',
    );
  });

  it('refuses a customer with neither e-mail nor phone, and sends nothing', async () => {
    const o = await w.order({ email: null, mobilePhone: null });
    const res = await w.send(o.id, await w.payload(o.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('REPORT_NO_RECIPIENT');
    expect(await w.deliveries(o.id)).toHaveLength(0);
  });

  it('names the missing field, and checks the store, the token and the sender header', async () => {
    const o = await w.order();
    const full = await w.payload(o.id);
    for (const field of [
      'storeId',
      'inspectionOrderId',
      'workerId',
      'language',
      'subjectLine',
      'messageText',
      'token',
    ] as const) {
      const { [field]: _gone, ...rest } = full;
      const res = await w.send(o.id, rest);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: `${field} is mandatory`,
      });
    }
    expect((await w.send(o.id, { ...full, language: 'de' })).json().message).toMatch(
      /languageId must be en or fr/,
    );
    expect((await w.send(o.id, { ...full, storeId: (await w.t.make.store()).id })).json().message).toMatch(
      /storeId: does not match/,
    );
    expect(
      (
        await w.send(o.id, { ...full, token: full.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })
      ).json().message,
    ).toMatch(/^token:/);
    const other = await w.order();
    expect((await w.send(other.id, { ...full, inspectionOrderId: other.id })).json().message).toBe(
      'token: made for another order',
    );
    const { [REPORT_SENDER_HEADER]: _h, ...noSender } = w.headers;
    expect((await w.send(o.id, full, noSender)).json().message).toBe('X-Report-Sender header is mandatory');
    const manager = await w.t.make.user('StoreManager', w.store);
    const wrongSender = await w.send(o.id, full, { ...w.headers, [REPORT_SENDER_HEADER]: manager.id });
    expect(wrongSender.statusCode).toBe(403);
    // A token issued to another worker is not the caller's.
    const managerHeaders = {
      ...(await bearer(w.t.platform.tokens, manager)),
      [REPORT_SENDER_HEADER]: manager.id,
    };
    expect((await w.send(o.id, full, managerHeaders)).json().message).toBe('token: made for another user');
    expect(await w.deliveries(o.id)).toHaveLength(0);
  });

  it("answers 404 for another store's order, 403 for a technician", async () => {
    const otherStore = await w.t.make.store();
    const stranger = await w.t.make.user('ServiceAdvisor', otherStore);
    const h = { ...(await bearer(w.t.platform.tokens, stranger)), [REPORT_SENDER_HEADER]: stranger.id };
    const o = await w.order();
    expect(
      (await w.t.app.inject({ method: 'POST', url: w.path(o.id, '/sendReport/token'), headers: h }))
        .statusCode,
    ).toBe(404);
    expect((await w.send(o.id, await w.payload(o.id), h)).statusCode).toBe(404);
    const tech = await w.t.make.user('Technician', w.store);
    const techHeaders = { ...(await bearer(w.t.platform.tokens, tech)), [REPORT_SENDER_HEADER]: tech.id };
    expect((await w.send(o.id, await w.payload(o.id), techHeaders)).statusCode).toBe(403);
  });
});

describe('report links for staff', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(() => w?.t.close());

  it('lists the links with who made them, revokes them all, and revoked links open nothing', async () => {
    const o = await w.order();
    await w.send(o.id, await w.payload(o.id, { customerPhone: null }));
    await w.send(o.id, await w.payload(o.id, { customerPhone: null }));
    const list = await w.t.app.inject({
      method: 'GET',
      url: w.path(o.id, '/reportLink'),
      headers: w.headers,
    });
    expect(list.statusCode).toBe(200);
    const links = list.json()._embedded.reportLink;
    expect(links).toHaveLength(2);
    expect(links[0]).toMatchObject({ createdBy: { _id: w.advisor.id }, revokedAt: null, lastOpenedAt: null });
    expect(list.json()._embedded.delivery).toHaveLength(2);

    const [row] = await w.deliveries(o.id);
    const url = /http:\/\/\S+\/report\/\S+/.exec((await w.message(row!.sentMessageId!)).text)![0];
    const token = new URL(url).searchParams.get('t')!;
    const access = reportAccessOf(
      createReportLinksRepository(w.t.platform.database.db),
      w.t.platform.reportLinkSigner,
    );
    expect(await access.link(token, o.id)).not.toBeNull();

    const revoked = await w.t.app.inject({
      method: 'POST',
      url: w.path(o.id, '/reportLink/revoke'),
      headers: w.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      revoked.json()._embedded.reportLink.every((l: { revokedAt: string | null }) => l.revokedAt !== null),
    ).toBe(true);
    expect(await access.link(token, o.id)).toBeNull();

    const tech = await w.t.make.user('Technician', w.store);
    expect(
      (
        await w.t.app.inject({
          method: 'POST',
          url: w.path(o.id, '/reportLink/revoke'),
          headers: await bearer(w.t.platform.tokens, tech),
        })
      ).statusCode,
    ).toBe(403);
    const otherStore = await w.t.make.store();
    const stranger = await bearer(w.t.platform.tokens, await w.t.make.user('StoreManager', otherStore));
    expect(
      (await w.t.app.inject({ method: 'GET', url: w.path(o.id, '/reportLink'), headers: stranger }))
        .statusCode,
    ).toBe(404);
  });
});

describe('provider failures', () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    const port = await closedPort();
    w = await world({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      twilio: {
        accountSid: 'AC0000',
        authToken: 'secret',
        from: '+15145550000',
        baseUrl: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(() => w?.t.close());

  it('records the delivery as error, answers 502, and a retry with the same token tries again', async () => {
    const o = await w.order();
    const body = await w.payload(o.id, { customerPhone: null });
    const res = await w.send(o.id, body);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      status: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The e-mail could not be sent',
    });
    const [row] = await w.deliveries(o.id);
    expect(row).toMatchObject({ status: 'error', error: 'SERVICE_UNAVAILABLE' });
    expect((await w.message(row!.sentMessageId!)).status).toBe('failed');
    const order = await w.getOrder(o.id);
    expect(order.estimate.delivery).toBe('NOT_SENT');
    expect(order.states.report).toBe('notStarted');

    const retry = await w.send(o.id, body);
    expect(retry.statusCode).toBe(502);
    const rows = await w.deliveries(o.id);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.reportLinkId)).size).toBe(1);
  });

  it('a text that fails answers SMS_NOT_SENT', async () => {
    const o = await w.order({ email: null });
    const res = await w.send(o.id, await w.payload(o.id));
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('SMS_NOT_SENT');
    const rows = await w.t.platform.database.db
      .select()
      .from(reportDeliveries)
      .where(and(eq(reportDeliveries.inspectionOrderId, o.id), eq(reportDeliveries.channel, 'sms')));
    expect(rows[0]).toMatchObject({ status: 'error', error: 'SERVICE_UNAVAILABLE' });
  });
});
