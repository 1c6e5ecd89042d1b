import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ZRepairOrder, ZRunningClock, ZShopPartList, ZStoreSettings, ZWorkOrder, type WorkOrder } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { createEstimatesRepository } from '../estimates/estimates.repository.js';
import { storeWebhookSecret, webhookSignature } from './integrations.service.js';

/**
 * The shop-management integration on a real database, against the local Protractor simulator:
 * approved work becomes a work order once (sent twice, added once), lines done and cleared, the
 * ticket's mirror follows, a closed work order refuses changes, the clock runs once per technician,
 * and webhooks are refused when forged, stale or replayed.
 */

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let plain: Store;
let advisor: User;
let tech: User;
let otherTech: User;
let plainAdvisor: User;

async function call(user: User, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...(await bearer(t.platform.tokens, user)), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A ticket of the store with an estimate: one approved job (labour and a part), one declined job (a part). */
async function ticketWithApprovedWork() {
  const order = await t.make.inspectionOrder(store, { technicianId: tech.id, orderNumber: '7001' });
  const approved = await t.make.result(store, { inspectionOrderId: order.id, itemKey: 'engineOil', customerDecision: 'approved' });
  const declined = await t.make.result(store, { inspectionOrderId: order.id, itemKey: 'wipers', customerDecision: 'declined' });
  const repo = createEstimatesRepository(t.platform.database.db);
  const estimate = await repo.insert({ storeId: store.id, inspectionOrderId: order.id, currency: 'USD', labourRate: 120_00, taxes: [] });
  await repo.insertLines([
    {
      storeId: store.id,
      estimateId: estimate!.id,
      resultId: approved.id,
      description: 'Oil change',
      labourHours: 0.5,
      parts: [{ number: 'OF-1', description: 'Oil filter', quantity: 1, unitPrice: 900 }],
      fees: [],
      rank: 0,
    },
    {
      storeId: store.id,
      estimateId: estimate!.id,
      resultId: declined.id,
      description: 'Wiper blades',
      labourHours: 0,
      parts: [{ number: 'WB-2', description: 'Wiper blade', quantity: 2, unitPrice: 1500 }],
      fees: [],
      rank: 1,
    },
  ]);
  return order;
}

const base = (orderId: string) => `/v2/api/store/${store.id}/inspectionOrder/${orderId}`;
const labourLines = (wo: WorkOrder) => wo.ServicePackages.flatMap((p) => p.ServicePackageLines.filter((l) => l.Type === 'Labor'));

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown Test' });
  plain = await t.make.store({ name: 'No Integration' });
  await t.platform.database.db
    .update(stores)
    .set({ settings: ZStoreSettings.parse({ integration: { managementSystem: 'protractor', enabled: true, enableClockIn: true, endpoint: 'local' } }) })
    .where(eq(stores.id, store.id));
  advisor = await t.make.user('ServiceAdvisor', store);
  tech = await t.make.user('Technician', store);
  otherTech = await t.make.user('Technician', store);
  plainAdvisor = await t.make.user('ServiceAdvisor', plain);
});
afterAll(() => t?.close());

describe('work order', () => {
  it('is not there before the approved work is sent, then holds it once however often it is sent', async () => {
    const order = await ticketWithApprovedWork();
    expect((await call(advisor, 'GET', `${base(order.id)}/protractor`)).statusCode).toBe(404);

    const first = await call(advisor, 'POST', `${base(order.id)}/protractor/sync`);
    expect(first.statusCode, first.body).toBe(200);
    const wo = ZWorkOrder.parse(first.json());
    expect(wo.ServicePackages.map((p) => p.Description)).toEqual(['Oil change']);
    expect(labourLines(wo)).toHaveLength(1);
    expect(labourLines(wo)[0]!.Technician?.ID).toBe(tech.id);

    const again = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/protractor/sync`)).json());
    expect(again.ID).toBe(wo.ID);
    expect(again.ServicePackages).toHaveLength(1);

    const parts = ZShopPartList.parse((await call(advisor, 'GET', `${base(order.id)}/protractor/parts`)).json());
    expect(parts.items.map((p) => [p.PartNumber, p.Declined])).toEqual([
      ['OF-1', false],
      ['WB-2', true],
    ]);
    expect(parts.state).toBe('pending');

    const ticket = ZRepairOrder.parse((await call(advisor, 'GET', base(order.id))).json());
    expect(ticket.repairOrderId).toBe(wo.ID);
    expect(ticket.servicePackages[0]!.lines).toEqual([{ id: labourLines(wo)[0]!.ID, done: false }]);
    expect(ticket.states.work).toBe('pending');
  });

  it('marks lines done and cleared; the ticket is done only when every labour line is', async () => {
    const order = await ticketWithApprovedWork();
    const wo = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/protractor/sync`)).json());
    const line = labourLines(wo)[0]!;
    const done = ZWorkOrder.parse((await call(tech, 'POST', `${base(order.id)}/protractor/servicePackage/${line.ID}/done`, {})).json());
    expect(done.allDone).toBe(true);
    expect(ZRepairOrder.parse((await call(advisor, 'GET', base(order.id))).json()).states.work).toBe('done');

    const cleared = ZWorkOrder.parse((await call(tech, 'POST', `${base(order.id)}/protractor/workOrder/clear`, { workerId: tech.id })).json());
    expect(cleared.allDone).toBe(false);
    const mine = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/user/${tech.id}/labor/done`)).json());
    expect(mine.allDone).toBe(true);

    const unknown = await call(tech, 'POST', `${base(order.id)}/protractor/servicePackage/${crypto.randomUUID()}/done`, {});
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses every change once the work order is invoiced, and sends nothing', async () => {
    const order = await ticketWithApprovedWork();
    const wo = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/protractor/sync`)).json());
    await t.services.protractorSimulator.invoice(store.id, wo.ID);
    const text = await call(advisor, 'PUT', `${base(order.id)}/protractor/text`, { field: 'footerTitle', value: 'Thanks' });
    expect(text.statusCode).toBe(409);
    expect(text.json()).toMatchObject({ status: 409, code: 'WORK_ORDER_CLOSED' });
    expect((await call(tech, 'POST', `${base(order.id)}/protractor/workOrder/done`, {})).json()).toMatchObject({ code: 'WORK_ORDER_CLOSED' });
    const read = ZWorkOrder.parse((await call(advisor, 'GET', `${base(order.id)}/protractor`)).json());
    expect(read.closed).toBe(true);
    expect(read.Footer.Title).toBe('');
    expect(labourLines(read).every((l) => !l.Completed)).toBe(true);
  });

  it('answers INTEGRATION_NOT_ENABLED in a store without Protractor, and 400 for a bad text field', async () => {
    const order = await t.make.inspectionOrder(plain);
    const res = await call(plainAdvisor, 'GET', `/v2/api/store/${plain.id}/inspectionOrder/${order.id}/protractor`);
    expect(res.json()).toMatchObject({ status: 404, code: 'INTEGRATION_NOT_ENABLED' });
    const mine = await ticketWithApprovedWork();
    const bad = await call(advisor, 'PUT', `${base(mine.id)}/protractor/text`, { field: 'nope', value: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('clock', () => {
  it('runs one line clock per technician; a second start is refused; stop and clock out end it', async () => {
    const order = await ticketWithApprovedWork();
    const wo = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/protractor/sync`)).json());
    const line = labourLines(wo)[0]!;
    const clockUrl = (u: User, action: string) => `/v2/api/store/${store.id}/user/${u.id}/protractor/timeclock/${action}`;
    expect((await call(tech, 'GET', `/v2/api/store/${store.id}/user/${tech.id}/clock`)).statusCode).toBe(404);

    const body = { inspectionOrderId: order.id, servicePackageLineId: line.ID };
    const started = await call(tech, 'POST', clockUrl(tech, 'start'), body);
    expect(started.statusCode, started.body).toBe(200);
    const clock = ZRunningClock.parse(started.json());
    expect(clock.line?.ServicePackageLineID).toBe(line.ID);
    expect(clock.shift).not.toBeNull();
    expect(clock.inspectionOrderId).toBe(order.id);

    const twice = await call(tech, 'POST', clockUrl(tech, 'start'), body);
    expect(twice.json()).toMatchObject({ status: 409, code: 'CLOCK_ALREADY_RUNNING' });
    const running = ZWorkOrder.parse((await call(advisor, 'GET', `${base(order.id)}/protractor`)).json());
    expect(labourLines(running)[0]!.ClockRunning).toBe(true);
    expect(ZRepairOrder.parse((await call(advisor, 'GET', base(order.id))).json()).states.work).toBe('inProgress');

    expect((await call(otherTech, 'POST', clockUrl(tech, 'stop'), body)).statusCode).toBe(403);
    const stopped = ZRunningClock.parse((await call(tech, 'POST', clockUrl(tech, 'stop'), body)).json());
    expect(stopped.line).toBeNull();
    expect((await call(tech, 'POST', clockUrl(tech, 'stop'), body)).json()).toMatchObject({ code: 'CLOCK_NOT_RUNNING' });
    const out = ZRunningClock.parse((await call(tech, 'POST', clockUrl(tech, 'clockOut'))).json());
    expect(out.shift).toBeNull();
    expect((await call(tech, 'GET', `/v2/api/store/${store.id}/user/${tech.id}/clock`)).statusCode).toBe(404);

    const events = (await call(tech, 'GET', `${base(order.id)}/protractor/timeclock`)).json() as { items: Array<{ Type: string; ClockedOut: string | null }> };
    expect(events.items.map((e) => e.Type)).toEqual(['Labor']);
    expect(events.items[0]!.ClockedOut).not.toBeNull();
  });

  it('starts twice at once and runs once', async () => {
    const order = await ticketWithApprovedWork();
    const wo = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/protractor/sync`)).json());
    const body = { inspectionOrderId: order.id, servicePackageLineId: labourLines(wo)[0]!.ID };
    const url = `/v2/api/store/${store.id}/user/${otherTech.id}/protractor/timeclock/start`;
    const answers = await Promise.all([call(otherTech, 'POST', url, body), call(otherTech, 'POST', url, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    await call(otherTech, 'POST', `/v2/api/store/${store.id}/user/${otherTech.id}/protractor/timeclock/clockOut`);
  });
});

describe('webhooks', () => {
  const url = '/v2/webhooks/webhook/servicePackageFooterTitleUpdated';
  const send = (payload: object, signature: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-servicebay-signature': signature } : {}) },
      payload: JSON.stringify(payload),
    });
  const now = () => Math.floor(Date.now() / 1000);

  it('takes a signed change once; refuses forged, stale and replayed calls and changes nothing', async () => {
    const order = await ticketWithApprovedWork();
    const wo = ZWorkOrder.parse((await call(advisor, 'POST', `${base(order.id)}/protractor/sync`)).json());
    const payload = { document: { _id: wo.ID, storeId: store.id, fields: { value: 'Thank you for your visit' } } };
    const secret = storeWebhookSecret(t.platform.config.jwtSecret, store.id);

    expect((await send(payload, undefined)).statusCode).toBe(403);
    expect((await send(payload, webhookSignature('not-the-secret', now(), JSON.stringify(payload)))).statusCode).toBe(403);
    expect((await send(payload, webhookSignature(secret, now() - 600, JSON.stringify(payload)))).statusCode).toBe(403);
    const forgedBody = { document: { ...payload.document, fields: { value: 'Changed on the way' } } };
    expect((await send(forgedBody, webhookSignature(secret, now(), JSON.stringify(payload)))).statusCode).toBe(403);

    const signature = webhookSignature(secret, now(), JSON.stringify(payload));
    const ok = await send(payload, signature);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ received: true });
    const replay = await send(payload, signature);
    expect(replay.statusCode).toBe(403);
  });
});
