import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Estimate, RepairOrder, InspectionResult } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionResults } from '../inspections/inspections.schema.js';
import { inspectionOrders } from '../repair-orders/repair-orders.schema.js';
import { estimateLines, estimates } from './estimates.schema.js';
import { MULTI_POINT_INSPECTION_ID } from '../inspections/templates.js';
import { buildServices } from '../index.js';

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
let store: Store;
let other: Store;
let headers: Record<string, string>;
let techHeaders: Record<string, string>;
let otherHeaders: Record<string, string>;

const GST = { name: 'GST', ratePercent: 5, onLabour: true, onParts: true, onFees: true };
const QST = { name: 'QST', ratePercent: 9.975, onLabour: true, onParts: true, onFees: false };

const api = (path: string, s: { id: string } = store) => `/v2/api/store/${s.id}${path}`;
const est = (orderId: string, rest = '', s: { id: string } = store) =>
  api(`/inspectionOrder/${orderId}/estimate${rest}`, s);
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

async function newOrder(): Promise<RepairOrder> {
  const customer = await t.make.customer(store);
  const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
  const res = await send('POST', api('/inspectionOrder'), {
    customerId: customer.id,
    vehicleId: vehicle.id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function result(orderId: string, body: Record<string, unknown>): Promise<InspectionResult> {
  const res = await send('POST', api(`/inspectionOrder/${orderId}/result`), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function ok(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  status = 200,
): Promise<Estimate> {
  const res = await send(method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const orderRow = async (id: string) =>
  (await t.platform.database.db.select().from(inspectionOrders).where(eq(inspectionOrders.id, id)))[0]!;
const updatedEvents = async (orderId: string) =>
  (
    await t.platform.database.db
      .select()
      .from(outboxEvents)
      .where(eq(outboxEvents.topic, `store/${store.id}/inspectionOrders/updated`))
  ).filter((e) => (e.payload as { _id: string })._id === orderId);

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  await t.platform.database.db
    .update(stores)
    .set({ settings: { currency: 'CAD', labourRate: 100_00, taxes: [GST, QST] } })
    .where(eq(stores.id, store.id));
  headers = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
  techHeaders = await bearer(t.platform.tokens, await t.make.user('Technician', store));
  otherHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
});
afterAll(() => t?.close());

describe('the estimate of an order', () => {
  it('is made on first read with a line per warning or critical result, in the language asked, and the store settings copied', async () => {
    const order = await newOrder();
    const pads = await result(order._id, { itemKey: 'frontBrakePads', result: 'critical' });
    await result(order._id, { itemKey: 'frontRotors', result: 'okay' });
    const rotors = await result(order._id, {
      itemKey: 'rearRotors',
      result: 'warning',
      recommendationText: 'Resurface the rear rotors',
    });
    const before = await orderRow(order._id);

    const first = await ok('GET', est(order._id, '?language=fr'));
    expect(first).toMatchObject({
      inspectionOrderId: order._id,
      version: 1,
      currency: 'CAD',
      labourRate: 100_00,
      status: null,
      delivery: 'NOT_SENT',
      state: 'notStarted',
    });
    expect(first.taxes.map((x) => x.name)).toEqual(['GST', 'QST']);
    expect(first.lines.map((l) => l.resultId)).toEqual([pads._id, rotors._id]);
    expect(first.lines[0]).toMatchObject({
      severity: 'critical',
      decision: null,
      labourHours: 0,
      parts: [],
      fees: [],
    });
    expect(first.lines[0]!.description).toMatch(/^Plaquettes avant — /);
    expect(first.lines[1]!.description).toContain('Resurface the rear rotors');
    expect(first.totals).toMatchObject({ subtotal: 0, tax: 0, total: 0, approvedTotal: 0 });

    // Reading again gives the same estimate and changes nothing of the order; technicians read too.
    const again = await send('GET', est(order._id), undefined, techHeaders);
    expect(again.statusCode).toBe(200);
    expect(again.json()._id).toBe(first._id);
    expect((await orderRow(order._id)).updatedAt).toEqual(before.updatedAt);
    expect(await buildServices(t.platform).estimates.get(store.id, order._id)).toMatchObject({
      _id: first._id,
      lines: first.lines,
    });
  });

  it('prices lines: labour hours x the rate, parts, fees, each tax on what it covers; every change a new version, the step in progress', async () => {
    const order = await newOrder();
    await result(order._id, { itemKey: 'frontBrakePads', result: 'critical' });
    const made = await ok('GET', est(order._id));
    const line = made.lines[0]!;
    const events = (await updatedEvents(order._id)).length;

    const priced = await ok('PUT', est(order._id, `/line/${line._id}`), {
      labourHours: 1.5,
      parts: [{ number: 'BP-100', description: 'Brake pads', quantity: 2, unitPrice: 45_99 }],
      fees: [{ description: 'Disposal', amount: 5_00 }],
    });
    expect(priced.version).toBe(2);
    expect(priced.lines[0]!.amounts).toEqual({ labour: 150_00, parts: 91_98, fees: 5_00, subtotal: 246_98 });
    // GST 5% of 246.98 = 12.35; QST 9.975% of 241.98 (no fees) = 24.14.
    expect(priced.taxes.map((x) => x.amount)).toEqual([12_35, 24_14]);
    expect(priced.totals).toMatchObject({ subtotal: 246_98, tax: 36_49, total: 283_47 });
    expect(priced).toMatchObject({ state: 'inProgress', status: 'IN_PROGRESS' });
    const row = await orderRow(order._id);
    expect(row).toMatchObject({ stateEstimate: 'inProgress', estimateStatus: 'IN_PROGRESS' });
    expect((await updatedEvents(order._id)).length).toBe(events + 1);

    const added = await ok(
      'POST',
      est(order._id, '/line'),
      { description: 'Shop supplies', fees: [{ description: 'Supplies', amount: 10_00 }] },
      201,
    );
    expect(added.version).toBe(3);
    expect(added.lines.map((l) => [l.description, l.resultId, l.severity])).toEqual([
      [line.description, line.resultId, 'critical'],
      ['Shop supplies', null, null],
    ]);

    const rate = await ok('PUT', est(order._id), { labourRate: 80_00 });
    expect(rate.version).toBe(4);
    expect(rate.lines[0]!.amounts.labour).toBe(120_00);

    const removed = await ok('DELETE', est(order._id, `/line/${added.lines[1]!._id}`));
    expect(removed.version).toBe(5);
    expect(removed.lines).toHaveLength(1);
    // Updated events only where the order changed (the first change put the step in progress).
    expect((await updatedEvents(order._id)).length).toBe(events + 1);
  });

  it('draws again: new recommendations added after the lines, lines of results now okay or na removed, priced lines kept', async () => {
    const order = await newOrder();
    const pads = await result(order._id, { itemKey: 'frontBrakePads', result: 'critical' });
    const belt = await result(order._id, { itemKey: 'driveBelt', result: 'warning' });
    const made = await ok('GET', est(order._id));
    const padsLine = made.lines.find((l) => l.resultId === pads._id)!;
    await ok('PUT', est(order._id, `/line/${padsLine._id}`), {
      labourHours: 2,
      description: 'Replace front pads',
    });
    await send('PUT', api(`/inspectionOrder/${order._id}/result/${belt._id}`), { result: 'okay' });
    const hoses = await result(order._id, { itemKey: 'radiatorHoses', result: 'warning' });

    const listed = await ok('GET', est(order._id));
    expect(listed.lines.find((l) => l.resultId === belt._id)!.severity).toBe('okay');

    const drawn = await ok('POST', est(order._id, '/draw'), { language: 'en' });
    // The kept line where it was, the new one after the last line.
    expect(drawn.lines.map((l) => l.resultId)).toEqual([pads._id, hoses._id]);
    expect(drawn.lines[0]).toMatchObject({ description: 'Replace front pads', labourHours: 2 });
    expect(drawn.lines[1]!.description).toMatch(/^Radiator hoses — /);
    const again = await ok('POST', est(order._id, '/draw'), { language: 'en' });
    expect(again.version).toBe(drawn.version);
  });

  it('refreshes taxes from the store; status, delivery and ready go on the order', async () => {
    const order = await newOrder();
    await ok('POST', est(order._id, '/line'), { description: 'Diagnostic', labourHours: 1 }, 201);
    await t.platform.database.db
      .update(stores)
      .set({
        settings: {
          currency: 'USD',
          labourRate: 100_00,
          taxes: [{ ...GST, name: 'Sales tax', ratePercent: 8 }],
        },
      })
      .where(eq(stores.id, store.id));
    const snap = await ok('GET', est(order._id));
    expect(snap.taxes.map((x) => x.name)).toEqual(['GST', 'QST']);
    const refreshed = await ok('POST', est(order._id, '/taxes'));
    expect(refreshed).toMatchObject({
      currency: 'USD',
      version: snap.version + 1,
      taxes: [{ name: 'Sales tax', amount: 8_00 }],
    });

    const ready = await ok('POST', est(order._id, '/ready'));
    expect(ready.state).toBe('done');
    expect((await orderRow(order._id)).stateEstimate).toBe('done');
    const authorized = await ok('PUT', est(order._id), { status: 'AUTHORIZED', delivery: 'DELIVERED' });
    expect(authorized).toMatchObject({ status: 'AUTHORIZED', delivery: 'DELIVERED', state: 'done' });
    const order2 = (await send('GET', api(`/inspectionOrder/${order._id}`))).json();
    expect(order2.estimate).toEqual({ status: 'AUTHORIZED', delivery: 'DELIVERED' });

    // A change after ready puts the step back in progress.
    const edited = await ok('POST', est(order._id, '/line'), { description: 'Wipers' }, 201);
    expect(edited.state).toBe('inProgress');

    const delivered = await buildServices(t.platform).estimates.markDelivery(store.id, order._id, 'IN_PROGRESS');
    expect(delivered?.delivery).toBe('IN_PROGRESS');
    await t.platform.database.db
      .update(stores)
      .set({ settings: { currency: 'CAD', labourRate: 100_00, taxes: [GST, QST] } })
      .where(eq(stores.id, store.id));
  });

  it('marks ready only the version the advisor saw, and never with a line the inspection no longer recommends', async () => {
    const order = await newOrder();
    const pads = await result(order._id, { itemKey: 'frontBrakePads', result: 'critical' });
    const belt = await result(order._id, { itemKey: 'driveBelt', result: 'warning' });
    const made = await ok('GET', est(order._id));
    const beltLine = made.lines.find((l) => l.resultId === belt._id)!;
    await send('PUT', api(`/inspectionOrder/${order._id}/result/${belt._id}`), { result: 'okay' });

    // The belt's line is stale: refused, the line named, nothing changed.
    const refused = await send('POST', est(order._id, '/ready'), { version: made.version });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', details: { lines: [beltLine._id] } });
    expect(refused.json().message).toContain(`line ${made.lines.indexOf(beltLine) + 1} `);
    expect((await orderRow(order._id)).stateEstimate).not.toBe('done');

    // Drawn again (the stale line removed, a new version): the version seen before is refused.
    const drawn = await ok('POST', est(order._id, '/draw'), { language: 'en' });
    expect(drawn.lines.map((l) => l.resultId)).toEqual([pads._id]);
    const changed = await send('POST', est(order._id, '/ready'), { version: made.version });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'ESTIMATE_CHANGED' });
    expect(changed.json().message).toContain(`version ${drawn.version}`);

    const ready = await ok('POST', est(order._id, '/ready'), { version: drawn.version });
    expect(ready).toMatchObject({ state: 'done', version: drawn.version });
    expect((await send('POST', est(order._id, '/ready'), { version: 0 })).json().message).toContain('version');
  });

  it("shows approvals the customer made through the line's decision and the approved total", async () => {
    const order = await newOrder();
    const pads = await result(order._id, { itemKey: 'frontBrakePads', result: 'critical' });
    const belt = await result(order._id, { itemKey: 'driveBelt', result: 'warning' });
    const made = await ok('GET', est(order._id));
    for (const line of made.lines)
      await ok('PUT', est(order._id, `/line/${line._id}`), {
        fees: [{ description: 'Work', amount: 100_00 }],
      });
    const db = t.platform.database.db;
    await db
      .update(inspectionResults)
      .set({ customerDecision: 'approved' })
      .where(eq(inspectionResults.id, pads._id));
    await db
      .update(inspectionResults)
      .set({ customerDecision: 'declined' })
      .where(eq(inspectionResults.id, belt._id));
    const seen = await ok('GET', est(order._id));
    expect(Object.fromEntries(seen.lines.map((l) => [l.resultId, l.decision]))).toEqual({
      [pads._id]: 'approved',
      [belt._id]: 'declined',
    });
    // 100.00 + GST 5.00 (QST does not cover fees).
    expect(seen.totals).toMatchObject({ total: 210_00, approvedTotal: 105_00 });
  });
});

describe('bad input', () => {
  it('answers 400 INVALID_ARGUMENTS naming the field', async () => {
    const order = await newOrder();
    const made = await ok('GET', est(order._id));
    const cases: Array<[string, object, string]> = [
      ['/line', { labourHours: 1 }, 'description'],
      ['/line', { description: 'X', labourHours: -1 }, 'labourHours'],
      ['/line', { description: 'X', labourHours: 1.234 }, 'labourHours'],
      [
        '/line',
        { description: 'X', parts: [{ number: null, description: 'Pad', quantity: 0, unitPrice: 100 }] },
        'parts',
      ],
      [
        '/line',
        { description: 'X', parts: [{ number: null, description: 'Pad', quantity: 1, unitPrice: 1.5 }] },
        'unitPrice',
      ],
      ['/line', { description: 'X', fees: [{ description: '', amount: 100 }] }, 'description'],
      ['/line', { description: 'X', secret: 1 }, 'secret'],
      ['/draw', { language: 'de' }, 'language'],
    ];
    for (const [path, body, field] of cases) {
      const res = await send('POST', est(order._id, path), body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'INVALID_ARGUMENTS',
        message: expect.stringContaining(field),
      });
    }
    expect((await send('PUT', est(order._id), { labourRate: -5 })).json().message).toContain('labourRate');
    expect((await send('PUT', est(order._id), { status: 'DONE' })).json().message).toContain('status');
    expect((await send('PUT', est(order._id), {})).statusCode).toBe(400);
    expect((await send('GET', est(order._id, '?language=de'))).statusCode).toBe(400);
    expect(
      (await send('PUT', est(order._id, '/line/not-an-id'), { labourHours: 1 })).json().message,
    ).toContain('lineId');
    // Nothing half-written: the version is where it was.
    expect((await ok('GET', est(order._id))).version).toBe(made.version);
  });

  it("answers 404 for a line of another order or another store's order, 403 for a technician's change", async () => {
    const order = await newOrder();
    const another = await newOrder();
    const line = (await ok('POST', est(another._id, '/line'), { description: 'Other line' }, 201)).lines[0]!;
    await ok('GET', est(order._id));
    expect((await send('PUT', est(order._id, `/line/${line._id}`), { labourHours: 1 })).statusCode).toBe(404);
    expect((await send('DELETE', est(order._id, `/line/${line._id}`))).statusCode).toBe(404);
    expect((await send('GET', est(order._id), undefined, otherHeaders)).statusCode).toBe(404);
    expect((await send('GET', est(order._id, '', other), undefined, otherHeaders)).statusCode).toBe(404);
    expect(
      (await send('PUT', est(another._id, `/line/${line._id}`, other), { labourHours: 1 }, otherHeaders))
        .statusCode,
    ).toBe(404);
    expect((await send('POST', est(order._id, '/line'), { description: 'X' }, techHeaders)).statusCode).toBe(
      403,
    );
    const unknown = crypto.randomUUID();
    expect((await send('GET', est(unknown))).statusCode).toBe(404);
    const db = t.platform.database.db;
    expect(await db.select().from(estimates).where(eq(estimates.inspectionOrderId, unknown))).toEqual([]);
    const lines = await db
      .select()
      .from(estimateLines)
      .where(and(eq(estimateLines.id, line._id)));
    expect(lines[0]!.labourHours).toBe(0);
  });

  it('refuses changes to a closed order with 409 ORDER_CLOSED, and still shows its estimate', async () => {
    const order = await newOrder();
    await result(order._id, { itemKey: 'frontBrakePads', result: 'critical' });
    const made = await ok('GET', est(order._id));
    expect((await send('POST', api(`/inspectionOrder/${order._id}/close`))).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', '/line', { description: 'X' }],
      ['PUT', `/line/${made.lines[0]!._id}`, { labourHours: 1 }],
      ['DELETE', `/line/${made.lines[0]!._id}`, undefined],
      ['PUT', '', { labourRate: 1 }],
      ['POST', '/draw', { language: 'en' }],
      ['POST', '/taxes', undefined],
      ['POST', '/ready', undefined],
    ] as const) {
      const res = await send(method, est(order._id, path), body);
      expect(res.statusCode, `${method} ${path}`).toBe(409);
      expect(res.json().code).toBe('ORDER_CLOSED');
    }
    expect(await ok('GET', est(order._id))).toEqual(made);
    // A closed order without an estimate still answers one (made, drawn, nothing of the order changed).
    const closed = await newOrder();
    await send('POST', api(`/inspectionOrder/${closed._id}/close`));
    expect((await ok('GET', est(closed._id))).lines).toEqual([]);
  });
});

describe('store settings for estimates', () => {
  it('saves currency, labour rate and taxes, and refuses bad taxes naming the field', async () => {
    const manager = await bearer(t.platform.tokens, await t.make.user('StoreManager', other));
    const url = `/v2/api/store/${other.id}/settings`;
    const saved = await send('PUT', url, { currency: 'CAD', labourRate: 95_50, taxes: [GST] }, manager);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ currency: 'CAD', labourRate: 95_50, taxes: [GST] });
    const bad: Array<[object, string]> = [
      [{ taxes: [GST, { ...QST, name: 'gst' }] }, 'taxes'],
      [{ taxes: [{ ...GST, ratePercent: 120 }] }, 'taxes'],
      [{ taxes: [{ ...GST, onLabour: false, onParts: false, onFees: false }] }, 'taxes'],
      [{ labourRate: 12.5 }, 'labourRate'],
      [{ currency: 'EUR' }, 'currency'],
    ];
    for (const [body, field] of bad) {
      const res = await send('PUT', url, body, manager);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_ARGUMENTS', message: expect.stringContaining(field) });
    }
  });
});
