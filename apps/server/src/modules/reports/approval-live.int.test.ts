import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  topics,
  ZRepairOrder,
  ZReportApprovedEvent,
  type RepairOrder,
  type ReportApprovedEvent,
} from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { testSockets } from '../../../test/sockets.js';
import { estimateLines, estimates } from '../estimates/estimates.schema.js';
import { MULTI_POINT_INSPECTION_ID } from '../inspections/templates.js';

/**
 * What the advisor's open screens live on (docs/realtime.md, docs/dashboard.md): a customer's
 * approval reaches a websocket of the store's staff as the order's update (approval step moved)
 * and as `reportApproved` (who signed, how many items each way, the approved total), and nobody
 * outside the store gets it; the job board's reassignment goes through the order's update route
 * with the assignment rules, each accepted move told to the dashboards, each refused one not.
 */

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let other: Store;
let advisor: User;
let tech: User;
let tech2: User;
let advisorHeaders: Record<string, string>;
let signature: string;
const { listen, socketFor, closeAll } = testSockets();

/** An order of Jane's with two warnings and a critical item priced on a CAD estimate, and a report link. */
async function janesOrder() {
  const customer = await t.make.customer(store, { firstName: 'Jane', lastName: 'Doe' });
  const order = await t.make.inspectionOrder(store, {
    customerId: customer.id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    orderNumber: '7001',
    stateInspection: 'done',
    stateEstimate: 'done',
    stateApproval: 'pending',
    technicianId: tech.id,
  });
  const result = (itemKey: string, groupKey: string, sectionKey: string, extra: Record<string, unknown>) =>
    t.make.result(store, { inspectionOrderId: order.id, itemKey, groupKey, sectionKey, ...extra });
  const rotors = await result('frontRotors', 'brakes', 'front', { result: 'critical', finding: 'failed', recommendation: 'replace' });
  const rear = await result('rearRotors', 'brakes', 'rear', { result: 'warning', finding: 'worn', recommendation: 'replaceSoon' });
  const oil = await result('engineOil', 'underHood', 'fluids', { result: 'warning', finding: 'low', recommendation: 'topOff' });
  const db = t.platform.database.db;
  const [estimate] = await db
    .insert(estimates)
    .values({
      storeId: store.id,
      inspectionOrderId: order.id,
      version: 1,
      currency: 'CAD',
      labourRate: 10000,
      taxes: [{ name: 'Tax', ratePercent: 10, onLabour: true, onParts: true, onFees: false }],
    })
    .returning();
  await db.insert(estimateLines).values([
    { storeId: store.id, estimateId: estimate!.id, resultId: rotors.id, description: 'Front rotors', labourHours: 1, parts: [], rank: 1 },
    { storeId: store.id, estimateId: estimate!.id, resultId: rear.id, description: 'Rear rotors', labourHours: 0.5, parts: [], rank: 2 },
    { storeId: store.id, estimateId: estimate!.id, resultId: oil.id, description: 'Oil', labourHours: 0.25, parts: [], rank: 3 },
  ]);
  const link = await t.app.inject({
    method: 'POST',
    url: `/v2/api/store/${store.id}/inspectionOrder/${order.id}/reportLink`,
    headers: advisorHeaders,
  });
  expect(link.statusCode, link.body).toBe(201);
  const token = new URL(link.json().url).searchParams.get('t')!;
  return { orderId: order.id, rotors: rotors.id, rear: rear.id, oil: oil.id, token };
}

beforeAll(async () => {
  t = await createTestApp();
  await listen(t);
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  advisor = await t.make.user('ServiceAdvisor', store);
  tech = await t.make.user('Technician', store);
  tech2 = await t.make.user('Technician', store);
  advisorHeaders = await bearer(t.platform.tokens, advisor);
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  signature = `data:image/png;base64,${png.toString('base64')}`;
});

afterAll(async () => {
  await closeAll();
  await t?.close();
});

describe("a customer's approval, live", () => {
  it("reaches the store's staff as the order's update and as reportApproved, with the counts and the approved total", async () => {
    const w = await janesOrder();
    const live = topics.store(store.id);
    const advisorSocket = await socketFor(advisor);
    expect(await advisorSocket.subscribe(live.inspectionOrdersUpdated)).toMatchObject({ type: 'subscribed' });
    expect(await advisorSocket.subscribe(live.reportApproved)).toMatchObject({ type: 'subscribed' });
    // Staff of another store may not listen to this store's approvals.
    const stranger = await socketFor(await t.make.user('ServiceAdvisor', other));
    expect(await stranger.subscribe(live.reportApproved)).toMatchObject({ type: 'error', status: 404, code: 'NOT_FOUND' });

    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/api/report/${w.orderId}/approval?t=${encodeURIComponent(w.token)}`,
      payload: {
        decisions: [
          { resultId: w.rotors, decision: 'approved' },
          { resultId: w.rear, decision: 'approved' },
          { resultId: w.oil, decision: 'declined' },
        ],
        signerName: 'Jane Doe',
        signature,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Approved: 1 h + 0.5 h at $100 = $150, plus 10 % tax.
    expect(res.json().estimate.totals.approvedTotal).toBe(16500);

    const approved = await advisorSocket.next(
      (f) => f.type === 'event' && f.topic === live.reportApproved,
      20_000,
    );
    const event = ZReportApprovedEvent.parse((approved as { payload: unknown }).payload);
    expect(event).toEqual<ReportApprovedEvent>({
      inspectionOrderId: w.orderId,
      orderNumber: '7001',
      signerName: 'Jane Doe',
      approved: 2,
      declined: 1,
      approvedTotal: 16500,
      currency: 'CAD',
      approval: 'done',
      at: expect.any(String) as unknown as string,
    });
    // The order's own update carries the approval step the dashboard's cards show, in the list's schema.
    const updated = await advisorSocket.next(
      (f) =>
        f.type === 'event' &&
        f.topic === live.inspectionOrdersUpdated &&
        (f as { payload: { _id?: string } }).payload._id === w.orderId,
      20_000,
    );
    const order = ZRepairOrder.parse((updated as { payload: unknown }).payload);
    expect(order.states.approval).toBe('done');
    await t.platform.outbox.drain();
    expect(stranger.events(live.reportApproved)).toEqual([]);
  });

  it('tells a partial signing as in progress, and says nothing when the signing is refused', async () => {
    const w = await janesOrder();
    const live = topics.store(store.id);
    const socket = await socketFor(advisor);
    await socket.subscribe(live.reportApproved);
    const sign = (decisions: Array<{ resultId: string; decision: 'approved' | 'declined' }>) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/api/report/${w.orderId}/approval?t=${encodeURIComponent(w.token)}`,
        payload: { decisions, signerName: 'Jane Doe', signature },
      });
    expect((await sign([{ resultId: w.oil, decision: 'declined' }])).statusCode).toBe(201);
    const first = await socket.next((f) => f.type === 'event' && f.topic === live.reportApproved, 20_000);
    expect((first as { payload: unknown }).payload).toMatchObject({
      approved: 0,
      declined: 1,
      approvedTotal: 0,
      approval: 'inProgress',
    });
    // The same item again: refused (409), nothing written, nothing told.
    expect((await sign([{ resultId: w.oil, decision: 'approved' }])).statusCode).toBe(409);
    await t.platform.outbox.drain();
    expect(socket.events(live.reportApproved)).toHaveLength(1);
  });
});

describe('reassignment from the job board', () => {
  const move = (orderId: string, technicianId: string | null, headers: Record<string, string>) =>
    t.app.inject({
      method: 'PUT',
      url: `/v2/api/store/${store.id}/inspectionOrder/${orderId}`,
      headers,
      payload: { technicianId },
    });

  it('an advisor moves a card from one technician to another and the dashboards are told; a technician cannot move a card another holds', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '7002', technicianId: tech.id });
    const live = topics.store(store.id);
    const socket = await socketFor(advisor);
    await socket.subscribe(live.inspectionOrdersUpdated);
    const tech2Headers = await bearer(t.platform.tokens, tech2);

    // A technician dragging another's card to itself: refused, naming the rule; no event.
    const refused = await move(order.id, tech2.id, tech2Headers);
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json()).sort()).toEqual(['code', 'message', 'status']);
    expect(refused.json().code).toBe('only_valid_user_can_assign_this_to_you');

    const moved = await move(order.id, tech2.id, advisorHeaders);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as RepairOrder).technicianId).toBe(tech2.id);
    const updated = await socket.next(
      (f) =>
        f.type === 'event' &&
        f.topic === live.inspectionOrdersUpdated &&
        (f as { payload: { _id?: string } }).payload._id === order.id,
      20_000,
    );
    expect(ZRepairOrder.parse((updated as { payload: unknown }).payload)).toMatchObject({
      technicianId: tech2.id,
      _embedded: { technician: { _id: tech2.id } },
    });
    await t.platform.outbox.drain();
    // One update: the refused move told nobody.
    expect(
      socket.events(live.inspectionOrdersUpdated).filter((p) => (p as { _id: string })._id === order.id),
    ).toHaveLength(1);

    // Off the board again (unassigned), then a technician may take it for itself, not give it away.
    expect((await move(order.id, null, advisorHeaders)).statusCode).toBe(200);
    const techHeaders = await bearer(t.platform.tokens, tech);
    expect((await move(order.id, tech2.id, techHeaders)).json()).toMatchObject({
      status: 403,
      code: 'only_valid_user_can_assign_this_to_you',
    });
    expect((await move(order.id, tech.id, techHeaders)).json().technicianId).toBe(tech.id);
  });

  it('refuses a technician who is not a worker of the store', async () => {
    const order = await t.make.inspectionOrder(store, { orderNumber: '7003' });
    const outsider = await t.make.user('Technician', other);
    const res = await move(order.id, outsider.id, advisorHeaders);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_ARGUMENTS');
  });
});
