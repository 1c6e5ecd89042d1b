import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { createInspectionsRepository } from '../inspections/inspections.repository.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let headers: Record<string, string>;

const api = (path: string) => `/v2/api/store/${store.id}${path}`;
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** FileStore keys are UUIDs: one per file name of the test. */
const keys = new Map<string, string>();
const key = (file: string) => keys.get(file) ?? (keys.set(file, randomUUID()), keys.get(file)!);

/** The FileStore key a signed URL points at. */
const keyOf = (link: { url: string } | null | undefined) =>
  link ? decodeURIComponent(new URL(link.url, 'http://x').pathname.replace(/^\/v2\/files\//, '')) : null;

let customerId: string;
let quietCustomerId: string;
let householdId: string;
let vanId: string;
let bareVehicleId: string;

async function picture(orderId: string, name: string, kind: 'picture' | 'video' = 'picture') {
  const result = await t.make.result(store, { inspectionOrderId: orderId, itemKey: `item-${name}` });
  await createInspectionsRepository(t.platform.database.db).insertMedia({
    storeId: store.id,
    resultId: result.id,
    kind,
    name,
    fileKey: key(name),
    galleryKey: kind === 'picture' ? key(`gallery-${name}`) : null,
    phoneKey: kind === 'picture' ? key(`phone-${name}`) : null,
    contentType: kind === 'picture' ? 'image/jpeg' : 'video/mp4',
    size: 10,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Showcase' });
  headers = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
  const customer = await t.make.customer(store, { firstName: 'Iris', lastName: 'Showcase' });
  customerId = customer.id;
  householdId = customer.householdId!;
  quietCustomerId = (await t.make.customer(store, { firstName: 'Quinn', lastName: 'Showcase', householdId })).id;
  vanId = (await t.make.vehicle(store, { householdId, licensePlate: 'SHOW01' })).id;
  bareVehicleId = (await t.make.vehicle(store, { householdId, licensePlate: 'SHOW02' })).id;

  // Three visits of the van, oldest first: the newest with a primary picture wins, a visit without one is passed over.
  const first = await t.make.inspectionOrder(store, {
    customerId,
    vehicleId: vanId,
    primaryPictureKey: key('old-front.jpg'),
    primaryPictureName: 'old-front.jpg',
    primaryPictureSource: 'camera',
  });
  await picture(first.id, 'first-visit.jpg');
  const second = await t.make.inspectionOrder(store, {
    customerId,
    vehicleId: vanId,
    primaryPictureKey: key('front.jpg'),
    primaryPictureName: 'front.jpg',
    primaryPictureSource: 'gallery',
  });
  await picture(second.id, 'brakes.jpg');
  const third = await t.make.inspectionOrder(store, { customerId, vehicleId: vanId });
  // A video is no picture.
  await picture(third.id, 'noise.mp4', 'video');
  // The bare vehicle has an order, without pictures.
  await t.make.inspectionOrder(store, { customerId: quietCustomerId, vehicleId: bareVehicleId });
});
afterAll(() => t?.close());

describe("customers' primaryPicture and vehicles' latestInspectionPicture", () => {
  it('are in the customer answers: one customer (with or without the slash), the list, a vehicle\'s customers', async () => {
    const one = await get(api(`/customer/${customerId}/`));
    expect(one.primaryPicture).toEqual({ url: expect.stringContaining('/v2/files/'), name: 'front.jpg', source: 'gallery' });
    expect(keyOf(one.primaryPicture)).toBe(key('front.jpg'));
    expect((await get(api(`/customer/${customerId}`))).primaryPicture).toMatchObject({ name: 'front.jpg' });

    const list = await get(api('/customer?lastName=Showcase&size=10'));
    const byName = Object.fromEntries(list._embedded.customer.map((c: { firstName: string; primaryPicture: unknown }) => [c.firstName, c.primaryPicture]));
    expect(byName).toEqual({ Iris: expect.objectContaining({ name: 'front.jpg' }), Quinn: null });

    const ofVehicle = await get(api(`/vehicle/${vanId}/customer`));
    expect(ofVehicle._embedded.customer.map((c: { primaryPicture: { name: string } | null }) => c.primaryPicture?.name ?? null)).toEqual([
      'front.jpg',
      null,
    ]);
  });

  it('are in the vehicle answers: one vehicle and the household vehicle list', async () => {
    const van = await get(api(`/vehicle/${vanId}`));
    expect(van.latestInspectionPicture).toEqual({ url: expect.stringContaining('/v2/files/'), name: 'brakes.jpg' });
    // The phone copy, the size a card shows.
    expect(keyOf(van.latestInspectionPicture)).toBe(key('phone-brakes.jpg'));
    expect((await get(api(`/vehicle/${bareVehicleId}`))).latestInspectionPicture).toBeNull();

    const vehicles = await get(api(`/household/${householdId}/vehicle?getAll=true`));
    const byPlate = Object.fromEntries(
      vehicles._embedded.vehicle.map((v: { licensePlate: string; latestInspectionPicture: { name: string } | null }) => [
        v.licensePlate,
        v.latestInspectionPicture?.name ?? null,
      ]),
    );
    expect(byPlate).toEqual({ SHOW01: 'brakes.jpg', SHOW02: null });
  });

  it('are in households: by id, a customer\'s, an order\'s, and the household search', async () => {
    const order = await t.make.inspectionOrder(store, { customerId, vehicleId: vanId });
    for (const url of [
      api(`/household/${householdId}`),
      api(`/customer/${customerId}/household`),
      api(`/inspectionOrder/${order.id}/household`),
    ]) {
      const household = await get(url);
      expect(household.customers.find((c: { _id: string }) => c._id === customerId).primaryPicture.name, url).toBe('front.jpg');
      expect(household.customers.find((c: { _id: string }) => c._id === quietCustomerId).primaryPicture, url).toBeNull();
      expect(household.vehicles.find((v: { _id: string }) => v._id === vanId).latestInspectionPicture.name, url).toBe('brakes.jpg');
      expect(household.vehicles.find((v: { _id: string }) => v._id === bareVehicleId).latestInspectionPicture, url).toBeNull();
    }
    const search = await get(`/v2/search/store/${store.id}/household?search=SHOW01`);
    const found = search._embedded.household[0];
    expect(found.vehicles.find((v: { _id: string }) => v._id === vanId).latestInspectionPicture.name).toBe('brakes.jpg');
    expect(found.customers.find((c: { _id: string }) => c._id === customerId).primaryPicture.name).toBe('front.jpg');
  });

  it('come from the store\'s own orders only, and are null for a new customer or vehicle', async () => {
    const created = await t.app.inject({ method: 'POST', url: api('/customer'), headers, payload: { firstName: 'New', lastName: 'Comer' } });
    expect(created.json()).toMatchObject({ primaryPicture: null, fleetPicture: null });
    const vehicle = await t.app.inject({
      method: 'POST',
      url: api('/vehicle'),
      headers,
      payload: { householdId: created.json().householdId, licensePlate: 'NEW001' },
    });
    expect(vehicle.json()).toMatchObject({ latestInspectionPicture: null, picture: null });
    // Another store's answer for its own customer shows nothing of this store's orders.
    const other = await t.make.store();
    const otherHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
    const stranger = await t.make.customer(other);
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/store/${other.id}/customer/${stranger.id}/`, headers: otherHeaders });
    expect(res.json().primaryPicture).toBeNull();
  });
});
