import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, like } from 'drizzle-orm';
import type { RepairOrder } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { multipart } from '../../../test/multipart.js';
import { outboxEvents } from '../../platform/db/schema/outbox.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { users } from '../../platform/db/schema/users.js';
import { repairOrderNumbers } from './repair-orders.schema.js';

let t: TestApp;
type Store = Awaited<ReturnType<TestApp['make']['store']>>;
type User = Awaited<ReturnType<TestApp['make']['user']>>;
let store: Store;
let other: Store;
let advisor: User;
let tech: User;
let tech2: User;
let headers: Record<string, string>;
let techHeaders: Record<string, string>;
let tech2Headers: Record<string, string>;
let otherHeaders: Record<string, string>;

const api = (path: string, s: { id: string } = store) => `/v2/api/store/${s.id}${path}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

async function customerWithVehicle(s: { id: string } = store, fields: { business?: string; vin?: string | null; fleetNumber?: string } = {}) {
  const customer = await t.make.customer(s, fields.business ? { business: fields.business } : {});
  const vehicle = await t.make.vehicle(s, { householdId: customer.householdId, vin: fields.vin ?? null, fleetNumber: fields.fleetNumber ?? null });
  return { customer, vehicle };
}

async function newOrder(body: Record<string, unknown> = {}, h = headers): Promise<RepairOrder> {
  const { customer, vehicle } = await customerWithVehicle();
  const res = await send('POST', api('/inspectionOrder'), { customerId: customer.id, vehicleId: vehicle.id, ...body }, h);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function setSettings(settings: Record<string, unknown>) {
  await t.platform.database.db.update(stores).set({ settings }).where(eq(stores.id, store.id));
}

const eventsFor = async (id: string) =>
  (
    await t.platform.database.db
      .select()
      .from(outboxEvents)
      .where(like(outboxEvents.topic, `store/${store.id}/inspectionOrders/%`))
      .orderBy(asc(outboxEvents.id))
  ).filter(
    (e) => (e.payload as { _id?: string })._id === id,
  );

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  advisor = await t.make.user('ServiceAdvisor', store);
  tech = await t.make.user('Technician', store);
  tech2 = await t.make.user('Technician', store);
  headers = await bearer(t.platform.tokens, advisor);
  techHeaders = await bearer(t.platform.tokens, tech);
  tech2Headers = await bearer(t.platform.tokens, tech2);
  otherHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
});
afterAll(() => t?.close());

describe('create, get, update', () => {
  it('creates an order with defaults, embedded customer and vehicle, and a created event', async () => {
    const { customer, vehicle } = await customerWithVehicle();
    const res = await send('POST', api('/inspectionOrder'), {
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceAdvisorId: advisor.id,
      includeMaintenanceInReport: true,
      orderNumber: ' 1234 ',
      owner: store.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const order: RepairOrder = res.json();
    expect(order).toMatchObject({
      orderNumber: '1234',
      vehicleInShop: true,
      waiting: false,
      closed: false,
      finished: false,
      storeId: store.id,
      customerId: customer.id,
      vehicleId: vehicle.id,
      serviceAdvisorId: advisor.id,
      technicianId: null,
      includeMaintenanceInReport: true,
      states: { inspection: 'notStarted', estimate: 'notStarted', approval: 'notStarted', report: 'notStarted', parts: 'notStarted', work: 'notStarted' },
      estimate: { status: null, delivery: 'NOT_SENT' },
      timeTracker: { isRunning: false, elapsedSeconds: 0 },
      activities: [{ type: 'created', userId: advisor.id }],
      _links: { self: { href: api(`/inspectionOrder/${order._id}`) } },
      _embedded: {
        customer: { _id: customer.id, firstName: 'Pat', lastName: 'Sample' },
        vehicle: { _id: vehicle.id, make: 'Honda', model: 'Civic', year: 2018 },
        serviceAdvisor: { _id: advisor.id },
        technician: null,
      },
    });
    const events = await eventsFor(order._id);
    expect(events.map((e) => e.topic)).toEqual([`store/${store.id}/inspectionOrders/created`]);
    expect(events[0]!.payload).toMatchObject({ _id: order._id, orderNumber: '1234' });

    const got = await send('GET', api(`/inspectionOrder/${order._id}`));
    expect(got.json()).toEqual(order);
  });

  it("refuses a vehicle outside the customer's household, another store's ids, and strangers' workers", async () => {
    const a = await customerWithVehicle();
    const b = await customerWithVehicle();
    const mixed = await send('POST', api('/inspectionOrder'), { customerId: a.customer.id, vehicleId: b.vehicle.id });
    expect(mixed.statusCode).toBe(400);
    const foreign = await customerWithVehicle(other);
    expect((await send('POST', api('/inspectionOrder'), { customerId: foreign.customer.id, vehicleId: foreign.vehicle.id })).statusCode).toBe(404);
    const stranger = await t.make.user('ServiceAdvisor', other);
    const res = await send('POST', api('/inspectionOrder'), { customerId: a.customer.id, vehicleId: a.vehicle.id, serviceAdvisorId: stranger.id });
    expect(res.json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS', message: 'serviceAdvisorId: not a worker of this store' });
  });

  it("applies the store's VIN rules", async () => {
    await setSettings({ vinOrOrderNumberMandatory: true });
    const { customer, vehicle } = await customerWithVehicle();
    const res = await send('POST', api('/inspectionOrder'), { customerId: customer.id, vehicleId: vehicle.id });
    expect(res.json()).toMatchObject({ status: 400, message: 'vin_or_order_number_is_mandatory' });
    expect((await send('POST', api('/inspectionOrder'), { customerId: customer.id, vehicleId: vehicle.id, orderNumber: '77' })).statusCode).toBe(201);
    await setSettings({ vinIsMandatory: true });
    expect((await send('POST', api('/inspectionOrder'), { customerId: customer.id, vehicleId: vehicle.id, orderNumber: '78' })).json()).toMatchObject({
      code: 'VIN_IS_MANDATORY',
    });
    await setSettings({});
  });

  it('updates fields, schedules an order taken out of the shop, refuses another vehicle; events follow', async () => {
    const order = await newOrder();
    const res = await send('PUT', api(`/inspectionOrder/${order._id}`), { note: 'Brakes squeak', mileageIn: 120500, waiting: true, orderNumber: 'RO-9' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ note: 'Brakes squeak', mileageIn: 120500, waiting: true, orderNumber: 'RO-9', scheduled: null });
    const out = await send('PUT', api(`/inspectionOrder/${order._id}`), { vehicleInShop: false });
    expect(out.json().scheduled).toEqual(expect.any(String));
    const { vehicle } = await customerWithVehicle();
    const moved = await send('PUT', api(`/inspectionOrder/${order._id}`), { vehicleId: vehicle.id });
    expect(moved.json()).toMatchObject({ status: 409, code: 'CANNOT_CHANGE_VEHICLE' });
    expect((await send('PUT', api(`/inspectionOrder/${order._id}`), { vehicleId: order.vehicleId, note: 'same vehicle' })).statusCode).toBe(200);
    expect((await send('PUT', api(`/inspectionOrder/${order._id}`), {})).statusCode).toBe(400);
    const topics = (await eventsFor(order._id)).map((e) => e.topic.split('/').pop());
    expect(topics).toEqual(['created', 'updated', 'updated', 'updated']);
  });

  it('keeps blocked fields: a new value is refused (FIELD_BLOCKED), the same value passes', async () => {
    const order = await newOrder({ blockedFields: ['mileageIn', 'note'], mileageIn: 1000, note: 'from the DMS' });
    expect((await send('PUT', api(`/inspectionOrder/${order._id}`), { mileageIn: 2000 })).json()).toMatchObject({ status: 409, code: 'FIELD_BLOCKED' });
    expect((await send('PUT', api(`/inspectionOrder/${order._id}`), { note: 'x' })).json()).toMatchObject({ code: 'FIELD_BLOCKED' });
    const same = await send('PUT', api(`/inspectionOrder/${order._id}`), { mileageIn: 1000, note: 'from the DMS', mileageOut: 1100 });
    expect(same.json()).toMatchObject({ mileageIn: 1000, mileageOut: 1100 });
  });

  it("another store's order answers 404", async () => {
    const order = await newOrder();
    expect((await send('GET', api(`/inspectionOrder/${order._id}`, other), undefined, otherHeaders)).statusCode).toBe(404);
    expect((await send('GET', api(`/inspectionOrder/${order._id}`), undefined, otherHeaders)).statusCode).toBe(404);
  });
});

describe('states and transitions', () => {
  it('sets a step state; parts-only values only for parts', async () => {
    const order = await newOrder();
    const res = await send('PUT', api(`/inspectionOrder/${order._id}/state`), { state: 'parts', value: 'inProgressHaveOrdered' });
    expect(res.json().states.parts).toBe('inProgressHaveOrdered');
    expect((await send('PUT', api(`/inspectionOrder/${order._id}/state`), { state: 'work', value: 'inProgressSomeParts' })).statusCode).toBe(400);
    expect((await send('PUT', api(`/inspectionOrder/${order._id}/state`), { state: 'work', value: 'bogus' })).statusCode).toBe(400);
  });

  it('finishes, refuses to reopen what is not finished, reopens, closes; a closed order refuses changes', async () => {
    // A type with nothing required, so the inspection's finish checks (docs/inspections.md) pass.
    const name = { en: 'Walk-around', fr: 'Tour' };
    const section = { key: 'arrival', name, items: [{ itemKey: 'note', name, required: false, multiple: false, findings: [], measurement: null }] };
    const type = await t.make.inspectionType(store, {
      definition: { groups: [{ key: 'vehicleDetails', name, shownByDefault: true, sections: [section] }], groupOrder: ['vehicleDetails'] },
    });
    const order = await newOrder({ inspectionType: type.id });
    expect((await send('GET', api(`/inspectionOrder/${order._id}/can-be-finished`))).json()).toEqual({ cannotBeFinishedReason: null });
    expect((await send('POST', api(`/inspectionOrder/${order._id}/reopen`))).json()).toMatchObject({ status: 409, code: 'ORDER_NOT_FINISHED' });
    const finished = await send('POST', api(`/inspectionOrder/${order._id}/finish`));
    expect(finished.json()).toMatchObject({ finished: true, states: { inspection: 'done' } });
    expect(finished.json().activities.map((a: { type: string }) => a.type)).toContain('inspectionFinished');
    const reopened = await send('POST', api(`/inspectionOrder/${order._id}/reopen`));
    expect(reopened.json()).toMatchObject({ finished: false, states: { inspection: 'inProgress' } });
    const closed = await send('POST', api(`/inspectionOrder/${order._id}/close`));
    expect(closed.json()).toMatchObject({ closed: true });
    for (const [method, path, body] of [
      ['POST', '/close', undefined],
      ['POST', '/finish', undefined],
      ['POST', '/reopen', undefined],
      ['PUT', '', { note: 'late' }],
      ['PUT', '/state', { state: 'work', value: 'done' }],
    ] as const) {
      const res = await send(method, api(`/inspectionOrder/${order._id}${path}`), body);
      expect(res.json(), `${method} ${path}`).toMatchObject({ status: 409, code: 'ORDER_CLOSED' });
    }
  });
});

describe('assignment', () => {
  it('a technician takes an unassigned order, cannot take one another technician holds; an advisor reassigns', async () => {
    const order = await newOrder();
    const mine = await send('PUT', api(`/inspectionOrder/${order._id}`), { technicianId: tech.id }, techHeaders);
    expect(mine.json()).toMatchObject({ technicianId: tech.id, _embedded: { technician: { _id: tech.id } } });
    const taken = await send('PUT', api(`/inspectionOrder/${order._id}`), { technicianId: tech2.id }, tech2Headers);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('only_valid_user_can_assign_this_to_you');
    const giving = await newOrder();
    const given = await send('PUT', api(`/inspectionOrder/${giving._id}`), { technicianId: tech2.id }, techHeaders);
    expect(given.json()).toMatchObject({ status: 403, code: 'only_valid_user_can_assign_this_to_you' });
    const reassigned = await send('PUT', api(`/inspectionOrder/${order._id}`), { technicianId: tech2.id });
    expect(reassigned.json().technicianId).toBe(tech2.id);
  });

  it('names the holder in the message', async () => {
    await t.platform.database.db.update(users).set({ firstName: 'Tina', lastName: 'Wrench' }).where(eq(users.id, tech.id));
    const order = await newOrder({ technicianId: tech.id });
    const res = await send('PUT', api(`/inspectionOrder/${order._id}`), { technicianId: tech2.id }, tech2Headers);
    expect(res.json().message).toContain('Tina Wrench');
  });

  it('techCanWorkOnlyOwnInspection: technicians change only their own orders, may take unassigned ones', async () => {
    await setSettings({ techCanWorkOnlyOwnInspection: true });
    const order = await newOrder({ technicianId: tech.id });
    const res = await send('PUT', api(`/inspectionOrder/${order._id}`), { note: 'not mine' }, tech2Headers);
    expect(res.json()).toMatchObject({ status: 403, code: 'This_inspection_is_not_assigned_to_yourself' });
    expect((await send('PUT', api(`/inspectionOrder/${order._id}`), { note: 'mine' }, techHeaders)).statusCode).toBe(200);
    const free = await newOrder();
    expect((await send('PUT', api(`/inspectionOrder/${free._id}`), { note: 'x' }, tech2Headers)).statusCode).toBe(403);
    expect((await send('PUT', api(`/inspectionOrder/${free._id}`), { technicianId: tech2.id }, tech2Headers)).json().technicianId).toBe(tech2.id);
    expect((await send('PUT', api(`/inspectionOrder/${order._id}`), { note: 'advisor' })).statusCode).toBe(200);
    await setSettings({});
  });
});

describe('time tracker', () => {
  it('only when the store enables it, only for technicians, start when paused, pause when running', async () => {
    const order = await newOrder({ technicianId: tech.id });
    const url = (a: string) => api(`/inspectionOrder/${order._id}/timeTracker/${a}`);
    expect((await send('POST', url('start'), undefined, techHeaders)).json()).toMatchObject({ status: 409, code: 'TIME_TRACKER_DISABLED' });
    await setSettings({ inspectionTimeTrackerEnable: true });
    expect((await send('POST', url('start'))).statusCode).toBe(403);
    expect((await send('POST', url('pause'), undefined, techHeaders)).json()).toMatchObject({ code: 'TIME_TRACKER_NOT_RUNNING' });
    const started = await send('POST', url('start'), undefined, techHeaders);
    expect(started.json()).toMatchObject({ timeTracker: { isRunning: true }, states: { inspection: 'inProgress' } });
    expect((await send('POST', url('start'), undefined, techHeaders)).json()).toMatchObject({ code: 'TIME_TRACKER_RUNNING' });
    const paused = await send('POST', url('pause'), undefined, techHeaders);
    expect(paused.json()).toMatchObject({ timeTracker: { isRunning: false, startedAt: null } });
    expect(paused.json().timeTracker.elapsedSeconds).toBeGreaterThanOrEqual(0);
    await setSettings({});
  });
});

describe('time tracker and finishing', () => {
  it('finishing stops a running tracker and keeps its time; a finish the checks refuse leaves it running', async () => {
    const name = { en: 'Walk-around', fr: 'Tour' };
    const section = { key: 'arrival', name, items: [{ itemKey: 'odometer', name, required: true, multiple: false, findings: [], measurement: null }] };
    const type = await t.make.inspectionType(store, {
      definition: { groups: [{ key: 'vehicleDetails', name, shownByDefault: true, sections: [section] }], groupOrder: ['vehicleDetails'] },
    });
    const order = await newOrder({ technicianId: tech.id, inspectionType: type.id });
    await setSettings({ inspectionTimeTrackerEnable: true });
    const started = await send('POST', api(`/inspectionOrder/${order._id}/timeTracker/start`), undefined, techHeaders);
    expect(started.json().timeTracker.isRunning).toBe(true);
    const refused = await send('POST', api(`/inspectionOrder/${order._id}/finish`), undefined, techHeaders);
    expect(refused.json()).toMatchObject({ status: 409, code: 'ORDER_CANNOT_BE_FINISHED', message: 'items-required' });
    expect((await send('GET', api(`/inspectionOrder/${order._id}`))).json().timeTracker.isRunning).toBe(true);

    const answered = await send('POST', api(`/inspectionOrder/${order._id}/result`), { itemKey: 'odometer', result: 'okay' }, techHeaders);
    expect(answered.statusCode, answered.body).toBe(201);
    const finished = await send('POST', api(`/inspectionOrder/${order._id}/finish`), undefined, techHeaders);
    expect(finished.json()).toMatchObject({ finished: true, states: { inspection: 'done' }, timeTracker: { isRunning: false, startedAt: null } });
    expect(finished.json().timeTracker.elapsedSeconds).toBeGreaterThanOrEqual(0);
    // The time entry is closed: the clock can start again later (a result change after finishing does).
    expect((await send('POST', api(`/inspectionOrder/${order._id}/timeTracker/pause`), undefined, techHeaders)).json()).toMatchObject({
      code: 'TIME_TRACKER_NOT_RUNNING',
    });
    expect((await send('POST', api(`/inspectionOrder/${order._id}/timeTracker/start`), undefined, techHeaders)).json().timeTracker.isRunning).toBe(true);
    await setSettings({});
  });
});

describe('lists', () => {
  let listStore: Store;
  let h: Record<string, string>;
  const list = async (qs: string) => {
    const res = await send('GET', api(`/inspectionOrder?${qs}`, listStore), undefined, h);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { _embedded: { inspectionOrder: RepairOrder[] }; page: { size: number; totalElements: number; totalPages: number; number: number } };
  };
  const numbers = (r: Awaited<ReturnType<typeof list>>) => r._embedded.inspectionOrder.map((o) => o.orderNumber);

  beforeAll(async () => {
    listStore = await t.make.store({ name: 'Lists' });
    const a = await t.make.user('ServiceAdvisor', listStore);
    h = await bearer(t.platform.tokens, a);
    const make = (fields: Parameters<TestApp['make']['inspectionOrder']>[1]) => t.make.inspectionOrder(listStore, fields);
    const jane = await t.make.customer(listStore, { firstName: 'Jane', lastName: 'Doe' });
    const civic = await t.make.vehicle(listStore, { householdId: jane.householdId, licensePlate: 'ABC123', vin: '1HGCM82633A004352' });
    await make({ orderNumber: '950', customerId: jane.id, vehicleId: civic.id, stateInspection: 'done', technicianId: a.id });
    await make({ orderNumber: '1200', waiting: true, stateParts: 'inProgressSomeParts' });
    await make({ orderNumber: 'RO-99', stateEstimate: 'pending', serviceAdvisorId: a.id });
    await make({ orderNumber: 'RO-100' });
    await make({ orderNumber: null });
    await make({ orderNumber: '5', vehicleInShop: false, scheduled: new Date(Date.now() + 86_400_000) });
    await make({ orderNumber: '6', vehicleInShop: false, scheduled: new Date(Date.now() + 3_600_000) });
    await make({ orderNumber: '7', vehicleInShop: false, scheduled: new Date(Date.now() - 3 * 86_400_000) });
    await make({ orderNumber: '8', closed: true, vehicleInShop: true });
  });

  it('sorts by RO number, numbers as numbers, none last, both ways', async () => {
    expect(numbers(await list('vehicleInShop=true&closed=false'))).toEqual(['RO-100', 'RO-99', '1200', '950', null]);
    expect(numbers(await list('vehicleInShop=true&closed=false&sorting=orderNumber,asc'))).toEqual(['950', '1200', 'RO-99', 'RO-100', null]);
  });

  it('reads isClosed (and inspectionOrderClosed) as closed; closed wins when both are sent', async () => {
    const open = ['RO-100', 'RO-99', '1200', '950', null];
    expect(numbers(await list('vehicleInShop=true&isClosed=false'))).toEqual(open);
    expect(numbers(await list('vehicleInShop=true&isClosed=true'))).toEqual(['8']);
    expect(numbers(await list('vehicleInShop=true&inspectionOrderClosed=true'))).toEqual(['8']);
    expect(numbers(await list('vehicleInShop=true&closed=false&isClosed=true'))).toEqual(open);
    // Like closed, a value other than true or false is no filter.
    expect(numbers(await list('vehicleInShop=true&isClosed=maybe'))).toEqual(['RO-100', 'RO-99', '1200', '950', '8', null]);
  });

  it('waiting first, and ignores unknown sort and waitingFirst values', async () => {
    expect(numbers(await list('vehicleInShop=true&closed=false&waitingFirst=true'))).toEqual(['1200', 'RO-100', 'RO-99', '950', null]);
    expect(numbers(await list('vehicleInShop=true&closed=false&waitingFirst=maybe&sorting=color,up'))).toEqual(['RO-100', 'RO-99', '1200', '950', null]);
  });

  it('pages, validates page and size', async () => {
    const first = await list('vehicleInShop=true&closed=false&size=2');
    expect(numbers(first)).toEqual(['RO-100', 'RO-99']);
    expect(first.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 0 });
    const last = await list('vehicleInShop=true&closed=false&size=2&page=2');
    expect(numbers(last)).toEqual([null]);
    expect(last.page).toEqual({ size: 2, totalElements: 5, totalPages: 3, number: 2 });
    // Past the end: no row carries the total (it rides on the page's rows), so it is counted apart.
    const beyond = await list('vehicleInShop=true&closed=false&size=2&page=7');
    expect(numbers(beyond)).toEqual([]);
    expect(beyond.page.totalElements).toBe(5);
    // The same filter again on the same connection (a prepared statement by then) answers the same.
    for (let i = 0; i < 3; i++) expect((await list('vehicleInShop=true&closed=false&size=2')).page.totalElements).toBe(5);
    for (const bad of ['size=0', 'size=101', 'page=-1', 'size=abc']) {
      expect((await send('GET', api(`/inspectionOrder?${bad}`, listStore), undefined, h)).statusCode, bad).toBe(400);
    }
  });

  it('filters by step states (comma lists, unknown states ignored), waiting, people, not', async () => {
    expect(numbers(await list('inspection=done'))).toEqual(['950']);
    // The same filters with other values reuse one prepared statement: the values still decide.
    const notDone = numbers(await list('inspection=notStarted,pending,inProgress'));
    expect(notDone).not.toContain('950');
    expect(notDone.length).toBeGreaterThan(0);
    expect(numbers(await list('inspection=done'))).toEqual(['950']);
    expect(numbers(await list('parts=inProgress,inProgressSomeParts'))).toEqual(['1200']);
    expect(numbers(await list('estimate=pending,bogus'))).toEqual(['RO-99']);
    expect((await list('estimate=bogus&closed=false')).page.totalElements).toBe(8);
    expect(numbers(await list('waiting=true'))).toEqual(['1200']);
    const [withTech] = (await list('inspection=done'))._embedded.inspectionOrder;
    expect(numbers(await list(`technicianId=${withTech!.technicianId}`))).toEqual(['950']);
    expect(numbers(await list(`serviceAdvisorId=${withTech!.technicianId}`))).toEqual(['RO-99']);
    expect(numbers(await list(`not=${withTech!.technicianId}&vehicleInShop=true&closed=false`))).toEqual(['RO-100', 'RO-99', '1200', null]);
    expect((await send('GET', api('/inspectionOrder?technicianId=nope', listStore), undefined, h)).statusCode).toBe(400);
  });

  it('searches by order number, customer, plate, VIN, make', async () => {
    expect(numbers(await list('search=jane'))).toEqual(['950']);
    expect(numbers(await list('search=abc123'))).toEqual(['950']);
    expect(numbers(await list('search=1HGCM8'))).toEqual(['950']);
    expect(numbers(await list('search=ro-1'))).toEqual(['RO-100']);
    expect(numbers(await list('search=doe%20civic'))).toEqual(['950']);
    expect(numbers(await list("search=%25'%3B"))).toEqual([]);
  });

  it('appointments: out of the shop, from the start of today, by scheduled', async () => {
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const res = await list(`vehicleInShop=false&closed=false&scheduledFrom=${encodeURIComponent(today.toISOString())}&sorting=scheduled,asc`);
    expect(numbers(res)).toEqual(['6', '5']);
  });

  it('closed orders', async () => {
    expect(numbers(await list('closed=true'))).toEqual(['8']);
  });

  it('counts open orders in the shop, waiting, matching; and vehicles in the shop', async () => {
    const count = async (qs: string) => (await send('GET', api(`/inspectionOrder/count?${qs}`, listStore), undefined, h)).json().count;
    expect(await count('vehicleInShop=true')).toBe(5);
    expect(await count('vehicleInShop=false')).toBe(3);
    expect(await count('vehicleInShop=true&waiting=true')).toBe(1);
    expect(await count('search=jane')).toBe(1);
    expect(await count('')).toBe(8);
    expect((await send('GET', api('/inspectionOrder/vehicleCount', listStore), undefined, h)).json()).toEqual({ count: 5 });
  });
});

describe('vehicle orders and household', () => {
  it("answers a vehicle's closed orders, 204 when none", async () => {
    const order = await newOrder();
    const url = api(`/vehicle/${order.vehicleId}/inspectionOrder?closed=true`);
    expect((await send('GET', url)).statusCode).toBe(204);
    await send('POST', api(`/inspectionOrder/${order._id}/close`));
    const res = await send('GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()._embedded.inspectionOrder.map((o: RepairOrder) => o._id)).toEqual([order._id]);
  });

  it("answers the order's household", async () => {
    const order = await newOrder();
    const res = await send('GET', api(`/inspectionOrder/${order._id}/household`));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customers: [{ _id: order.customerId }], vehicles: [{ _id: order.vehicleId }] });
  });
});

describe('POST /inspectionOrder matching the customer by business and the vehicle by fleet number', () => {
  const url = '/v2/api/inspectionOrder?match-customer-by=business&match-vehicle-by=fleetNumber';

  it('creates the customer and vehicle when missing, finds them the second time', async () => {
    const body = { storeId: store.id, customer: { business: 'Fleet Express' }, vehicle: { fleetNumber: '101', licensePlate: 'FLT101' }, vehicleInShop: true };
    const first = await send('POST', url, body);
    expect(first.statusCode, first.body).toBe(201);
    const order: RepairOrder = first.json();
    expect(order._embedded).toMatchObject({ customer: { business: 'Fleet Express' }, vehicle: { fleetNumber: '101', licensePlate: 'FLT101' } });
    const second: RepairOrder = (await send('POST', url, { ...body, customer: { business: 'fleet express' } })).json();
    expect(second._id).not.toBe(order._id);
    expect(second.customerId).toBe(order.customerId);
    expect(second.vehicleId).toBe(order.vehicleId);
    const third: RepairOrder = (await send('POST', url, { ...body, vehicle: { fleetNumber: '102' } })).json();
    expect(third.customerId).toBe(order.customerId);
    expect(third.vehicleId).not.toBe(order.vehicleId);
  });

  it('updates the order named by inspectionOrderId', async () => {
    const created: RepairOrder = (
      await send('POST', url, { storeId: store.id, customer: { business: 'Acme' }, vehicle: { fleetNumber: '7' } })
    ).json();
    const updated = await send('POST', url, {
      storeId: store.id,
      inspectionOrderId: created._id,
      technicianId: tech.id,
      customer: { business: 'Acme' },
      vehicle: { fleetNumber: '7' },
    });
    expect(updated.json()).toMatchObject({ _id: created._id, technicianId: tech.id });
  });

  it('takes the store from the body: another store answers 404, none 400, and a failure writes nothing', async () => {
    expect((await send('POST', url, { storeId: other.id, customer: { business: 'X' }, vehicle: { fleetNumber: '1' } })).statusCode).toBe(404);
    expect((await send('POST', url, { customer: { business: 'X' }, vehicle: { fleetNumber: '1' } })).statusCode).toBe(400);
    expect((await send('POST', url, { storeId: 'nope', customer: { business: 'X' }, vehicle: { fleetNumber: '1' } })).statusCode).toBe(400);
    const res = await send('POST', url, { storeId: store.id, customer: { business: 'Ghost Co' }, vehicle: {} });
    expect(res.statusCode).toBe(400);
    const ghost = await send('GET', api('/customer?business=Ghost'));
    expect(ghost.json().page.totalElements).toBe(0);
  });
});

describe('events', () => {
  it('writes one event per change, in the same transaction (a refused change writes none)', async () => {
    const order = await newOrder();
    await send('PUT', api(`/inspectionOrder/${order._id}/state`), { state: 'work', value: 'inProgress' });
    await send('POST', api(`/inspectionOrder/${order._id}/reopen`));
    const rows = await t.platform.database.db
      .select()
      .from(outboxEvents)
      .where(and(like(outboxEvents.topic, `store/${store.id}/inspectionOrders/%`)))
      .orderBy(asc(outboxEvents.id));
    const mine = rows.filter((r) => (r.payload as { _id: string })._id === order._id);
    expect(mine.map((r) => r.topic.split('/').pop())).toEqual(['created', 'updated']);
    expect(mine[1]!.payload).toMatchObject({ states: { work: 'inProgress' } });
  });
});

describe('primary picture', () => {
  const upload = (url: string, file: Parameters<typeof multipart>[1], fields: Record<string, string> = {}, h = headers) => {
    const form = multipart(fields, file);
    return t.app.inject({ method: 'POST', url, headers: { ...h, ...form.headers }, payload: form.payload });
  };

  it('stores a picture, replaces it, refuses a video or a closed order; events follow', async () => {
    const order = await newOrder();
    const url = api(`/inspectionOrder/${order._id}/primaryPicture`);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const first = await upload(url, { field: 'file', filename: 'front.png', contentType: 'image/png', data: png }, { source: 'camera' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().primaryPicture).toMatchObject({ name: 'front.jpg', source: 'camera', url: expect.any(String) });
    const firstKey = new URL(first.json().primaryPicture.url, 'http://x').pathname.split('/').pop()!;
    const second = await upload(url, { field: 'file', filename: 'side.png', contentType: 'image/png', data: png });
    expect(second.json().primaryPicture.name).toBe('side.jpg');
    expect(await t.platform.files.head(firstKey)).toBeNull();
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
    expect((await upload(url, { field: 'file', filename: 'clip.mp4', contentType: 'video/mp4', data: video })).statusCode).toBe(415);
    await send('POST', api(`/inspectionOrder/${order._id}/close`));
    expect((await upload(url, { field: 'file', filename: 'late.png', contentType: 'image/png', data: png })).json()).toMatchObject({ code: 'ORDER_CLOSED' });
    expect((await eventsFor(order._id)).map((e) => e.topic.split('/').pop())).toEqual(['created', 'updated', 'updated', 'updated']);
  });
});

describe('sign-off', () => {
  const storedFiles = () =>
    readdirSync(t.platform.config.filesDir, { recursive: true })
      .map(String)
      .filter((f) => /[0-9a-f-]{36}/.test(f));
  const signature = () =>
    sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="600" height="200"><path d="M20 150 L300 40 L580 160" stroke="black" stroke-width="6" fill="none"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
  const signOff = async (
    orderId: string,
    fields: Record<string, string>,
    file?: Parameters<typeof multipart>[1],
    h = headers,
  ) => {
    const form = multipart(
      fields,
      file ?? { field: 'file', filename: 'signature.png', contentType: 'image/png', data: await signature() },
    );
    return t.app.inject({
      method: 'POST',
      url: api(`/inspectionOrder/${orderId}/signoff`),
      headers: { ...h, ...form.headers },
      payload: form.payload,
    });
  };

  /** An order whose type requires nothing, so the inspection's finish checks pass. */
  const finishableOrder = async () => {
    const name = { en: 'Walk-around', fr: 'Tour' };
    const section = { key: 'arrival', name, items: [{ itemKey: 'note', name, required: false, multiple: false, findings: [], measurement: null }] };
    const type = await t.make.inspectionType(store, {
      definition: { groups: [{ key: 'vehicleDetails', name, shownByDefault: true, sections: [section] }], groupOrder: ['vehicleDetails'] },
    });
    return newOrder({ inspectionType: type.id });
  };

  it('keeps the signature and who signed, and finishes the inspection', async () => {
    const order = await finishableOrder();
    const res = await signOff(order._id, { signerName: '  Jane Doe ', language: 'fr', workerId: tech.id });
    expect(res.statusCode, res.body).toBe(200);
    const signed: RepairOrder = res.json();
    expect(signed).toMatchObject({
      finished: true,
      states: { inspection: 'done' },
      signOff: {
        signerName: 'Jane Doe',
        language: 'fr',
        workerId: tech.id,
        signature: { name: 'signature.jpg' },
      },
    });
    expect(signed.activities.map((a) => a.type).slice(-2)).toEqual(['inspectionFinished', 'signedOff']);
    expect(JSON.stringify(signed.activities)).not.toContain('signatureKey');
    // The signature is a real picture, on white (the transparent drawing flattened), served by its signed URL.
    const file = await t.app.inject({ method: 'GET', url: signed.signOff!.signature!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const { dominant } = await sharp(file.rawPayload).stats();
    expect(Math.min(dominant.r, dominant.g, dominant.b)).toBeGreaterThan(200);
    // Read back with the order.
    expect((await send('GET', api(`/inspectionOrder/${order._id}`))).json().signOff.signerName).toBe(
      'Jane Doe',
    );
  });

  it('refuses a missing name, a wrong language, a bad worker id, a text file, unfinished items and a closed order, storing nothing', async () => {
    const order = await newOrder();
    const before = storedFiles().length;
    // The store's default inspection has required items nobody answered: the finish check's reason.
    const refused = await signOff(order._id, { signerName: 'Jane' });
    expect(refused.json()).toMatchObject({ status: 409, code: 'ORDER_CANNOT_BE_FINISHED' });
    expect(refused.json().message).toEqual(expect.any(String));
    expect((await signOff(order._id, { signerName: ' ', language: 'en' })).json()).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENTS',
    });
    expect((await signOff(order._id, { signerName: 'Jane', language: 'de' })).json()).toMatchObject({
      status: 400,
      message: 'languageId must be en or fr',
    });
    expect((await signOff(order._id, { signerName: 'Jane', workerId: '../x' })).statusCode).toBe(400);
    const text = {
      field: 'file',
      filename: 'signature.png',
      contentType: 'image/png',
      data: Buffer.from('not a picture at all'),
    };
    expect((await signOff(order._id, { signerName: 'Jane' }, text)).statusCode).toBe(415);
    await send('POST', api(`/inspectionOrder/${order._id}/close`));
    expect((await signOff(order._id, { signerName: 'Jane' })).json()).toMatchObject({
      status: 409,
      code: 'ORDER_CLOSED',
    });
    expect(storedFiles().length).toBe(before);
    const after = (await send('GET', api(`/inspectionOrder/${order._id}`))).json();
    expect(after).toMatchObject({ finished: false, signOff: null });
  });

  it("answers 404 for another store's order", async () => {
    const order = await newOrder();
    expect((await signOff(order._id, { signerName: 'Jane' }, undefined, otherHeaders)).statusCode).toBe(404);
  });
});

describe('repair order numbers', () => {
  /** A store of its own, so the numbers written by the other tests do not count. */
  async function numberingStore(settings: Record<string, unknown> = {}) {
    const s = await t.make.store({ name: 'Numbers' });
    if (Object.keys(settings).length) await t.platform.database.db.update(stores).set({ settings }).where(eq(stores.id, s.id));
    const h = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', s));
    const create = async (body: Record<string, unknown> = {}) => {
      const { customer, vehicle } = await customerWithVehicle(s);
      return send('POST', api('/inspectionOrder', s), { customerId: customer.id, vehicleId: vehicle.id, ...body }, h);
    };
    return { s, h, create };
  }
  const numberOf = async (res: { statusCode: number; body: string; json(): unknown }) => {
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as RepairOrder).orderNumber;
  };

  it('numbers an order saved without one, after the highest number typed in the store', async () => {
    const { create } = await numberingStore();
    expect(await numberOf(await create())).toBe('1');
    expect(await numberOf(await create())).toBe('2');
    // A number typed by hand is kept, and the sequence goes on after it; text numbers leave it alone.
    expect(await numberOf(await create({ orderNumber: '10230' }))).toBe('10230');
    expect(await numberOf(await create({ orderNumber: 'RO-99999' }))).toBe('RO-99999');
    expect(await numberOf(await create())).toBe('10231');
    expect(await numberOf(await create({ orderNumber: '500' }))).toBe('500');
    expect(await numberOf(await create())).toBe('10232');
  });

  it("starts after the store's orders numbered before the sequence existed", async () => {
    const { s, h, create } = await numberingStore({ assignOrderNumbers: false });
    expect(await numberOf(await create())).toBeNull();
    expect(await numberOf(await create({ orderNumber: '4410' }))).toBe('4410');
    // As for orders written before the sequence existed (or imported): no sequence row yet.
    await t.platform.database.db.delete(repairOrderNumbers).where(eq(repairOrderNumbers.storeId, s.id));
    const on = await send('PUT', `/v2/api/store/${s.id}/settings`, { assignOrderNumbers: true }, await bearer(t.platform.tokens, await t.make.user('StoreManager', s)));
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ assignOrderNumbers: true });
    expect(await numberOf(await create())).toBe('4411');
    // A number typed when editing an order moves the sequence on too.
    const edited = await create();
    const id = (edited.json() as RepairOrder)._id;
    expect((await send('PUT', api(`/inspectionOrder/${id}`, s), { orderNumber: '7000' }, h)).statusCode).toBe(200);
    expect(await numberOf(await create())).toBe('7001');
  });

  it('gives orders written at the same time numbers of their own', async () => {
    const { create } = await numberingStore();
    const numbers = await Promise.all(Array.from({ length: 12 }, async () => numberOf(await create())));
    expect(new Set(numbers).size).toBe(12);
    expect(numbers.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it('applies "VIN or order number mandatory" to what the user typed, before numbering', async () => {
    const { create } = await numberingStore({ vinOrOrderNumberMandatory: true });
    expect((await create()).json()).toMatchObject({ status: 400, message: 'vin_or_order_number_is_mandatory' });
    expect(await numberOf(await create({ orderNumber: '77' }))).toBe('77');
  });
});
