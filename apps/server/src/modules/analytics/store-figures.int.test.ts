import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dayIn } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { estimateLines, estimates } from '../estimates/estimates.schema.js';

/**
 * The figures of the day (docs/analytics.md) on a real database, for a day of known data:
 * 2026-03-10 in Toronto (UTC-4 since the clocks changed on the 8th) runs from 04:00 UTC to
 * 04:00 UTC the next day. Downtown is in Quebec, so its day is Toronto's unless its settings name
 * another time zone.
 */
const DAY = '2026-03-10';
const ZONE = 'America/Toronto';
const FROM = new Date('2026-03-10T04:00:00Z');
const TO = new Date('2026-03-11T04:00:00Z');
const at = (iso: string) => new Date(iso);
const during = at('2026-03-10T16:00:00Z');

let t: TestApp;
let account: { id: string };
let downtown: Awaited<ReturnType<TestApp['make']['store']>>;
let uptown: Awaited<ReturnType<TestApp['make']['store']>>;
let empty: Awaited<ReturnType<TestApp['make']['store']>>;
let elsewhere: Awaited<ReturnType<TestApp['make']['store']>>;
const headers: Record<string, Record<string, string>> = {};
const figuresUrl = (accountId: string, query = `day=${DAY}`) => `/v2/api/account/${accountId}/store/figures?${query}`;
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: headers[who] });

/** An estimate for the order with a line per result: [resultId, hours, parts, fees]. */
async function estimate(store: { id: string }, orderId: string, lines: Array<[string, number, Array<{ quantity: number; unitPrice: number }>, number[]]>) {
  const db = t.platform.database.db;
  const [e] = await db.insert(estimates).values({ storeId: store.id, inspectionOrderId: orderId, currency: 'CAD', labourRate: 100_00 }).returning();
  for (const [resultId, labourHours, parts, fees] of lines) {
    await db.insert(estimateLines).values({
      storeId: store.id,
      estimateId: e!.id,
      resultId,
      description: 'Work',
      labourHours,
      parts: parts.map((p) => ({ number: null, description: 'Part', ...p })),
      fees: fees.map((amount) => ({ description: 'Fee', amount })),
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  const partner = await t.make.partner('Network');
  account = await t.make.account(partner.id, 'Figures Group');
  downtown = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Downtown' });
  uptown = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Uptown' });
  empty = await t.make.store({ accountId: account.id, partnerId: partner.id, name: 'Empty' });
  elsewhere = await t.make.store({ name: 'Elsewhere' });
  await t.platform.database.db
    .update(stores)
    .set({ settings: { currency: 'CAD' }, country: 'ca', state: 'QC' })
    .where(eq(stores.id, downtown.id));

  const order = (store: { id: string }, fields: Parameters<TestApp['make']['inspectionOrder']>[1]) => t.make.inspectionOrder(store, fields);
  // Downtown: cars written at the first instant of the day, during it, and at its last second (since closed).
  const first = await order(downtown, { createdAt: FROM });
  const awaiting = await order(downtown, { createdAt: during, stateInspection: 'done', stateEstimate: 'done', finished: true });
  await order(downtown, { createdAt: at('2026-03-11T03:59:59Z'), closed: true, closedAt: at('2026-03-11T03:59:59Z') });
  // Not cars of the day: an appointment written that day, orders written the second before and at the next day's start.
  await order(downtown, { createdAt: during, vehicleInShop: false, scheduled: at('2026-03-12T14:00:00Z') });
  const working = await order(downtown, { createdAt: at('2026-03-10T03:59:59Z'), stateInspection: 'done', stateApproval: 'done', stateWork: 'inProgress' });
  await order(downtown, { createdAt: TO, stateWork: 'done' });
  void first;

  // Decisions of the day: on `awaiting`, one approved line of 1.5 h + 2 x $25 + a $10 fee ($210) and
  // one declined line of 1 h ($100); on `working`, one declined line of 0.5 h ($50) and one approved
  // item without a line ($0). The day before, an approved line of 3 h that must not count.
  const result = (orderId: string, itemKey: string, decision: 'approved' | 'declined', decidedAt: Date) =>
    t.make.result(downtown, { inspectionOrderId: orderId, itemKey, result: 'warning', customerDecision: decision, customerDecidedAt: decidedAt, clientApprovedForWork: decision === 'approved' });
  const r1 = await result(awaiting.id, 'frontBrakes', 'approved', during);
  const r2 = await result(awaiting.id, 'rearBrakes', 'declined', at('2026-03-11T03:59:59Z'));
  const r3 = await result(awaiting.id, 'battery', 'approved', at('2026-03-10T03:59:59Z'));
  await estimate(downtown, awaiting.id, [
    [r1.id, 1.5, [{ quantity: 2, unitPrice: 25_00 }], [10_00]],
    [r2.id, 1, [], []],
    [r3.id, 3, [], []],
  ]);
  const r4 = await result(working.id, 'wipers', 'declined', FROM);
  await result(working.id, 'airFilter', 'approved', during);
  await estimate(downtown, working.id, [[r4.id, 0.5, [], []]]);
  // An undecided item and a line priced but never decided play no part.
  const r6 = await t.make.result(downtown, { inspectionOrderId: awaiting.id, itemKey: 'tires', result: 'critical' });
  void r6;

  // Uptown: one car of the day, still being inspected; nothing decided.
  await order(uptown, { createdAt: during });

  // Another account's store is as busy, and never seen.
  const theirs = await order(elsewhere, { createdAt: during });
  const theirResult = await t.make.result(elsewhere, { inspectionOrderId: theirs.id, itemKey: 'frontBrakes', result: 'warning', customerDecision: 'approved', customerDecidedAt: during });
  await estimate(elsewhere, theirs.id, [[theirResult.id, 10, [], []]]);

  for (const [who, role, store] of [
    ['owner', 'owner', downtown],
    ['admin', 'admin', downtown],
    ['manager', 'StoreManager', downtown],
    ['advisor', 'ServiceAdvisor', downtown],
    ['tech', 'Technician', downtown],
    ['analytics', 'AnalyticsViewer', downtown],
    ['partner', 'partner', downtown],
    ['root', 'root', elsewhere],
    ['strangerOwner', 'owner', elsewhere],
    ['strangerPartner', 'PartnerAdmin', elsewhere],
  ] as const) {
    headers[who] = await bearer(t.platform.tokens, await t.make.user(role, store));
  }
});
afterAll(() => t?.close());

const NONE = { inspecting: 0, estimating: 0, awaitingApproval: 0, awaitingParts: 0, working: 0, finished: 0 };

describe('the figures of the day of the account stores', () => {
  it("answers each store's cars, average repair order, approval rate and open orders by stage", async () => {
    const res = await get(figuresUrl(account.id), 'owner');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const byId = new Map(body.stores.map((s: { storeId: string }) => [s.storeId, s]));
    expect([...byId.keys()].sort()).toEqual([downtown.id, uptown.id, empty.id].sort());
    expect(byId.get(downtown.id)).toEqual({
      storeId: downtown.id,
      day: DAY,
      timeZone: ZONE,
      currency: 'CAD',
      carCount: 3,
      decidedOrders: 2,
      approvedAmount: 210_00,
      decidedAmount: 360_00,
      averageRepairOrder: 105_00,
      approvalRate: 210_00 / 360_00,
      // Open cars in the shop: the first (inspecting), the priced one (awaiting approval), the one in
      // work, the one whose work is done; the appointment and the closed order are not counted.
      openByStage: { ...NONE, inspecting: 1, awaitingApproval: 1, working: 1, finished: 1 },
    });
    expect(byId.get(uptown.id)).toEqual({
      storeId: uptown.id,
      day: DAY,
      // No province: the United States' most populous zone.
      timeZone: 'America/New_York',
      currency: 'USD',
      carCount: 1,
      decidedOrders: 0,
      approvedAmount: 0,
      decidedAmount: 0,
      averageRepairOrder: null,
      approvalRate: null,
      openByStage: { ...NONE, inspecting: 1 },
    });
    expect(byId.get(empty.id)).toMatchObject({ carCount: 0, averageRepairOrder: null, approvalRate: null, openByStage: NONE });
  });

  it("reads each store's day in its own time zone: the same instants fall on other days elsewhere", async () => {
    const db = t.platform.database.db;
    await db.update(stores).set({ settings: { currency: 'CAD', timeZone: 'UTC' } }).where(eq(stores.id, downtown.id));
    try {
      // A zone asked by the page plays no part any more: the store's own counts.
      const utc = (await get(figuresUrl(account.id, `day=${DAY}&timeZone=Asia%2FTokyo`), 'owner')).json();
      const downtownUtc = utc.stores.find((s: { storeId: string }) => s.storeId === downtown.id);
      expect(downtownUtc).toMatchObject({ day: DAY, timeZone: 'UTC' });
      // In UTC the order written at 03:59:59 UTC on the 11th is the 11th's, and the one at 03:59:59 on the 10th is the 10th's.
      // Written that UTC day in the shop: the first, the priced one and the one in work (03:59:59).
      expect(downtownUtc.carCount).toBe(3);
      // Decided that UTC day: $210 approved (16:00), $50 declined (04:00), $0 approved, $300 approved (03:59:59); not the $100 of the 11th.
      expect(downtownUtc).toMatchObject({ decidedOrders: 2, approvedAmount: 510_00, decidedAmount: 560_00, averageRepairOrder: 255_00 });
      // Uptown keeps its own zone.
      expect(utc.stores.find((s: { storeId: string }) => s.storeId === uptown.id)).toMatchObject({ timeZone: 'America/New_York' });
    } finally {
      await db.update(stores).set({ settings: { currency: 'CAD' } }).where(eq(stores.id, downtown.id));
    }
  });

  it("is each store's today when no day is given", async () => {
    const before = dayIn(new Date(), ZONE);
    const body = (await get(figuresUrl(account.id, ''), 'owner')).json();
    // Nothing was written today in this test's data; the open orders are there whatever the day.
    const downtownToday = body.stores.find((s: { storeId: string }) => s.storeId === downtown.id);
    expect([before, dayIn(new Date(), ZONE)]).toContain(downtownToday.day);
    expect(downtownToday).toMatchObject({ timeZone: ZONE, carCount: 0, decidedOrders: 0, averageRepairOrder: null });
    expect(downtownToday.openByStage).toEqual({ ...NONE, inspecting: 1, awaitingApproval: 1, working: 1, finished: 1 });
  });

  it('refuses a day that does not exist, naming it', async () => {
    for (const query of ['day=2026-02-30', 'day=yesterday']) {
      const res = await get(figuresUrl(account.id, query), 'owner');
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
      expect(res.json().message, query).toContain('day');
    }
  });

  it('is for those who see the account stores; 403 to the store roles, 404 to other accounts', async () => {
    for (const who of ['admin', 'partner', 'root']) expect((await get(figuresUrl(account.id), who)).statusCode, who).toBe(200);
    for (const who of ['manager', 'advisor', 'tech', 'analytics']) expect((await get(figuresUrl(account.id), who)).statusCode, who).toBe(403);
    for (const who of ['strangerOwner', 'strangerPartner']) {
      const res = await get(figuresUrl(account.id), who);
      expect(res.statusCode, who).toBe(404);
      expect(res.body).not.toContain(downtown.id);
    }
    expect((await t.app.inject({ method: 'GET', url: figuresUrl(account.id) })).statusCode).toBe(401);
    expect((await get(figuresUrl(crypto.randomUUID()), 'root')).statusCode).toBe(404);
  });

  it("shows another account's owner only its own stores", async () => {
    const theirs = (await get(figuresUrl(elsewhere.accountId), 'strangerOwner')).json();
    expect(theirs.stores.map((s: { storeId: string }) => s.storeId)).toEqual([elsewhere.id]);
    expect(theirs.stores[0]).toMatchObject({ carCount: 1, decidedOrders: 1, approvedAmount: 1000_00, approvalRate: 1 });
  });
});
