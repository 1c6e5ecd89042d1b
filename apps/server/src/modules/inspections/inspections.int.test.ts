import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, like } from 'drizzle-orm';
import {
  AUTOMATIC_SELECTION_FAILURES,
  DEFICIENCY_REASON_CODES,
  FINISH_REASONS,
  PRIMARY_PICTURE_VIDEO_MESSAGE,
  type RepairOrder,
  type InspectionResult,
  type InspectionType,
} from '@servicebay/domain';
import { en, fr } from '@servicebay/locales';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { inspectionResultMedia, inspectionResults, inspectionTypes } from './inspections.schema.js';
import { DETAILED_INSPECTION_ID, MULTI_POINT_INSPECTION_ID, PRODUCT_TEMPLATES, QUICK_PHOTO_INSPECTION_ID } from './templates.js';

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let other: Store;
let advisor: User;
let tech: User;
let owner: User;
let headers: Record<string, string>;
let techHeaders: Record<string, string>;
let ownerHeaders: Record<string, string>;
let otherHeaders: Record<string, string>;

const api = (path: string, s: { id: string } = store) => `/v2/api/store/${s.id}${path}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
const upload = (method: 'POST' | 'PUT', url: string, form: ReturnType<typeof multipart>, h = headers) =>
  t.app.inject({ method, url, headers: { ...h, ...form.headers }, payload: form.payload });

/** Every file the store holds (keys are UUIDs). */
const storedFiles = () =>
  readdirSync(t.platform.config.filesDir, { recursive: true })
    .map(String)
    .filter((f) => /[0-9a-f-]{36}$/.test(f));

async function setSettings(settings: Record<string, unknown>) {
  await t.platform.database.db.update(stores).set({ settings }).where(eq(stores.id, store.id));
}

async function newOrder(body: Record<string, unknown> = {}, h = headers, business?: string): Promise<RepairOrder> {
  const customer = await t.make.customer(store, business ? { business } : {});
  const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
  const res = await send('POST', api('/inspectionOrder'), { customerId: customer.id, vehicleId: vehicle.id, ...body }, h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function createResult(orderId: string, body: Record<string, unknown>, h = headers): Promise<InspectionResult> {
  const res = await send('POST', api(`/inspectionOrder/${orderId}/result`), body, h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const resultsOf = async (orderId: string) =>
  t.platform.database.db.select().from(inspectionResults).where(eq(inspectionResults.inspectionOrderId, orderId));

/** A JPEG of the given size whose EXIF says "rotate 90° clockwise" (orientation 6). */
const sidewaysJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isommp41', 'latin1'), randomBytes(size)]);
const jpegForm = async (fields: Record<string, string>, data?: Buffer) =>
  multipart(fields, { field: 'image', filename: 'photo.jpg', contentType: 'image/jpeg', data: data ?? (await sidewaysJpeg(400, 200)) });

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  advisor = await t.make.user('ServiceAdvisor', store);
  tech = await t.make.user('Technician', store);
  owner = await t.make.user('owner', store);
  headers = await bearer(t.platform.tokens, advisor);
  techHeaders = await bearer(t.platform.tokens, tech);
  ownerHeaders = await bearer(t.platform.tokens, owner);
  otherHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
});
afterAll(() => t?.close());

describe('inspection types', () => {
  it('the migration holds the product templates exactly as templates.ts says', async () => {
    const rows = await t.platform.database.db.select().from(inspectionTypes).where(isNull(inspectionTypes.storeId));
    expect(rows.map((r) => r.id).sort()).toEqual(PRODUCT_TEMPLATES.map((p) => p.id).sort());
    for (const p of PRODUCT_TEMPLATES) {
      const row = rows.find((r) => r.id === p.id)!;
      expect(row).toMatchObject({ name: p.name, isDefault: p.isDefault, state: 'active' });
      expect(row.definition).toEqual(p.definition);
    }
  });

  it("lists the product's templates and the store's own, default first, and narrows by fields", async () => {
    const own = await t.make.inspectionType(store, { name: 'Fleet van check' });
    await t.make.inspectionType(other, { name: 'Uptown only' });
    const res = await send('GET', api('/inspectionType'));
    expect(res.statusCode).toBe(200);
    const types: InspectionType[] = res.json()._embedded.inspectionType;
    expect(types.map((x) => x.name)).toEqual(['Multi-point inspection', 'Detailed inspection', 'Fleet van check', 'Quick photo inspection']);
    expect(types[0]).toMatchObject({ _id: MULTI_POINT_INSPECTION_ID, isDefault: true, storeId: null });
    expect(types.find((x) => x._id === own.id)).toMatchObject({ storeId: store.id, isDefault: false });
    for (const type of types) {
      expect(type.groupOrder[0]).toBe('vehicleDetails');
      expect(type.groups.find((g) => g.key === 'vehicleDetails')!.shownByDefault).toBe(true);
    }

    const narrow = await send('GET', api('/inspectionType?fields=_id,name,isDefault'));
    expect(narrow.json()._embedded.inspectionType[0]).toEqual({ _id: MULTI_POINT_INSPECTION_ID, name: 'Multi-point inspection', isDefault: true });
    const bad = await send('GET', api('/inspectionType?fields=_id,secret'));
    expect(bad.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS', message: expect.stringContaining('unknown field secret') });
  });

  it('filters by state and follows the store defaultInspection setting (an id or a name)', async () => {
    await t.make.inspectionType(store, { name: 'Old checklist', state: 'archived' });
    const archived = await send('GET', api('/inspectionType?state=archived&fields=name'));
    expect(archived.json()._embedded.inspectionType).toEqual([{ name: 'Old checklist' }]);
    await setSettings({ defaultInspection: DETAILED_INSPECTION_ID });
    let first = (await send('GET', api('/inspectionType?fields=_id,isDefault'))).json()._embedded.inspectionType[0];
    expect(first).toEqual({ _id: DETAILED_INSPECTION_ID, isDefault: true });
    await setSettings({ defaultInspection: 'quick photo inspection' });
    first = (await send('GET', api('/inspectionType?fields=_id,isDefault'))).json()._embedded.inspectionType[0];
    expect(first).toEqual({ _id: QUICK_PHOTO_INSPECTION_ID, isDefault: true });
    await setSettings({});
  });

  it("answers one type with items, measurements and texts in en and fr; another store's type is 404", async () => {
    const res = await send('GET', api(`/inspection/${MULTI_POINT_INSPECTION_ID}`));
    expect(res.statusCode).toBe(200);
    const type: InspectionType = res.json();
    const pads = type.groups.flatMap((g) => g.sections.flatMap((s) => s.items)).find((i) => i.itemKey === 'frontBrakePads')!;
    expect(pads.measurement).toMatchObject({ unit: 'mm', thresholds: { direction: 'atOrBelow', warning: 4, critical: 2 } });
    expect(pads.findings[1]!.text).toEqual({ en: 'Pads getting thin', fr: 'Plaquettes minces' });
    const theirs = await t.make.inspectionType(other);
    expect((await send('GET', api(`/inspection/${theirs.id}`))).statusCode).toBe(404);
    expect((await send('GET', api(`/inspection/${theirs.id}`, other), undefined, otherHeaders)).statusCode).toBe(200);
  });

  it("answers the order's type uncached (no-store, which also satisfies no-cache), the default when the order has none", async () => {
    const order = await newOrder();
    expect(order.inspectionType).toBe(MULTI_POINT_INSPECTION_ID);
    const res = await send('GET', api(`/inspectionOrder/${order._id}/inspection`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()._id).toBe(MULTI_POINT_INSPECTION_ID);
    const bare = await t.make.inspectionOrder(store);
    expect((await send('GET', api(`/inspectionOrder/${bare.id}/inspection`))).json()._id).toBe(MULTI_POINT_INSPECTION_ID);
    expect((await send('GET', api(`/inspectionOrder/${order._id}/inspection`, other), undefined, otherHeaders)).statusCode).toBe(404);
  });

  it('refuses an order type the store cannot use', async () => {
    const theirs = await t.make.inspectionType(other);
    const customer = await t.make.customer(store);
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    const res = await send('POST', api('/inspectionOrder'), { customerId: customer.id, vehicleId: vehicle.id, inspectionType: theirs.id });
    expect(res.json()).toMatchObject({ status: 400, message: 'inspectionType: not an inspection type of this store' });
  });
});

describe('automatic inspection selection', () => {
  it('owners map a business name to a type by name; advisors may read but not write', async () => {
    const denied = await send('POST', api('/automaticInspectionSelection'), { match: 'Fleet Express', inspectionName: 'Quick photo inspection' });
    expect(denied.statusCode).toBe(403);
    const res = await send('POST', api('/automaticInspectionSelection'), { match: ' Fleet Express ', inspectionName: 'quick photo inspection' }, ownerHeaders);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ match: 'Fleet Express', inspectionName: 'Quick photo inspection' });
    // The same business name again replaces its mapping.
    const again = await send('POST', api('/automaticInspectionSelection'), { match: 'FLEET express', inspectionName: 'Detailed inspection' }, ownerHeaders);
    expect(again.json()._id).toBe(res.json()._id);
    const list = await send('GET', api('/automaticInspectionSelection?match=fleet%20EXPRESS'));
    expect(list.json()).toEqual({ automaticInspectionSelections: [{ _id: res.json()._id, match: 'FLEET express', inspectionName: 'Detailed inspection' }] });
    expect((await send('GET', api('/automaticInspectionSelection?match=nobody'))).json()).toEqual({ automaticInspectionSelections: [] });
    // Back to the quick one for the tests below.
    await send('POST', api('/automaticInspectionSelection'), { _id: res.json()._id, match: 'Fleet Express', inspectionName: 'Quick photo inspection' }, ownerHeaders);
  });

  it('refuses an unknown type name and a missing match, storing nothing', async () => {
    const unknown = await send('POST', api('/automaticInspectionSelection'), { match: 'Acme', inspectionName: 'No such' }, ownerHeaders);
    expect(unknown.json()).toMatchObject({ status: 400, message: 'inspectionName: No such is not an inspection type of this store' });
    const missing = await send('POST', api('/automaticInspectionSelection'), { inspectionName: 'Detailed inspection' }, ownerHeaders);
    expect(missing.statusCode).toBe(400);
    expect((await send('GET', api('/automaticInspectionSelection?match=acme'))).json().automaticInspectionSelections).toEqual([]);
  });

  it("new orders get the business name's type when enabled, else the default", async () => {
    expect((await newOrder({}, headers, 'fleet  express')).inspectionType).toBe(MULTI_POINT_INSPECTION_ID);
    await setSettings({ automaticInspectionSelectionEnabled: true, defaultInspection: DETAILED_INSPECTION_ID });
    expect((await newOrder({}, headers, 'fleet  express')).inspectionType).toBe(QUICK_PHOTO_INSPECTION_ID);
    expect((await newOrder({}, headers, 'Someone Else Inc')).inspectionType).toBe(DETAILED_INSPECTION_ID);
    expect((await newOrder()).inspectionType).toBe(DETAILED_INSPECTION_ID);
  });

  it('with automatic selection on only owners and admins pick another type', async () => {
    const refused = await send('POST', api('/inspectionOrder'), await orderBody({ inspectionType: MULTI_POINT_INSPECTION_ID }));
    expect(refused.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    const order = await newOrder({ inspectionType: MULTI_POINT_INSPECTION_ID }, ownerHeaders);
    expect(order.inspectionType).toBe(MULTI_POINT_INSPECTION_ID);
    const change = await send('PUT', api(`/inspectionOrder/${order._id}`), { inspectionType: QUICK_PHOTO_INSPECTION_ID });
    expect(change.statusCode).toBe(403);
    const byOwner = await send('PUT', api(`/inspectionOrder/${order._id}`), { inspectionType: QUICK_PHOTO_INSPECTION_ID }, ownerHeaders);
    expect(byOwner.json().inspectionType).toBe(QUICK_PHOTO_INSPECTION_ID);
    await setSettings({});
    const free = await send('PUT', api(`/inspectionOrder/${order._id}`), { inspectionType: DETAILED_INSPECTION_ID });
    expect(free.json().inspectionType).toBe(DETAILED_INSPECTION_ID);
  });
});

async function orderBody(extra: Record<string, unknown> = {}) {
  const customer = await t.make.customer(store);
  const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
  return { customerId: customer.id, vehicleId: vehicle.id, ...extra };
}

describe('results', () => {
  it('creates a result with the severity defaults, and reads it back', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontBrakePads', result: 'warning' });
    expect(r).toMatchObject({
      group: 'brakes',
      section: 'front',
      itemKey: 'frontBrakePads',
      result: 'warning',
      finding: 'thin',
      recommendation: 'replaceSoon',
      multiple: false,
      confirmed: false,
      deferredIgnoredByCustomer: false,
      pictures: [],
      videos: [],
    });
    const okay = await createResult(order._id, { itemKey: 'engineOil', result: 'okay' });
    expect(okay).toMatchObject({ finding: 'full', recommendation: null });
    const other = await createResult(order._id, { itemKey: 'tireSidewalls', result: 'critical', finding: 'Other', findingText: 'Bulge on the inner sidewall' });
    expect(other).toMatchObject({ finding: 'Other', findingText: 'Bulge on the inner sidewall', recommendation: null });
    const got = await send('GET', api(`/inspectionOrder/${order._id}/result/${r._id}`));
    expect(got.json()).toEqual(r);
  });

  it('a measurement alone gets the severity its thresholds suggest; out of range or on a plain item is refused', async () => {
    const order = await newOrder();
    expect(await createResult(order._id, { itemKey: 'batteryVoltage', value: 11.8 })).toMatchObject({ result: 'critical', finding: 'failedTest', value: 11.8 });
    expect(await createResult(order._id, { itemKey: 'treadLeftFront', value: 3 })).toMatchObject({ result: 'warning', finding: 'lowTread' });
    const range = await send('POST', api(`/inspectionOrder/${order._id}/result`), { itemKey: 'frontBrakePads', value: 45 });
    expect(range.json()).toMatchObject({ status: 400, message: 'value: must be from 0 to 20 mm' });
    const plain = await send('POST', api(`/inspectionOrder/${order._id}/result`), { itemKey: 'wiperBlades', value: 2 });
    expect(plain.json()).toMatchObject({ status: 400, message: 'value: wiperBlades is not a measurement item' });
  });

  it('refuses an unknown itemKey, a foreign finding, a wrong reason code and a second result of a single item; nothing stored', async () => {
    const order = await newOrder();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ itemKey: 'fluxCapacitor', result: 'okay' }, 400, 'itemKey: fluxCapacitor is not an item of this inspection'],
      [{ itemKey: 'engineOil', result: 'warning', finding: 'thin' }, 400, 'finding: thin is not a finding of this item'],
      [{ itemKey: 'engineOil', result: 'warning', mapValue: 'A' }, 400, 'mapValue: warning reasons are 1 to 5, critical reasons A to C'],
      [{ itemKey: 'engineOil', group: 'brakes' }, 400, 'group: engineOil is in underHood'],
      [{ itemKey: 'engineOil', admin: true }, 400, 'body: unknown field admin'],
    ];
    for (const [body, status, message] of cases) {
      const res = await send('POST', api(`/inspectionOrder/${order._id}/result`), body);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ status, message: expect.stringContaining(message) });
    }
    expect(await resultsOf(order._id)).toHaveLength(0);
    await createResult(order._id, { itemKey: 'engineOil', result: 'critical', mapValue: 'B' });
    const twice = await send('POST', api(`/inspectionOrder/${order._id}/result`), { itemKey: 'engineOil', result: 'okay' });
    expect(twice.json()).toMatchObject({ status: 409, code: 'CONFLICT' });
    // Multiple items take several results.
    await createResult(order._id, { itemKey: 'tirePressure', value: 35, rank: 1 });
    await createResult(order._id, { itemKey: 'tirePressure', value: 33, rank: 2 });
    expect(await resultsOf(order._id)).toHaveLength(3);
  });

  it("another store's order or result answers 404 and stores nothing", async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'engineOil', result: 'okay' });
    const post = await send('POST', api(`/inspectionOrder/${order._id}/result`, other), { itemKey: 'coolant' }, otherHeaders);
    expect(post.statusCode).toBe(404);
    const put = await send('PUT', api(`/inspectionOrder/${order._id}/result/${r._id}`, other), { note: 'x' }, otherHeaders);
    expect(put.statusCode).toBe(404);
    const otherOrder = await t.make.inspectionOrder(other);
    const cross = await send('PUT', api(`/inspectionOrder/${otherOrder.id}/result/${r._id}`, other), { note: 'x' }, otherHeaders);
    expect(cross.statusCode).toBe(404);
    expect(await resultsOf(order._id)).toMatchObject([{ note: null }]);
  });

  it('updates: the same severity sent as null clears, a new one brings its defaults, deferred and confirmed', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning', mapValue: '2' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}`);
    const critical = (await send('PUT', url, { result: 'critical' })).json();
    expect(critical).toMatchObject({ result: 'critical', finding: 'failed', recommendation: 'replace', mapValue: null });
    const rec = (await send('PUT', url, { recommendation: 'repair', mapValue: 'A', note: 'Scored' })).json();
    expect(rec).toMatchObject({ recommendation: 'repair', mapValue: 'A', note: 'Scored' });
    expect((await send('PUT', url, { confirmed: true })).json().confirmed).toBe(true);
    const deferred = (await send('PUT', url, { deferredIgnoredByCustomer: true })).json();
    expect(deferred).toMatchObject({ deferredIgnoredByCustomer: true, confirmed: false });
    const cleared = (await send('PUT', url, { result: null })).json();
    expect(cleared).toMatchObject({ result: null, finding: null, recommendation: null, mapValue: null });
    expect((await send('PUT', url, {})).statusCode).toBe(400);
    expect((await send('DELETE', url)).statusCode).toBe(204);
    expect((await send('GET', url)).statusCode).toBe(404);
  });

  it('each change starts the technician time tracker when enabled, reopens a finished inspection and tells the dashboards', async () => {
    await setSettings({ inspectionTimeTrackerEnable: true });
    const order = await newOrder({ technicianId: tech.id });
    const r = await createResult(order._id, { itemKey: 'coolant', result: 'okay' }, techHeaders);
    let now: RepairOrder = (await send('GET', api(`/inspectionOrder/${order._id}`))).json();
    expect(now.timeTracker.isRunning).toBe(true);
    expect(now.states.inspection).toBe('inProgress');
    // Finish (after answering every required item is not needed for this: force the state), then change again.
    await send('PUT', api(`/inspectionOrder/${order._id}/state`), { state: 'inspection', value: 'done' });
    await send('POST', api(`/inspectionOrder/${order._id}/timeTracker/pause`), undefined, techHeaders);
    await send('PUT', api(`/inspectionOrder/${order._id}/result/${r._id}`), { note: 'topped off' });
    now = (await send('GET', api(`/inspectionOrder/${order._id}`))).json();
    expect(now.states.inspection).toBe('inProgress');
    expect(now.finished).toBe(false);
    // An advisor's change does not start the technician's clock.
    expect(now.timeTracker.isRunning).toBe(false);
    expect(now.activities.map((a) => a.type)).toEqual(expect.arrayContaining(['timeTrackerStarted', 'reopened']));
    const events = await t.platform.database.db
      .select()
      .from(outboxEvents)
      .where(like(outboxEvents.topic, `store/${store.id}/inspectionOrders/updated`));
    expect(events.some((e) => (e.payload as { _id: string })._id === order._id)).toBe(true);
    await setSettings({});
  });

  it('a closed order refuses every change', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'coolant', result: 'okay' });
    await send('POST', api(`/inspectionOrder/${order._id}/close`));
    expect((await send('POST', api(`/inspectionOrder/${order._id}/result`), { itemKey: 'engineOil' })).json().code).toBe('ORDER_CLOSED');
    expect((await send('DELETE', api(`/inspectionOrder/${order._id}/result/${r._id}`))).json().code).toBe('ORDER_CLOSED');
  });

  it('lists in page order, grouped on demand, with the previous visit measurements', async () => {
    const customer = await t.make.customer(store);
    const vehicle = await t.make.vehicle(store, { householdId: customer.householdId });
    const body = { customerId: customer.id, vehicleId: vehicle.id };
    const first: RepairOrder = (await send('POST', api('/inspectionOrder'), body)).json();
    await createResult(first._id, { itemKey: 'frontBrakePads', value: 6 });
    await createResult(first._id, { itemKey: 'batteryVoltage', value: 12.6 });
    await new Promise((r) => setTimeout(r, 5));
    const second: RepairOrder = (await send('POST', api('/inspectionOrder'), body)).json();
    await createResult(second._id, { itemKey: 'frontBrakePads', value: 3.5 });
    await createResult(second._id, { itemKey: 'odometerPhoto', result: 'okay' });
    const res = await send('GET', api(`/inspectionOrder/${second._id}/result?grouped=true`));
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.results.map((r: InspectionResult) => r.itemKey)).toEqual(['odometerPhoto', 'frontBrakePads']);
    expect(list.grouped).toEqual([
      { group: 'vehicleDetails', sections: [{ section: 'arrival', resultIds: [list.results[0]._id] }] },
      { group: 'brakes', sections: [{ section: 'front', resultIds: [list.results[1]._id] }] },
    ]);
    expect(list.previousMeasurements).toEqual(
      expect.arrayContaining([
        { itemKey: 'frontBrakePads', value: 6, result: 'okay', inspectionOrderId: first._id, orderNumber: first.orderNumber, date: first.date },
        { itemKey: 'batteryVoltage', value: 12.6, result: 'okay', inspectionOrderId: first._id, orderNumber: first.orderNumber, date: first.date },
      ]),
    );
    expect(list.previousMeasurements).toHaveLength(2);
    // The first visit has no previous one, and no grouping unless asked.
    const firstList = (await send('GET', api(`/inspectionOrder/${first._id}/result`))).json();
    expect(firstList.previousMeasurements).toEqual([]);
    expect(firstList.grouped).toBeUndefined();
  });

  it('can-be-finished gives measurements-required, then items-required, then null; finish follows', async () => {
    await setSettings({ defaultInspection: QUICK_PHOTO_INSPECTION_ID });
    const order = await newOrder();
    const reason = async () => (await send('GET', api(`/inspectionOrder/${order._id}/can-be-finished`))).json().cannotBeFinishedReason;
    expect(await reason()).toBe('items-required');
    const finish = await send('POST', api(`/inspectionOrder/${order._id}/finish`));
    expect(finish.json()).toMatchObject({ status: 409, code: 'ORDER_CANNOT_BE_FINISHED', message: 'items-required' });
    for (const itemKey of ['odometerPhoto', 'dashWarningLights', 'frontPhoto', 'driverSidePhoto', 'rearPhoto', 'passengerSidePhoto', 'windshield', 'tireCondition', 'exteriorLights']) {
      await createResult(order._id, { itemKey, result: 'okay' });
    }
    expect(await reason()).toBeNull();
    expect((await send('POST', api(`/inspectionOrder/${order._id}/finish`))).json().states.inspection).toBe('done');
    await setSettings({});

    const mpi = await newOrder();
    await createResult(mpi._id, { itemKey: 'frontBrakePads', result: 'warning' });
    expect((await send('GET', api(`/inspectionOrder/${mpi._id}/can-be-finished`))).json().cannotBeFinishedReason).toBe('measurements-required');
  });

  it('names every blocking item: in the finish refusal details and the can-be-finished answer', async () => {
    await setSettings({ defaultInspection: QUICK_PHOTO_INSPECTION_ID });
    const order = await newOrder();
    await createResult(order._id, { itemKey: 'odometerPhoto', result: 'okay' });
    const refused = await send('POST', api(`/inspectionOrder/${order._id}/finish`));
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    // The code and message are what they were; the items are in the documented details field.
    expect(body).toMatchObject({ status: 409, code: 'ORDER_CANNOT_BE_FINISHED', message: 'items-required' });
    expect(body.details.missingMeasurements).toEqual([]);
    expect(body.details.missingResults.map((i: { itemKey: string }) => i.itemKey)).toEqual([
      'dashWarningLights', 'frontPhoto', 'driverSidePhoto', 'rearPhoto', 'passengerSidePhoto', 'windshield', 'tireCondition', 'exteriorLights',
    ]);
    expect(body.details.missingResults[0]).toMatchObject({
      itemKey: 'dashWarningLights',
      group: 'vehicleDetails',
      name: { en: expect.any(String), fr: expect.any(String) },
      section: expect.any(String),
      sectionName: { en: expect.any(String), fr: expect.any(String) },
    });
    const check = (await send('GET', api(`/inspectionOrder/${order._id}/can-be-finished`))).json();
    expect(check).toEqual({ cannotBeFinishedReason: 'items-required', blockers: body.details });
    await setSettings({});

    // The multi-point inspection: a pad marked without its value, the others untouched.
    const mpi = await newOrder();
    await createResult(mpi._id, { itemKey: 'frontBrakePads', result: 'warning' });
    const mpiBody = (await send('POST', api(`/inspectionOrder/${mpi._id}/finish`))).json();
    expect(mpiBody).toMatchObject({ code: 'ORDER_CANNOT_BE_FINISHED', message: 'measurements-required' });
    const measured = mpiBody.details.missingMeasurements.map((i: { itemKey: string }) => i.itemKey);
    expect(measured).toContain('frontBrakePads');
    expect(mpiBody.details.missingMeasurements.find((i: { itemKey: string }) => i.itemKey === 'frontBrakePads')).toMatchObject({ unit: 'mm', group: 'brakes' });
    // frontBrakePads has a result: it is not among the items without one.
    expect(mpiBody.details.missingResults.map((i: { itemKey: string }) => i.itemKey)).not.toContain('frontBrakePads');
    expect(mpiBody.details.missingResults.length).toBeGreaterThan(0);
  });
});

describe('pictures', () => {
  it('stores an upright picture with gallery, phone, thumbnail and original copies, worker, time and place; signed URLs only', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'critical' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/picture`);
    const form = await jpegForm(
      { name: 'rotor.jpg', workerName: 'Sam Tech', workerTitle: 'Technician', dateTime: '2026-11-20T10:15:00Z', lat: '45.5017', long: '-73.5673' },
      await sidewaysJpeg(3000, 1500),
    );
    const res = await upload('POST', url, form);
    expect(res.statusCode, res.body).toBe(201);
    const picture = res.json().pictures[0];
    expect(picture).toMatchObject({
      name: 'rotor.jpg',
      gpsCoords: { lat: 45.5017, long: -73.5673 },
      dateTime: '2026-11-20T10:15:00.000Z',
      worker: { name: 'Sam Tech', title: 'Technician' },
    });
    expect(res.body).not.toMatch(/base64/);
    const size = async (link: string) => {
      const file = await t.app.inject({ method: 'GET', url: link });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      return sharp(file.rawPayload).metadata();
    };
    // Turned upright (EXIF 6: the 3000x1500 picture stands 1500x3000), then shrunk per variant.
    const shown = await size(picture.source);
    expect(shown).toMatchObject({ width: 1024, height: 2048 });
    expect(shown.orientation).toBeUndefined();
    expect(shown.exif).toBeUndefined();
    expect(await size(picture.gallery)).toMatchObject({ width: 640, height: 1280 });
    expect(await size(picture.phone)).toMatchObject({ width: 320, height: 640 });
    expect(await size(picture.thumb)).toMatchObject({ width: 160, height: 320 });
    expect(await size(picture.original)).toMatchObject({ width: 1500, height: 3000 });
  });

  it("takes the spec's gps field (JSON or \"lat,long\"), validates it, stores it and answers it as gpsCoords", async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/picture`);
    const add = async (name: string, fields: Record<string, string>) => upload('POST', url, await jpegForm({ name, worker: 'Sam Tech', ...fields }));

    const json = await add('json.jpg', { gps: '{"lat":45.5017,"long":-73.5673}' });
    expect(json.statusCode, json.body).toBe(201);
    const text = await add('text.jpg', { gps: ' 48.8566 , 2.3522 ' });
    const browser = await add('browser.jpg', { gps: JSON.stringify({ latitude: -33.8688, longitude: 151.2093 }) });
    const agreeing = await add('both.jpg', { gps: '10,20', lat: '10', long: '20' });
    const none = await add('none.jpg', { gps: '' });
    const pictures = (await send('GET', api(`/inspectionOrder/${order._id}/result/${r._id}`))).json().pictures as Array<{ name: string; gpsCoords: unknown; worker: unknown }>;
    const byName = Object.fromEntries(pictures.map((p) => [p.name, p.gpsCoords]));
    expect(byName).toEqual({
      'json.jpg': { lat: 45.5017, long: -73.5673 },
      'text.jpg': { lat: 48.8566, long: 2.3522 },
      'browser.jpg': { lat: -33.8688, long: 151.2093 },
      'both.jpg': { lat: 10, long: 20 },
      'none.jpg': null,
    });
    expect(pictures[0]!.worker).toMatchObject({ name: 'Sam Tech' });
    for (const res of [text, browser, agreeing, none]) expect(res.statusCode).toBe(201);

    // The image editor's save keeps the place unless it sends a new one.
    const replaced = await upload('PUT', url, await jpegForm({ name: 'json.jpg' }));
    expect(replaced.json().pictures.find((p: { name: string }) => p.name === 'json.jpg').gpsCoords).toEqual({ lat: 45.5017, long: -73.5673 });
    const moved = await upload('PUT', url, await jpegForm({ name: 'json.jpg', gps: '1.5,-2.5' }));
    expect(moved.json().pictures.find((p: { name: string }) => p.name === 'json.jpg').gpsCoords).toEqual({ lat: 1.5, long: -2.5 });

    const files = storedFiles().length;
    const refused: Array<[Record<string, string>, string]> = [
      [{ gps: '91,0' }, 'gps: lat must be a number from -90 to 90'],
      [{ gps: '{"lat":0,"long":181}' }, 'gps: long must be a number from -180 to 180'],
      [{ gps: 'here' }, 'gps: must be {"lat": …, "long": …} or "lat,long"'],
      [{ gps: '{"lat":1}' }, 'gps: must be {"lat": …, "long": …} or "lat,long"'],
      [{ gps: '{not json' }, 'gps: must be {"lat": …, "long": …} or "lat,long"'],
      [{ gps: '1,2,3' }, 'gps: must be {"lat": …, "long": …} or "lat,long"'],
      [{ gps: '{"lat":"north","long":2}' }, 'gps: lat must be a number from -90 to 90'],
      [{ gps: '1,2', lat: '3', long: '4' }, 'gps: gps and lat/long disagree; send one'],
    ];
    for (const [fields, message] of refused) {
      const res = await add('refused.jpg', fields);
      expect(res.json(), JSON.stringify(fields)).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message });
    }
    expect(storedFiles().length).toBe(files);
  });

  it('the editor save replaces the shown picture, keeps the original, and the old copies go', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/picture`);
    const first = (await upload('POST', url, await jpegForm({ name: 'a.jpg' }))).json().pictures[0];
    const before = storedFiles().length;
    const annotated = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const res = await upload('PUT', url, multipart({ name: 'a.jpg' }, { field: 'image', filename: 'a.png', contentType: 'image/png', data: annotated }));
    expect(res.statusCode, res.body).toBe(200);
    const now = res.json().pictures;
    expect(now).toHaveLength(1);
    expect(now[0].source).not.toBe(first.source);
    expect(new URL(now[0].original, 'http://x').pathname).toBe(new URL(first.original, 'http://x').pathname);
    expect((await sharp((await t.app.inject({ method: 'GET', url: now[0].source })).rawPayload).metadata()).width).toBe(80);
    // The first upload's shown, gallery, phone and thumbnail copies were replaced by four new ones.
    expect(new URL(now[0].thumb, 'http://x').pathname).not.toBe(new URL(first.thumb, 'http://x').pathname);
    expect(storedFiles().length).toBe(before);
    const missing = await upload('PUT', url, await jpegForm({ name: 'b.jpg' }));
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a text file named .jpg, an SVG, a path-like name, a name with characters no file name holds, a duplicate name and a video; nothing stored', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/picture`);
    await upload('POST', url, await jpegForm({ name: 'kept.jpg' }));
    const files = storedFiles().length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const cases: Array<[ReturnType<typeof multipart>, number, string]> = [
      [multipart({ name: 'x.jpg' }, { field: 'image', filename: 'x.jpg', contentType: 'image/jpeg', data: Buffer.from('just some text, not a picture') }), 415, 'file: only PNG or JPEG files are accepted'],
      [multipart({ name: 'x.svg' }, { field: 'image', filename: 'x.svg', contentType: 'image/svg+xml', data: svg }), 415, 'file: only PNG or JPEG files are accepted'],
      [await jpegForm({ name: '../../etc/passwd.jpg' }), 400, 'name: must be a file name, not a path'],
      [await jpegForm({ name: 'front <left>*.jpg' }), 400, 'name: these characters cannot be used: <, >, *'],
      [await jpegForm({ name: 'kept.jpg' }), 409, 'name: the result already has a picture kept.jpg'],
      [await jpegForm({ name: 'p.jpg', lat: '91', long: '0' }), 400, 'lat: must be a number from -90 to 90'],
      [multipart({ name: 'v.jpg' }, { field: 'image', filename: 'v.mp4', contentType: 'video/mp4', data: mp4(2000) }), 415, 'file: only PNG or JPEG files are accepted'],
    ];
    for (const [form, status, message] of cases) {
      const res = await upload('POST', url, form);
      expect(res.json()).toMatchObject({ status, message });
    }
    expect(storedFiles().length).toBe(files);
    const media = await t.platform.database.db.select().from(inspectionResultMedia).where(eq(inspectionResultMedia.resultId, r._id));
    expect(media.map((m) => m.name)).toEqual(['kept.jpg']);
  });

  it('deletes a picture by name with its files; an unknown name is 404', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/picture`);
    const before = storedFiles().length;
    await upload('POST', url, await jpegForm({ name: 'gone soon.jpg' }));
    expect(storedFiles().length).toBe(before + 5);
    const res = await send('DELETE', `${url}/${encodeURIComponent('gone soon.jpg')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().pictures).toEqual([]);
    expect(storedFiles().length).toBe(before);
    expect((await send('DELETE', `${url}/nothing.jpg`)).statusCode).toBe(404);
  });

  it("deleting a result deletes its pictures' files", async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const before = storedFiles().length;
    await upload('POST', api(`/inspectionOrder/${order._id}/result/${r._id}/picture`), await jpegForm({ name: 'x.jpg' }));
    await send('DELETE', api(`/inspectionOrder/${order._id}/result/${r._id}`));
    expect(storedFiles().length).toBe(before);
  });

  it("the order's primary picture refuses a video with the spec's message", async () => {
    const order = await newOrder();
    const res = await upload(
      'POST',
      api(`/inspectionOrder/${order._id}/primaryPicture`),
      multipart({}, { field: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: mp4(5000) }),
    );
    expect(res.json()).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Were sorry videos are not allowed as primary pictures' });
  });
});

describe('videos', () => {
  it('streams a video into storage, ignores a duplicate name, deletes by name', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/video`);
    const data = mp4(300_000);
    const form = multipart({ name: 'walkaround.mp4', lastModified: '1763640000000', duration: '12.5' }, { field: 'video', filename: 'walkaround.mp4', contentType: 'video/mp4', data });
    const before = storedFiles().length;
    const res = await upload('POST', url, form);
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json().videos[0];
    expect(video).toMatchObject({ name: 'walkaround.mp4', duration: 12.5, lastModified: new Date(1763640000000).toISOString(), contentType: 'video/mp4', size: data.length });
    const file = await t.app.inject({ method: 'GET', url: video.url, headers: { range: 'bytes=0-99' } });
    expect(file.statusCode).toBe(206);
    expect(file.rawPayload.equals(data.subarray(0, 100))).toBe(true);
    const again = await upload('POST', url, form);
    expect(again.statusCode).toBe(200);
    expect(again.json().videos).toHaveLength(1);
    expect(storedFiles().length).toBe(before + 1);
    const del = await send('DELETE', `${url}/walkaround.mp4`);
    expect(del.json().videos).toEqual([]);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a video of 52428800 + 1 bytes (413), a picture and a path-like name; nothing stored', async () => {
    const order = await newOrder();
    const r = await createResult(order._id, { itemKey: 'frontRotors', result: 'warning' });
    const url = api(`/inspectionOrder/${order._id}/result/${r._id}/video`);
    const before = storedFiles().length;
    const head = mp4(0);
    const big = Buffer.concat([head, Buffer.alloc(52_428_800 + 1 - head.length, 7)]);
    const tooBig = await upload('POST', url, multipart({ name: 'big.mp4' }, { field: 'video', filename: 'big.mp4', contentType: 'video/mp4', data: big }));
    expect(tooBig.json()).toEqual({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is larger than 52428800 bytes' });
    const jpeg = await upload('POST', url, await jpegForm({ name: 'x.jpg' }));
    expect(jpeg.json()).toMatchObject({ status: 415, message: 'file: only MP4, MOV or WebM videos are accepted' });
    const path = await upload('POST', url, multipart({ name: 'C:\\videos\\a.mp4' }, { field: 'video', filename: 'a.mp4', contentType: 'video/mp4', data: mp4(100) }));
    expect(path.json()).toMatchObject({ status: 400, message: 'name: must be a file name, not a path' });
    expect(storedFiles().length).toBe(before);
    const media = await t.platform.database.db
      .select()
      .from(inspectionResultMedia)
      .where(and(eq(inspectionResultMedia.resultId, r._id), eq(inspectionResultMedia.kind, 'video')));
    expect(media).toEqual([]);
  }, 60_000);
});

describe('texts', () => {
  it('every reason, code and failure message the server gives has its en and fr text', () => {
    for (const catalog of [en, fr]) {
      for (const reason of FINISH_REASONS) expect(catalog.inspections.finish[reason]).toMatch(/\S/);
      for (const code of [...DEFICIENCY_REASON_CODES.warning, ...DEFICIENCY_REASON_CODES.critical]) {
        expect(catalog.inspections.deficiency[code as keyof typeof catalog.inspections.deficiency]).toMatch(/\S/);
      }
    }
    expect(en.inspections.automaticSelection.selectFailed).toBe(AUTOMATIC_SELECTION_FAILURES.select);
    expect(en.inspections.automaticSelection.updateFailed).toBe(AUTOMATIC_SELECTION_FAILURES.update);
    expect(en.inspections.media.primaryPictureVideo).toBe(PRIMARY_PICTURE_VIDEO_MESSAGE);
  });
});
