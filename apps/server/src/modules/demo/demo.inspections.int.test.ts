import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZNotificationList, countByStage, type AccountStoreFigures, type Estimate, type RepairOrder, type InspectionResult, type ReportApproval, type ResultList } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { seedDemoData } from './demo.seed.js';
import { buildServices } from '../index.js';
import { DEMO_INSPECTIONS } from './demo.inspections.js';
import { DEMO_REPORTS } from './demo.reports.js';
import { DEMO_ORDERS } from './demo.orders.js';

let t: TestApp;
let headers: Record<string, string>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  // As main.ts seeds: with the file store and the services, so Jane's reports are sent and approved too.
  await seedDemoData(t.platform.database.db, t.platform.files, { ...buildServices(t.platform), logger: t.platform.logger, drainOutbox: t.platform.outbox.drain });
  const advisor = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
  headers = await bearer(t.platform.tokens, advisor!);
  base = `/v2/api/store/${advisor!.storeId}`;
}, 120_000);
afterAll(() => t?.close());

const get = (path: string) => t.app.inject({ method: 'GET', url: `${base}${path}`, headers });
async function orderByNumber(number: string): Promise<RepairOrder> {
  const list = (await get(`/inspectionOrder?size=100&search=${number}`)).json()._embedded.inspectionOrder as RepairOrder[];
  return list.find((o) => o.orderNumber === number)!;
}

describe('demo notifications', () => {
  it("are the advisor's two from Jane's approvals, made by the relay, the newest unread", async () => {
    const advisor = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
    const list = ZNotificationList.parse((await t.app.inject({ method: 'GET', url: `/v2/api/user/${advisor!.id}/notifications`, headers })).json());
    expect(list.notifications.map((n) => [n.kind, n.read])).toEqual([
      ['reportApproved', false],
      ['reportApproved', true],
    ]);
    expect(list.notifications[0]!.headline).toMatch(/^Jane Doe answered the report of RO 1026\d: \d approved, \d declined$/);
  });
});

describe('demo inspections', () => {
  it('carry results of every severity, measurements and real pictures', async () => {
    const all: InspectionResult[] = [];
    for (const plan of DEMO_INSPECTIONS) {
      const order = await orderByNumber(plan.number);
      const list: ResultList = (await get(`/inspectionOrder/${order._id}/result`)).json();
      expect(list.results.length, plan.number).toBeGreaterThan(0);
      all.push(...list.results);
    }
    expect(new Set(all.map((r) => r.result))).toEqual(new Set(['okay', 'warning', 'critical', 'na']));
    expect(all.filter((r) => r.value !== null).length).toBeGreaterThan(10);
    const pictures = all.flatMap((r) => r.pictures);
    expect(pictures.length).toBeGreaterThanOrEqual(5);
    const file = await t.app.inject({ method: 'GET', url: pictures[0]!.gallery });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 800, height: 600 });
    expect(file.rawPayload.length).toBeLessThan(200_000);
  });

  it('finished demo inspections can be finished; the in-progress one shows the previous visit', async () => {
    for (const number of ['10233', '10234']) {
      const order = await orderByNumber(number);
      expect((await get(`/inspectionOrder/${order._id}/can-be-finished`)).json().cannotBeFinishedReason, number).toBeNull();
    }
    const inProgress = await orderByNumber('10231');
    expect((await get(`/inspectionOrder/${inProgress._id}/can-be-finished`)).json().cannotBeFinishedReason).not.toBeNull();
    const list: ResultList = (await get(`/inspectionOrder/${inProgress._id}/result`)).json();
    expect(list.previousMeasurements.find((p) => p.itemKey === 'frontBrakePads')).toMatchObject({ value: 5, orderNumber: '10150' });
  });
});

describe('demo reports', () => {
  const jane = async () => {
    const res = await get(`/customer?email=${encodeURIComponent('jane@example.com')}`);
    return res.json()._embedded.customer[0] as { _id: string };
  };
  const estimateOf = async (order: RepairOrder) => (await get(`/inspectionOrder/${order._id}/estimate`)).json() as Estimate;
  const trailOf = async (order: RepairOrder) =>
    ((await get(`/inspectionOrder/${order._id}/approval`)).json() as { approvals: ReportApproval[] }).approvals;

  it("gives Jane's two cars a finished order with a priced estimate, e-mailed to jane@example.com", async () => {
    const customer = await jane();
    const orders = await Promise.all(DEMO_REPORTS.map((r) => orderByNumber(r.number)));
    expect(orders.map((o) => o.customerId)).toEqual([customer._id, customer._id]);
    expect(new Set(orders.map((o) => o.vehicleId)).size).toBe(2);
    for (const order of orders) {
      expect(order, order.orderNumber!).toMatchObject({ finished: true, closed: false, estimate: { status: 'AUTHORIZED', delivery: 'DELIVERED' } });
      expect(order.states).toMatchObject({ inspection: 'done', estimate: 'done', report: 'done', approval: 'done' });
      const estimate = await estimateOf(order);
      expect(estimate.currency).toBe('CAD');
      expect(estimate.taxes.map((x) => x.name)).toEqual(['GST', 'QST']);
      expect(estimate.lines.length).toBeGreaterThanOrEqual(3);
      for (const line of estimate.lines) {
        expect(line.labourHours, line.description).toBeGreaterThan(0);
        expect(line.parts.length, line.description).toBeGreaterThan(0);
        expect(line.parts.every((p) => p.number && p.unitPrice > 0)).toBe(true);
        expect(line.amounts.labour).toBe(Math.round(line.labourHours * estimate.labourRate));
      }
      expect(estimate.lines.some((l) => l.fees.length > 0)).toBe(true);
      expect(estimate.totals.total).toBeGreaterThan(estimate.totals.subtotal);
      const links = (await get(`/inspectionOrder/${order._id}/reportLink`)).json();
      expect(links._embedded.delivery).toEqual([
        expect.objectContaining({ channel: 'email', to: 'jane@example.com', status: 'fulfilled', notification: 'report' }),
      ]);
      expect(links._embedded.reportLink[0].lastOpenedAt).not.toBeNull();
      expect(order.activities.map((a) => a.type)).toContain('reportSent');
    }
    // The message itself went through the mail provider (the local outbox in tests).
    const sent = await t.platform.database.db.query.sentMessages.findMany({ where: (m, { eq }) => eq(m.to, 'jane@example.com') });
    expect(sent.length).toBeGreaterThanOrEqual(2);
  });

  it('10260 is wholly approved, with one signed approval through the report link', async () => {
    const order = await orderByNumber('10260');
    const estimate = await estimateOf(order);
    expect(estimate.lines.map((l) => l.decision)).toEqual(estimate.lines.map(() => 'approved'));
    expect(estimate.totals.approvedTotal).toBe(estimate.totals.total);
    const trail = await trailOf(order);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ signerName: 'Jane Doe', via: 'link', estimateVersion: estimate.version, approvedTotal: estimate.totals.total });
    expect(trail[0]!.decisions).toHaveLength(estimate.lines.length);
    expect(trail[0]!.reportLinkId).not.toBeNull();
    expect(trail[0]!.userAgent).toMatch(/iPhone/);
    const signature = await t.app.inject({ method: 'GET', url: trail[0]!.signature!.url });
    expect(signature.statusCode).toBe(200);
    expect((await sharp(signature.rawPayload).metadata()).format).toBe('png');
    expect(order.states).toMatchObject({ parts: 'inProgressHaveOrdered', work: 'pending' });
  });

  it('10261 is partly declined: the declined items are deferred work', async () => {
    const order = await orderByNumber('10261');
    const estimate = await estimateOf(order);
    const decisions = estimate.lines.map((l) => l.decision);
    expect(decisions.filter((d) => d === 'declined').length).toBeGreaterThanOrEqual(1);
    expect(decisions.filter((d) => d === 'approved').length).toBeGreaterThanOrEqual(1);
    expect(decisions).not.toContain(null);
    expect(estimate.totals.approvedTotal).toBeGreaterThan(0);
    expect(estimate.totals.approvedTotal).toBeLessThan(estimate.totals.total);
    const trail = await trailOf(order);
    expect(trail).toHaveLength(1);
    expect(trail[0]!.decisions.filter((d) => d.decision === 'declined').map((d) => d.itemName?.en).sort()).toEqual(['Battery voltage', 'Wiper blades']);
    const results: ResultList = (await get(`/inspectionOrder/${order._id}/result`)).json();
    const declined = results.results.filter((r) => trail[0]!.decisions.some((d) => d.resultId === r._id && d.decision === 'declined'));
    expect(declined.every((r) => !r.clientApprovedForWork && !r.deferredIgnoredByCustomer)).toBe(true);
    expect(order.states).toMatchObject({ parts: 'done', work: 'inProgress' });
  });

  it('keeps the audit rows: one approval per order, append-only', async () => {
    const rows = await t.platform.database.db.query.reportApprovals.findMany();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.signerName === 'Jane Doe' && r.signatureKey && r.ipAddress)).toBe(true);
  });

  it("gives the owner's first screen figures of the day: today's cars, Jane's decisions, open tickets by stage", async () => {
    const db = t.platform.database.db;
    const owner = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'owner') });
    // The seed's "today" and the figures' are both the store's day.
    const res = await t.app.inject({
      method: 'GET',
      url: `/v2/api/account/${owner!.accountId}/store/figures`,
      headers: await bearer(t.platform.tokens, owner!),
    });
    expect(res.statusCode).toBe(200);
    const body: AccountStoreFigures = res.json();
    const downtown = body.stores.find((s) => `/v2/api/store/${s.storeId}` === base)!;
    const inTheShop = DEMO_ORDERS.filter((o) => o.appointmentAt === undefined && o.closedDaysAgo === undefined);
    expect(downtown.carCount).toBe(inTheShop.length);
    // Jane decided on her two cars: 10260 all approved, 10261 partly declined.
    const estimates = await Promise.all(['10260', '10261'].map(async (n) => estimateOf(await orderByNumber(n))));
    const priced = estimates.flatMap((e) => e.lines);
    const approved = priced.filter((l) => l.decision === 'approved').reduce((sum, l) => sum + l.amounts.subtotal, 0);
    const decided = priced.filter((l) => l.decision !== null).reduce((sum, l) => sum + l.amounts.subtotal, 0);
    expect(downtown).toMatchObject({ currency: 'CAD', decidedOrders: 2, approvedAmount: approved, decidedAmount: decided, averageRepairOrder: Math.round(approved / 2) });
    expect(downtown.approvalRate).toBeGreaterThan(0.3);
    expect(downtown.approvalRate).toBeLessThan(1);
    // The same stages as the orders the dashboard lists.
    const open = (await get('/inspectionOrder?size=100&vehicleInShop=true&closed=false')).json()._embedded.inspectionOrder as RepairOrder[];
    expect(downtown.openByStage).toEqual(countByStage(open));
    expect(Object.values(downtown.openByStage).filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
  });
});

describe("Jane's portal", () => {
  it('shows both her cars with a history, deferred work and to-dos', async () => {
    const user = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'jane@example.com') });
    const portal = await bearer(t.platform.tokens, user!);
    const call = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: portal });
      expect(res.statusCode, url).toBe(200);
      return res.json();
    };
    const { vehicles } = await call(`/v2/api/customer/${user!.customerId}/vehicles`);
    expect(vehicles).toHaveLength(2);
    const history = async (id: string) => (await call(`/v2/api/vehicle/${id}/closedOrders`)).orders as Array<{ orderNumber: string; mileageIn: number; counts: Record<string, number> }>;
    // Both cars are of one year, an order the household list does not fix: each is told by its history.
    const histories = await Promise.all((vehicles as Array<{ _id: string }>).map(async (v) => ({ v, orders: await history(v._id) })));
    const byFirstOrder = (n: string) => histories.find((h) => h.orders[0]?.orderNumber === n)!.v;
    const [first, second] = [byFirstOrder('10150'), byFirstOrder('10120')];
    expect((await history(first._id)).map((o) => o.orderNumber)).toEqual(['10150', '10101']);
    const [older] = await history(second!._id);
    expect(older).toMatchObject({ orderNumber: '10120', mileageIn: 55830, counts: { warning: 2, critical: 0 } });
    expect(older!.counts.okay).toBeGreaterThan(0);
    const deferred = (await call(`/v2/api/vehicle/${second!._id}/deferredItems`)).items as Array<{ orderNumber: string }>;
    expect(deferred.length).toBeGreaterThan(0);
    expect(deferred.every((d) => d.orderNumber === '10261')).toBe(true);
    expect((await call(`/v2/api/vehicle/${first!._id}/todo-item`)).items.map((i: { value: string }) => i.value)).toEqual([
      'Ask about the rattle in the rear door',
      'Install winter tires',
    ]);
    expect((await call(`/v2/api/vehicle/${second!._id}/todo-item`)).items).toHaveLength(3);
  });
});

describe('demo work orders (docs/integrations.md "Demo data")', () => {
  it('links Downtown tickets to the Protractor simulator with the work states the demo shows, and runs tech\'s clock', async () => {
    const inProgress = await orderByNumber('10237');
    const wo = (await get(`/inspectionOrder/${inProgress._id}/protractor`)).json() as { ServicePackages: Array<{ ServicePackageLines: Array<{ Type: string; Completed: boolean; ClockRunning: boolean }> }> };
    const labour = wo.ServicePackages.flatMap((p) => p.ServicePackageLines).filter((l) => l.Type === 'Labor');
    expect(labour.map((l) => [l.Completed, l.ClockRunning])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect((await orderByNumber('10237')).states.work).toBe('inProgress');
    expect((await orderByNumber('10238')).states.work).toBe('done');
    expect((await orderByNumber('10246')).states.work).toBe('pending');
    const tech = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'tech') });
    const clock = await t.app.inject({ method: 'GET', url: `${base}/user/${tech!.id}/clock`, headers: await bearer(t.platform.tokens, tech!) });
    expect(clock.statusCode).toBe(200);
    expect(clock.json()).toMatchObject({ inspectionOrderId: inProgress._id });
  });
});
