import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ANALYTICS_EVENTS, NEXT_MAINTENANCE_INTERVAL, OFTEN_REQUIRED_WORK, PORTAL_LIMITS, SEASONS } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { MULTI_POINT_INSPECTION_ID } from '../inspections/index.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { portalEvents, todoItems } from './portal.schema.js';

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
let store: Store;
let jane: { headers: Record<string, string>; customerId: string; householdId: string; car: string; van: string };
let neighbour: { headers: Record<string, string>; car: string };
let stranger: { headers: Record<string, string>; car: string };
let advisor: Record<string, string>;

/** A customer of the store with a household, a portal user and vehicles. */
async function household(s: Store, vehicles: number) {
  const customer = await t.make.customer(s, { firstName: 'Jane', lastName: 'Doe', email: `${crypto.randomUUID()}@example.com` });
  const made = [];
  for (let i = 0; i < vehicles; i++) made.push(await t.make.vehicle(s, { householdId: customer.householdId, year: 2018 + i, fleetNumber: String(i + 1) }));
  const user = await t.make.user('consumer', s, { customerId: customer.id });
  return { customer, vehicles: made, headers: await bearer(t.platform.tokens, user) };
}

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown Auto' });
  await t.platform.database.db
    .update(stores)
    .set({
      franchiseName: 'ServiceBay Franchise',
      phoneNo: '(514) 555-0100',
      address: '12 Main St, Montréal',
      country: 'ca',
      state: 'QC',
      openTime: [{ day: 'monday', open: '08:00', close: '17:00' }, { day: 'sunday', open: 'closed' }],
    })
    .where(eq(stores.id, store.id));
  const j = await household(store, 2);
  jane = { headers: j.headers, customerId: j.customer.id, householdId: j.customer.householdId!, car: j.vehicles[0]!.id, van: j.vehicles[1]!.id };
  const n = await household(store, 1);
  neighbour = { headers: n.headers, car: n.vehicles[0]!.id };
  const other = await t.make.store({ name: 'Other Garage' });
  const s = await household(other, 1);
  stranger = { headers: s.headers, car: s.vehicles[0]!.id };
  advisor = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
}, 120_000);
afterAll(() => t?.close());

describe('the store and the vehicles', () => {
  it("answers the customer's store with its hours and the time zone of its province", async () => {
    const res = await get(`/v2/api/customer/${jane.customerId}/store`, jane.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: store.id,
      name: 'Downtown Auto',
      franchiseName: 'ServiceBay Franchise',
      phoneNo: '(514) 555-0100',
      address: '12 Main St, Montréal',
      country: 'ca',
      state: 'QC',
      openTime: [{ day: 'monday', open: '08:00', close: '17:00' }, { day: 'sunday', open: 'closed' }],
      timeZone: 'America/Toronto',
    });
  });

  it("answers the store's own time zone once a manager sets it, and refuses a zone that is not one", async () => {
    const owner = await bearer(t.platform.tokens, await t.make.user('StoreManager', store));
    const url = `/v2/api/store/${store.id}/settings`;
    const bad = await t.app.inject({ method: 'PUT', url, headers: { ...owner, 'content-type': 'application/json' }, payload: { timeZone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('timeZone');
    const ok = await t.app.inject({ method: 'PUT', url, headers: { ...owner, 'content-type': 'application/json' }, payload: { timeZone: 'America/Halifax' } });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/v2/api/customer/${jane.customerId}/store`, jane.headers)).json().timeZone).toBe('America/Halifax');
    await t.app.inject({ method: 'PUT', url, headers: { ...owner, 'content-type': 'application/json' }, payload: { timeZone: null } });
    expect((await get(`/v2/api/customer/${jane.customerId}/store`, jane.headers)).json().timeZone).toBe('America/Toronto');
  });

  it("lists the household's vehicles, pictures included", async () => {
    const res = await get(`/v2/api/customer/${jane.customerId}/vehicles`, jane.headers);
    expect(res.statusCode).toBe(200);
    const { vehicles } = res.json();
    expect(vehicles.map((v: { _id: string }) => v._id).sort()).toEqual([jane.car, jane.van].sort());
    expect(vehicles[0]).toMatchObject({ make: 'Honda', model: 'Civic', picture: null, latestInspectionPicture: null });
  });

  it('answers the dashboard in one request: the store, the customer and the vehicles', async () => {
    const res = await get(`/v2/api/customer/${jane.customerId}/dashboard`, jane.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.store).toEqual((await get(`/v2/api/customer/${jane.customerId}/store`, jane.headers)).json());
    expect(body.vehicles).toEqual((await get(`/v2/api/customer/${jane.customerId}/vehicles`, jane.headers)).json().vehicles);
    expect(body.customer).toEqual({ _id: jane.customerId, firstName: 'Jane', lastName: 'Doe', business: null, fleetPicture: null });
  });

  it("carries the customer's own fleet logo once uploaded, not a household member's", async () => {
    const partner = await t.make.customer(store, { firstName: 'Sam', lastName: 'Doe', householdId: jane.householdId });
    const partnerHeaders = await bearer(t.platform.tokens, await t.make.user('consumer', store, { customerId: partner.id }));
    expect((await get(`/v2/api/customer/${jane.customerId}/vehicles`, jane.headers)).json().fleetPicture).toBeNull();
    const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#123456' } }).png().toBuffer();
    const form = multipart({}, { field: 'file', filename: 'logo.png', contentType: 'image/png', data: png });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/v2/api/customer/${jane.customerId}/fleetPicture`,
      headers: { ...jane.headers, ...form.headers },
      payload: form.payload,
    });
    expect(uploaded.statusCode).toBe(200);
    const mine = await get(`/v2/api/customer/${jane.customerId}/vehicles`, jane.headers);
    expect(mine.json().fleetPicture).toEqual({ url: expect.stringContaining('/v2/files/'), name: 'logo.jpg' });
    // The logo is the customer's: the partner reads the same vehicles, and no logo.
    const theirs = (await get(`/v2/api/customer/${partner.id}/vehicles`, partnerHeaders)).json();
    expect(theirs.vehicles).toHaveLength(2);
    expect(theirs.fleetPicture).toBeNull();
  });

  it("answers another customer's id with 404, in the same store or another, and to the store's staff", async () => {
    for (const headers of [neighbour.headers, stranger.headers]) {
      expect((await get(`/v2/api/customer/${jane.customerId}/store`, headers)).statusCode).toBe(404);
      expect((await get(`/v2/api/customer/${jane.customerId}/dashboard`, headers)).statusCode).toBe(404);
      const res = await get(`/v2/api/customer/${jane.customerId}/vehicles`, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: 'Not found' });
    }
    expect((await get(`/v2/api/customer/${jane.customerId}/vehicles`, advisor)).statusCode).toBe(403);
    expect((await get(`/v2/api/customer/${jane.customerId}/dashboard`, advisor)).statusCode).toBe(403);
  });
});

describe('closed orders and deferred work', () => {
  let newer: string;
  let older: string;
  let declined: string;

  beforeAll(async () => {
    const at = (iso: string) => new Date(iso);
    const order = (fields: Record<string, unknown>) =>
      t.make.inspectionOrder(store, { customerId: jane.customerId, vehicleId: jane.car, inspectionType: MULTI_POINT_INSPECTION_ID, ...fields });
    older = (await order({ closed: true, closedAt: at('2026-05-02T15:00Z'), createdAt: at('2026-05-02T13:00Z'), mileageIn: 41000, orderNumber: '100' })).id;
    newer = (await order({ closed: true, closedAt: at('2026-10-02T15:00Z'), createdAt: at('2026-10-02T13:00Z'), mileageIn: null, orderNumber: '200' })).id;
    await order({ closed: false, orderNumber: '300' });
    const result = (inspectionOrderId: string, itemKey: string, r: string, fields: Record<string, unknown> = {}) =>
      t.make.result(store, { inspectionOrderId, itemKey, result: r, ...fields });
    await result(newer, 'frontBrakePads', 'critical');
    await result(newer, 'frontRotors', 'okay');
    await result(newer, 'rearRotors', 'okay');
    declined = (await result(newer, 'rearBrakePads', 'warning', { customerDecision: 'declined', findingText: 'Worn to 3 mm' })).id;
    await result(newer, 'treadLeftFront', 'na');
    await result(older, 'frontBrakePads', 'warning', { customerDecision: 'declined', deferredIgnoredByCustomer: true });
    await result(older, 'frontRotors', 'warning', { customerDecision: 'approved', clientApprovedForWork: true });
  });

  it('lists the closed orders newest first with their counts and mileage, paged', async () => {
    const res = await get(`/v2/api/vehicle/${jane.car}/closedOrders`, jane.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders.map((o: { _id: string }) => o._id)).toEqual([newer, older]);
    expect(body.orders[0]).toMatchObject({ orderNumber: '200', mileageIn: null, counts: { okay: 2, warning: 1, critical: 1 } });
    expect(body.orders[1]).toMatchObject({ orderNumber: '100', mileageIn: 41000, counts: { okay: 0, warning: 2, critical: 0 } });
    expect(body.page).toEqual({ size: 10, totalElements: 2, totalPages: 1, number: 0 });
    const second = (await get(`/v2/api/vehicle/${jane.car}/closedOrders?page=1&size=1`, jane.headers)).json();
    expect(second.orders.map((o: { _id: string }) => o._id)).toEqual([older]);
    expect((await get(`/v2/api/vehicle/${jane.van}/closedOrders`, jane.headers)).json().orders).toEqual([]);
    expect((await get(`/v2/api/vehicle/${jane.car}/closedOrders?size=500`, jane.headers)).statusCode).toBe(400);
  });

  it('lists the declined items not dismissed, named in both languages', async () => {
    const res = await get(`/v2/api/vehicle/${jane.car}/deferredItems`, jane.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      {
        resultId: declined,
        inspectionOrderId: newer,
        orderNumber: '200',
        date: '2026-10-02T13:00:00.000Z',
        itemKey: 'rearBrakePads',
        name: { en: 'Rear brake pads or shoes', fr: 'Plaquettes ou segments arrière' },
        result: 'warning',
        finding: { en: 'Worn to 3 mm', fr: 'Worn to 3 mm' },
        recommendation: null,
      },
    ]);
  });

  it('drops a deferred item once the customer dismisses it from the report', async () => {
    const dismissed = await t.app.inject({
      method: 'PUT',
      url: `/v2/api/report/${newer}/result/${declined}/deferred`,
      headers: { ...jane.headers, 'content-type': 'application/json' },
      payload: { deferredIgnoredByCustomer: true },
    });
    expect(dismissed.statusCode).toBeLessThan(300);
    expect((await get(`/v2/api/vehicle/${jane.car}/deferredItems`, jane.headers)).json().items).toEqual([]);
  });

  it("answers the vehicle's overview in one request: first page of orders, deferred work, to-dos, next maintenance", async () => {
    const todo = await post(`/v2/api/vehicle/${jane.car}/todo-item`, jane.headers, { value: 'Overview to-do' });
    expect(todo.statusCode).toBe(201);
    const res = await get(`/v2/api/vehicle/${jane.car}/overview`, jane.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.orders).toEqual((await get(`/v2/api/vehicle/${jane.car}/closedOrders`, jane.headers)).json());
    expect(body.deferredItems).toEqual((await get(`/v2/api/vehicle/${jane.car}/deferredItems`, jane.headers)).json().items);
    expect(body.todos).toEqual((await get(`/v2/api/vehicle/${jane.car}/todo-item`, jane.headers)).json().items);
    expect(body.todos.map((x: { value: string }) => x.value)).toContain('Overview to-do');
    // The newest order has no mileage recorded: the one before it (41,000) plus the interval.
    expect(body.nextMaintenanceMileage).toBe(41000 + NEXT_MAINTENANCE_INTERVAL);
    const van = (await get(`/v2/api/vehicle/${jane.van}/overview`, jane.headers)).json();
    expect(van).toMatchObject({ orders: { orders: [] }, appointment: null, nextMaintenanceMileage: null });
    await t.app.inject({ method: 'DELETE', url: `/v2/api/todo-item/${todo.json()._id}`, headers: jane.headers });
  });

  it("answers another household's vehicle with 404, whoever asks", async () => {
    for (const url of [`/v2/api/vehicle/${jane.car}/closedOrders`, `/v2/api/vehicle/${jane.car}/deferredItems`, `/v2/api/vehicle/${jane.car}/overview`]) {
      expect((await get(url, neighbour.headers)).statusCode).toBe(404);
      expect((await get(url, stranger.headers)).statusCode).toBe(404);
    }
    expect((await get(`/v2/api/vehicle/${stranger.car}/closedOrders`, jane.headers)).statusCode).toBe(404);
    expect((await get(`/v2/api/vehicle/${crypto.randomUUID()}/closedOrders`, jane.headers)).statusCode).toBe(404);
    expect((await get(`/v2/api/vehicle/${stranger.car}/overview`, jane.headers)).statusCode).toBe(404);
  });
});

describe('to-dos', () => {
  const url = () => `/v2/api/vehicle/${jane.van}/todo-item`;

  it('adds a trimmed to-do, lists it, and removes it', async () => {
    const added = await post(url(), jane.headers, { value: '  Check the spare tire  ' });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ vehicleId: jane.van, value: 'Check the spare tire', itemId: null });
    const seasonal = await post(url(), jane.headers, { value: 'Install winter tires', itemId: 'winter-tires' });
    expect(seasonal.json().itemId).toBe('winter-tires');
    const listed = (await get(url(), jane.headers)).json().items;
    expect(listed.map((i: { value: string }) => i.value)).toEqual(['Check the spare tire', 'Install winter tires']);
    const removed = await t.app.inject({ method: 'DELETE', url: `/v2/api/todo-item/${added.json()._id}`, headers: jane.headers });
    expect(removed.statusCode).toBe(204);
    expect((await get(url(), jane.headers)).json().items.map((i: { value: string }) => i.value)).toEqual(['Install winter tires']);
    const again = await t.app.inject({ method: 'DELETE', url: `/v2/api/todo-item/${added.json()._id}`, headers: jane.headers });
    expect(again.statusCode).toBe(404);
  });

  it('refuses an empty, a blank, a 10,000-character and an unknown to-do, storing nothing', async () => {
    const before = (await get(url(), jane.headers)).json().items.length;
    for (const [body, field] of [
      [{ value: '' }, 'value'],
      [{ value: '    ' }, 'value'],
      [{ value: 'x'.repeat(10_000) }, 'value'],
      [{ value: 'x'.repeat(PORTAL_LIMITS.todoMaxLength + 1) }, 'value'],
      [{}, 'value'],
      [{ value: 'Wax', itemId: 'no-such-item' }, 'itemId'],
      [{ value: 'Wax', colour: 'red' }, ''],
    ] as const) {
      const res = await post(url(), jane.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
      expect(res.json().message).toContain(field);
    }
    expect((await post(url(), jane.headers, { value: 'y'.repeat(PORTAL_LIMITS.todoMaxLength) })).statusCode).toBe(201);
    expect((await get(url(), jane.headers)).json().items.length).toBe(before + 1);
  });

  it('stores a to-do sent twice with one Idempotency-Key once', async () => {
    const key = { 'idempotency-key': `todo-${crypto.randomUUID()}` };
    const first = await post(url(), jane.headers, { value: 'Replace the wipers' }, key);
    const replay = await post(url(), jane.headers, { value: 'Replace the wipers' }, key);
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()._id).toBe(first.json()._id);
    const rows = await t.platform.database.db.select().from(todoItems).where(eq(todoItems.value, 'Replace the wipers'));
    expect(rows).toHaveLength(1);
  });

  it('holds at most the limit of to-dos per vehicle, even when added at once', async () => {
    const car = `/v2/api/vehicle/${jane.car}/todo-item`;
    const answers = await Promise.all(
      Array.from({ length: PORTAL_LIMITS.todosPerVehicle + 5 }, (_, i) => post(car, jane.headers, { value: `Item ${i}` })),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(PORTAL_LIMITS.todosPerVehicle);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.json()).toMatchObject({ status: 409, code: 'TODO_LIMIT_REACHED' });
    expect((await get(car, jane.headers)).json().items).toHaveLength(PORTAL_LIMITS.todosPerVehicle);
  }, 60_000);

  it("answers another household's to-dos and vehicles with 404 and changes nothing", async () => {
    const mine = (await post(url(), jane.headers, { value: 'Mine' })).json();
    for (const headers of [neighbour.headers, stranger.headers]) {
      expect((await get(url(), headers)).statusCode).toBe(404);
      expect((await post(url(), headers, { value: 'Theirs' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/v2/api/todo-item/${mine._id}`, headers })).statusCode).toBe(404);
    }
    expect((await post(`/v2/api/vehicle/${neighbour.car}/todo-item`, jane.headers, { value: 'Theirs' })).statusCode).toBe(404);
    const values = (await get(url(), jane.headers)).json().items.map((i: { value: string }) => i.value);
    expect(values).toContain('Mine');
    expect(values).not.toContain('Theirs');
  });
});

describe('often-required work', () => {
  it('lists the items with their seasons and texts, and the current season', async () => {
    const res = await get('/v2/api/often-required-work', jane.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(SEASONS).toContain(body.season);
    expect(body.items).toHaveLength(OFTEN_REQUIRED_WORK.length);
    expect(body.items).toContainEqual({ _id: 'winter-tires', season: 'Winter', text: { en: 'Install winter tires', fr: 'Installer les pneus d’hiver' } });
    expect(body.items.some((i: { season: string | null }) => i.season === null)).toBe(true);
    expect((await get('/v2/api/often-required-work', advisor)).statusCode).toBe(403);
  });
});

describe('analytics events', () => {
  it('records each known event with the user, customer, store and time', async () => {
    for (const eventName of ANALYTICS_EVENTS) {
      const res = await post('/v2/api/log-event', neighbour.headers, { eventName, data: { vehicleId: neighbour.car } });
      expect(res.statusCode, eventName).toBe(204);
    }
    const rows = await t.platform.database.db.select().from(portalEvents).where(eq(portalEvents.storeId, store.id));
    expect(rows.map((r) => r.eventName).sort()).toEqual([...ANALYTICS_EVENTS].sort());
    expect(rows[0]).toMatchObject({ storeId: store.id, data: { vehicleId: neighbour.car } });
    expect(rows[0]!.customerId).toBeTruthy();
    expect(rows[0]!.userId).toBeTruthy();
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an unknown event or extra fields with 400, storing nothing', async () => {
    const count = async () => (await t.platform.database.db.select().from(portalEvents)).length;
    const before = await count();
    for (const body of [{ eventName: 'hackTheShop' }, {}, { eventName: 'viewReport', extra: 1 }, { eventName: 'viewReport', data: { nested: { a: 1 } } }]) {
      const res = await post('/v2/api/log-event', jane.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('INVALID_ARGUMENTS');
    }
    expect((await post('/v2/api/log-event', jane.headers, { eventName: 'hackTheShop' })).json().message).toContain('eventName');
    expect(await count()).toBe(before);
  });

  it('logs one event sent twice with one Idempotency-Key once, and limits a user to 60 a minute', async () => {
    const fresh = await household(store, 1);
    const key = { 'idempotency-key': `event-${crypto.randomUUID()}` };
    expect((await post('/v2/api/log-event', fresh.headers, { eventName: 'viewReport' }, key)).statusCode).toBe(204);
    expect((await post('/v2/api/log-event', fresh.headers, { eventName: 'viewReport' }, key)).statusCode).toBe(204);
    const mine = async () =>
      (await t.platform.database.db.select().from(portalEvents).where(eq(portalEvents.customerId, fresh.customer.id))).length;
    expect(await mine()).toBe(1);
    const answers = [];
    for (let i = 0; i < PORTAL_LIMITS.eventsPerMinute + 3; i++) answers.push((await post('/v2/api/log-event', fresh.headers, { eventName: 'nextReport' })).statusCode);
    expect(answers.filter((s) => s === 429)).toHaveLength(4);
    expect(await mine()).toBe(PORTAL_LIMITS.eventsPerMinute);
  });

  it('is for portal users only', async () => {
    expect((await post('/v2/api/log-event', advisor, { eventName: 'viewReport' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/v2/api/log-event', payload: { eventName: 'viewReport' } })).statusCode).toBe(401);
  });
});
