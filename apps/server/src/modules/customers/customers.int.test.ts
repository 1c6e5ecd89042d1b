import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { stores } from '../../platform/db/schema/tenancy.js';
import { createCustomersRepository, searchPatterns } from './customers.repository.js';
import { vehicles } from './customers.schema.js';

let t: TestApp;
let store: Awaited<ReturnType<TestApp['make']['store']>>;
let other: Awaited<ReturnType<TestApp['make']['store']>>;
let headers: Record<string, string>;
let otherHeaders: Record<string, string>;

const api = (path: string) => `/v2/api/store/${store.id}${path}`;
const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
const countRows = async (table: 'customers' | 'vehicles' | 'households') => {
  const result = await t.platform.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
};

beforeAll(async () => {
  t = await createTestApp();
  store = await t.make.store({ name: 'Downtown' });
  other = await t.make.store({ name: 'Uptown' });
  headers = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', store));
  otherHeaders = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', other));
});
afterAll(() => t?.close());

describe('customers', () => {
  it('creates a customer with the save rules applied: phones as digits, mobile copied, e-mail trimmed, Mr', async () => {
    const res = await send('POST', api('/customer'), {
      firstName: 'Marc',
      lastName: 'Tremblay',
      email: '  marc@example.com ',
      mobilePhone: '(514) 555-1234',
      owner: store.id,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      firstName: 'Marc',
      email: 'marc@example.com',
      mobilePhone: '5145551234',
      primaryPhone: '5145551234',
      normalizedMobilePhone: '+15145551234',
      honorific: 'Mr',
      storeId: store.id,
    });
    expect(body.householdId).toEqual(expect.any(String));
    expect(body._links.self.href).toBe(api(`/customer/${body._id}`));
    const household = await send('GET', api(`/customer/${body._id}/household`));
    expect(household.json()).toMatchObject({ _id: body.householdId, customers: [{ _id: body._id }], vehicles: [] });
  });

  it('refuses a customer without names or business, a bad e-mail, a bad phone; writes nothing', async () => {
    const before = await countRows('customers');
    const households = await countRows('households');
    expect((await send('POST', api('/customer'), { email: 'a@b.co' })).json()).toEqual({
      status: 400,
      code: 'CANNOT_SAVE_CUSTOMER_WITHOUT_FIRSTNAME_LASTNAME_OR_BUSINESS',
      message: 'firstName, lastName or business is mandatory',
    });
    expect((await send('POST', api('/customer'), { business: 'Acme', email: 'not-an-email' })).json()).toMatchObject({
      code: 'CANNOT_SAVE_CUSTOMER_WITH_INVALID_EMAIL',
    });
    expect((await send('POST', api('/customer'), { lastName: 'X', mobilePhone: '555-12' })).json()).toMatchObject({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'mobilePhone: must be 10 digits',
    });
    expect((await send('POST', api('/customer'), { lastName: 'X', owner: other.id })).statusCode).toBe(400);
    expect((await send('POST', api('/customer'), { lastName: 'X', admin: true })).statusCode).toBe(400);
    expect(await countRows('customers')).toBe(before);
    expect(await countRows('households')).toBe(households);
  });

  it('saves a nameless customer when marked not mandatory', async () => {
    const res = await send('POST', api('/customer'), { namesNotMandatory: true, mobilePhone: '514.555.9999' });
    expect(res.statusCode).toBe(201);
    const later = await send('PUT', api(`/customer/${res.json()._id}`), { homePhone: '514 555 8888' });
    expect(later.json()).toMatchObject({ homePhone: '5145558888', firstName: null });
  });

  it('updates one field, keeping the rules on the result', async () => {
    const c = await t.make.customer(store, { firstName: 'Ann', lastName: 'Lee' });
    const res = await send('PUT', api(`/customer/${c.id}`), { email: ' ann@example.com' });
    expect(res.json()).toMatchObject({ firstName: 'Ann', email: 'ann@example.com' });
    const cleared = await send('PUT', api(`/customer/${c.id}`), { firstName: null, lastName: '' });
    expect(cleared.json().code).toBe('CANNOT_SAVE_CUSTOMER_WITHOUT_FIRSTNAME_LASTNAME_OR_BUSINESS');
    expect((await send('GET', api(`/customer/${c.id}`))).json()).toMatchObject({ firstName: 'Ann', lastName: 'Lee' });
    expect((await send('PUT', api(`/customer/${c.id}`), {})).json().message).toBe('body: a field to change is mandatory');
  });

  it('lists by last name with filters and finds by e-mail', async () => {
    const s = await t.make.store();
    const h = await bearer(t.platform.tokens, await t.make.user('ServiceWriter', s));
    for (const lastName of ['Zed', 'Abel', 'Moreau']) await t.make.customer(s, { lastName, email: `${lastName}@example.com` });
    const list = await send('GET', `/v2/api/store/${s.id}/customer?sort=lastName&size=2`, undefined, h);
    expect(list.json()._embedded.customer.map((c: { lastName: string }) => c.lastName)).toEqual(['Abel', 'Moreau']);
    expect(list.json().page).toEqual({ size: 2, totalElements: 3, totalPages: 2, number: 0 });
    const byEmail = await send('GET', `/v2/api/store/${s.id}/customer?email=ZED@example.com`, undefined, h);
    expect(byEmail.json()._embedded.customer).toHaveLength(1);
  });

  it('filters by the start of the mobile phone, typed any way, through the index', async () => {
    const s = await t.make.store();
    const o = await t.make.store();
    const h = await bearer(t.platform.tokens, await t.make.user('ServiceWriter', s));
    await t.make.customer(s, { lastName: 'Roy', mobilePhone: '5145551234' });
    await t.make.customer(s, { lastName: 'Gagnon', mobilePhone: '5145559876' });
    await t.make.customer(s, { lastName: 'Lavoie', mobilePhone: '4385551234' });
    await t.make.customer(s, { lastName: 'Nophone' });
    await t.make.customer(o, { lastName: 'Elsewhere', mobilePhone: '5145551234' });
    const names = async (mobilePhone: string) => {
      const res = await send('GET', `/v2/api/store/${s.id}/customer?mobilePhone=${encodeURIComponent(mobilePhone)}`, undefined, h);
      expect(res.statusCode).toBe(200);
      return res.json()._embedded.customer.map((c: { lastName: string }) => c.lastName);
    };
    expect(await names('514')).toEqual(['Gagnon', 'Roy']);
    expect(await names('(514) 555-1')).toEqual(['Roy']);
    expect(await names('514-555-1234')).toEqual(['Roy']);
    // The start only: a fragment from the middle is the household search's job.
    expect(await names('5551234')).toEqual([]);
    expect(await names('abc')).toEqual([]);

    // The prefix is an index condition on customers_store_mobile_idx (text_pattern_ops' ~>=~ and ~<~).
    const plan = await t.platform.database.db.transaction(async (tx) => {
      await tx.execute(sql`analyze customers`);
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from customers where store_id = ${s.id}::uuid and mobile_phone like ${'514555%'}`,
      );
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('customers_store_mobile_idx');
    expect(text).toMatch(/Index Cond: .*mobile_phone ~>=~ '514555'/);
  });

  it("answers 404 for another store's customer, household or vehicle", async () => {
    const c = await t.make.customer(other);
    const v = await t.make.vehicle(other, { householdId: c.householdId });
    expect((await send('GET', api(`/customer/${c.id}`))).statusCode).toBe(404);
    expect((await send('PUT', api(`/customer/${c.id}`), { firstName: 'Hack' })).statusCode).toBe(404);
    expect((await send('GET', api(`/household/${c.householdId}`))).statusCode).toBe(404);
    expect((await send('GET', api(`/vehicle/${v.id}`))).statusCode).toBe(404);
    expect((await send('POST', api('/vehicle'), { householdId: c.householdId, vin: '1HGCM82633A004352' })).statusCode).toBe(404);
    expect((await send('GET', `/v2/api/store/${other.id}/customer/${c.id}`, undefined, otherHeaders)).statusCode).toBe(200);
    expect((await send('GET', api(`/customer/${c.id}/`))).statusCode).toBe(404);
  });

  it('answers GET .../customer/{c}/ with its trailing slash exactly as without it', async () => {
    const c = await t.make.customer(store, { firstName: 'Slash', lastName: 'Tolerant' });
    const withSlash = await send('GET', api(`/customer/${c.id}/`));
    const without = await send('GET', api(`/customer/${c.id}`));
    expect(withSlash.statusCode).toBe(200);
    expect(withSlash.json()).toEqual(without.json());
    expect(withSlash.json()).toMatchObject({ _id: c.id, firstName: 'Slash', lastName: 'Tolerant' });
    // Unknown customers and other routes keep their own answers.
    expect((await send('GET', api('/customer/00000000-0000-4000-8000-000000000000/'))).statusCode).toBe(404);
    expect((await send('GET', api(`/customer/${c.id}/household/`))).statusCode).toBe(404);
  });
});

describe('households and vehicles', () => {
  it('creates vehicles with VIN aliases, lists, counts, and refuses removing the last one', async () => {
    const c = await t.make.customer(store, { lastName: 'Roy' });
    const created = await send('POST', api('/vehicle'), {
      householdId: c.householdId,
      vinNumber: '1hgcm82633a004352',
      year: '2003',
      make: 'Honda',
      model: 'Accord',
      licensePlate: 'abc 123',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ vin: '1HGCM82633A004352', year: 2003, licensePlate: 'ABC 123', customYMME: false });
    const second = await send('POST', api('/vehicle'), { householdId: c.householdId, VIN: '2T1BURHE0JC123456', make: 'Toyota' });
    expect(second.statusCode).toBe(201);
    expect((await send('GET', api(`/household/${c.householdId}/vehicle/count`))).json()).toEqual({ count: 2 });
    const list = await send('GET', api(`/household/${c.householdId}/vehicle?searchTerm=toyota`));
    expect(list.json()._embedded.vehicle).toHaveLength(1);
    const all = await send('GET', api(`/household/${c.householdId}/vehicle?getAll=true`));
    expect(all.json().page.totalElements).toBe(2);
    const owner = await send('GET', api(`/vehicle/${second.json()._id}/customer`));
    expect(owner.json()._embedded.customer[0]._id).toBe(c.id);

    const removed = await send('DELETE', api(`/household/${c.householdId}/vehicle/${second.json()._id}`));
    expect(removed.json().vehicles).toHaveLength(1);
    const last = await send('DELETE', api(`/household/${c.householdId}/vehicle/${created.json()._id}`));
    expect(last.json()).toMatchObject({ status: 400, code: 'CANNOT_REMOVE_MAIN_VEHICLE' });
  });

  it('lists a household\'s vehicles the same way on every read: newest year first, then as they were added, by the index', async () => {
    const c = await t.make.customer(store, { lastName: 'Order' });
    // Ids that sort against the order of addition: ordering by id would swap the same-year cars.
    const id = (digit: string) => `${digit.repeat(8)}-${digit.repeat(4)}-4${digit.repeat(3)}-8${digit.repeat(3)}-${digit.repeat(12)}`;
    let added = 0;
    const add = (digit: string, year: number | null) =>
      t.platform.database.db
        .insert(vehicles)
        .values({ id: id(digit), storeId: store.id, householdId: c.householdId, year, make: 'Honda', createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, added++)) });
    await add('f', 2018);
    await add('e', 2018);
    await add('9', null);
    await add('d', 2018);
    await add('1', 2022);
    const expected = [id('1'), id('f'), id('e'), id('d'), id('9')];
    for (let read = 0; read < 3; read++) {
      const page = await send('GET', api(`/household/${c.householdId}/vehicle?getAll=true`));
      expect(page.json()._embedded.vehicle.map((v: { _id: string }) => v._id)).toEqual(expected);
      const household = await send('GET', api(`/customer/${c.id}/household`));
      expect(household.json().vehicles.map((v: { _id: string }) => v._id)).toEqual(expected);
    }
    // Served in that order by vehicles_household_idx: no sort step.
    const plan = await t.platform.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(
        sql`explain select id from vehicles where store_id = ${store.id}::uuid and household_id = ${c.householdId}::uuid
            order by year desc nulls last, created_at, id`,
      );
    });
    const text = JSON.stringify((plan as unknown as { rows: unknown[] }).rows);
    expect(text).toContain('vehicles_household_idx');
    expect(text).not.toMatch(/"Sort|Sort Key/);
  });

  it('refuses 16- or 18-character VINs and two different VIN aliases; VIN_IS_MANDATORY where required', async () => {
    const c = await t.make.customer(store);
    const before = await countRows('vehicles');
    for (const vin of ['1HGCM82633A00435', '1HGCM82633A0043521', '1HGCM-2633A004352']) {
      expect((await send('POST', api('/vehicle'), { householdId: c.householdId, vin })).json()).toMatchObject({
        status: 400,
        code: 'VIN_IS_INVALID',
      });
    }
    const clash = await send('POST', api('/vehicle'), { householdId: c.householdId, vin: '1HGCM82633A004352', VIN: '2T1BURHE0JC123456' });
    expect(clash.json().message).toBe('vin: VIN and vin disagree; send one');
    const s = await t.make.store();
    await t.platform.database.db.update(stores).set({ settings: { vinIsMandatory: true } }).where(eq(stores.id, s.id));
    const h = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', s));
    const sc = await t.make.customer(s);
    const res = await send('POST', `/v2/api/store/${s.id}/vehicle`, { householdId: sc.householdId, make: 'Ford' }, h);
    expect(res.json()).toMatchObject({ status: 400, code: 'VIN_IS_MANDATORY' });
    expect(await countRows('vehicles')).toBe(before);
  });

  it('refuses a VIN or a plate holding characters they cannot, naming them; nothing stored or changed', async () => {
    const c = await t.make.customer(store);
    const before = await countRows('vehicles');
    const vin = await send('POST', api('/vehicle'), { householdId: c.householdId, vinNumber: '1HGCM 82633A#004352' });
    expect(vin.json()).toEqual({ status: 400, code: 'VIN_IS_INVALID', message: 'vin: these characters cannot be used: space, #' });
    const plate = await send('POST', api('/vehicle'), { householdId: c.householdId, make: 'Ford', licensePlate: 'AB#C (12)' });
    expect(plate.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'licensePlate: these characters cannot be used: #, (, )' });
    expect(await countRows('vehicles')).toBe(before);

    // The update route and the external system's ticket (vehicle matched by fleet number) alike.
    const saved = await t.make.vehicle(store, { householdId: c.householdId, licensePlate: 'ABC 123' });
    const update = await send('PUT', api(`/vehicle/${saved.id}`), { licensePlate: 'ABC 123.', VIN: '1HGCM82633A00435*' });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toMatch(/cannot be used: [.*]$/);
    expect((await send('GET', api(`/vehicle/${saved.id}`))).json()).toMatchObject({ licensePlate: 'ABC 123', vin: null });
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/v2/api/inspectionOrder?match-customer-by=business&match-vehicle-by=fleetNumber',
      headers,
      payload: { storeId: store.id, customer: { business: 'Plates Inc.' }, vehicle: { fleetNumber: '7', licensePlate: 'FLT/7' } },
    });
    expect(ticket.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'vehicle.licensePlate: this character cannot be used: /' });
    expect(await countRows('vehicles')).toBe(before + 1);

    // Spaces and hyphens in a plate, lower case in either, and spaces around them are fine.
    const fine = await send('POST', api('/vehicle'), { householdId: c.householdId, vin: ' 1hgcm82633a004352 ', licensePlate: ' fl-7 aa ' });
    expect(fine.json()).toMatchObject({ vin: '1HGCM82633A004352', licensePlate: 'FL-7 AA' });
  });

  it('keeps a second customer in the household and refuses removing the last', async () => {
    const first = await t.make.customer(store, { lastName: 'Gagnon' });
    const second = await send('POST', api('/customer'), { firstName: 'Julie', lastName: 'Gagnon', householdId: first.householdId });
    expect(second.json().householdId).toBe(first.householdId);
    const removed = await send('DELETE', api(`/household/${first.householdId}/customer/${second.json()._id}`));
    expect(removed.json().customers.map((c: { _id: string }) => c._id)).toEqual([first.id]);
    const last = await send('DELETE', api(`/household/${first.householdId}/customer/${first.id}`));
    expect(last.json()).toMatchObject({ status: 400, code: 'CANNOT_REMOVE_MAIN_CUSTOMER' });
  });
});

describe('household search', () => {
  let s: Awaited<ReturnType<TestApp['make']['store']>>;
  let h: Record<string, string>;
  const search = (q: string) => send('GET', `/v2/search/store/${s.id}/household?${q}`, undefined, h);

  beforeAll(async () => {
    s = await t.make.store();
    h = await bearer(t.platform.tokens, await t.make.user('ServiceAdvisor', s));
    const tremblay = await t.make.customer(s, { firstName: 'Marc', lastName: 'Tremblay', mobilePhone: '5145551234', email: 'marc@example.com' });
    await t.make.vehicle(s, { householdId: tremblay.householdId, licensePlate: 'XYZ 789', vin: '1HGCM82633A004352' });
    const fleet = await t.make.customer(s, { business: 'Acme Deliveries' });
    for (let i = 0; i < 45; i++) {
      await t.make.vehicle(s, { householdId: fleet.householdId, fleetNumber: `F-${100 + i}`, licensePlate: `FLT ${100 + i}` });
    }
    await t.make.customer(s, { firstName: 'Lucie', lastName: 'Bouchard', mobilePhone: '4385550000' });
    // The same name in another store must never show.
    await t.make.customer(other, { lastName: 'Tremblay', mobilePhone: '5145551234' });
  });

  it('finds by a phone fragment, a plate typed without its space, and a misspelled last name', async () => {
    for (const q of ['555-12', 'xyz789', 'Trembley', 'marc@exam']) {
      const res = await search(`search=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(1);
      expect(res.json()._embedded.household[0].customers[0].lastName).toBe('Tremblay');
    }
  });

  it('caps the vehicles of an answer at 40 by default and at maxVehicles, matching ones first', async () => {
    const res = await search('search=acme');
    expect(res.json()).toMatchObject({ total: 1, count: 1, customerCount: 1, vehicleCount: 40 });
    const fewer = await search('search=FLT%20144&maxVehicles=5');
    const vehicles = fewer.json()._embedded.household[0].vehicles;
    expect(vehicles).toHaveLength(5);
    expect(vehicles[0].licensePlate).toBe('FLT 144');
    expect((await search('search=acme&maxVehicles=51')).statusCode).toBe(400);
  });

  it('counts with a term of 3, refuses shorter terms, and takes injection-looking strings as text', async () => {
    const count = await send('GET', `/v2/search/store/${s.id}/household/count?search=tremblay`, undefined, h);
    expect(count.json()).toEqual({ total: 1, customerCount: 1, vehicleCount: 0 });
    expect((await send('GET', `/v2/search/store/${s.id}/household/count?search=%20tr%20`, undefined, h)).statusCode).toBe(400);
    expect((await search('search=%20a%20')).json()).toMatchObject({ status: 400, code: 'INVALID_ARGUMENTS' });
    for (const q of ["'; drop table customers; --", '%_%', "x' or '1'='1"]) {
      const res = await search(`search=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().total).toBe(0);
    }
    expect(await countRows('customers')).toBeGreaterThan(0);
  });
});

describe('household search keys', () => {
  // The search reads candidates through store-scoped trigram keys (servicebay_search_keys and its
  // GIN index), then checks `like` and word similarity. The keys must never lose a row: for each
  // term, the search counts exactly what a scan of the store's rows with the same checks finds.
  let s: Awaited<ReturnType<TestApp['make']['store']>>;

  beforeAll(async () => {
    s = await t.make.store();
    const people: Array<[string, string, string]> = [
      ['Hélène', 'Côté', '5145550101'],
      ['Seán', "O'Brien", '4385550202'],
      ['Jean-François', 'St-Pierre', '8195550303'],
      ['Zoë', 'Dubois-Lefèvre', '6135550404'],
      ['Marc', 'Tremblay', '5145551234'],
      ['Ann', 'Li', '4505550505'],
    ];
    for (const [firstName, lastName, mobilePhone] of people) {
      const c = await t.make.customer(s, { firstName, lastName, mobilePhone, email: `${firstName.toLowerCase()}@example.com` });
      await t.make.vehicle(s, { householdId: c.householdId, licensePlate: `K${mobilePhone.slice(-3)} 7Q`, vin: `1HGCM82633A00${mobilePhone.slice(-4)}` });
    }
    await t.make.customer(s, { business: 'Garage Côté & Fils' });
    // Another store's rows share every key's trigrams, never its store key.
    await t.make.customer(other, { firstName: 'Hélène', lastName: 'Côté', mobilePhone: '5145550101' });
  });

  it('finds through the keys exactly what a scan of the store finds', async () => {
    const db = t.platform.database.db;
    const repo = createCustomersRepository(db);
    const terms = [
      'côté', 'cote', 'cotê', 'hélène', 'helene', "o'brien", 'obrien', "o'brian", 'st-pierre', 'st pierre', 'françois',
      'dubois-lef', 'lefevre', 'trembl', 'trembley', 'tremblya', 'li', 'ann', 'an', '555-01', '514 555', '(514) 555-0101',
      '0404', 'k101 7q', 'k1017q', '1hgcm8', 'a000101', '@example', 'zoë@ex', 'garage côté', 'fils', '&', 'zz', 'q7',
    ];
    for (const term of terms) {
      const p = searchPatterns(term);
      const scan = async (table: 'customers' | 'vehicles') => {
        const likes = sql.join(p.likes.map((l) => sql`search_text like ${l}`), sql` or `);
        const result = await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}
          where store_id = ${s.id} and household_id is not null and (${likes} or word_similarity(${p.term}, search_text) >= 0.45::float8)`);
        return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
      };
      const found = await repo.countSearch(s.id, term);
      expect({ term, customers: found.customerCount, vehicles: found.vehicleCount }).toEqual({
        term,
        customers: await scan('customers'),
        vehicles: await scan('vehicles'),
      });
    }
    // Accents, apostrophes and hyphens still find their people (not only empty answers agree).
    expect((await repo.countSearch(s.id, 'côté')).customerCount).toBe(2);
    expect((await repo.countSearch(s.id, "o'brien")).customerCount).toBe(1);
    expect((await repo.countSearch(s.id, 'st-pierre')).customerCount).toBe(1);
    expect((await repo.countSearch(s.id, 'k1017q')).vehicleCount).toBe(1);
  });

  it('ranks exact fragments first and returns the matching vehicles\' scores with the households', async () => {
    const repo = createCustomersRepository(t.platform.database.db);
    // Every plate of the store ends in '7q': the others are similar, the one containing it first.
    const found = await repo.searchHouseholds(s.id, 'k101 7q');
    expect(found.total).toBe(6);
    const scores = [...found.vehicleScores.values()].sort((a, b) => b - a);
    expect(scores).toHaveLength(6);
    expect(scores[0]).toBeGreaterThanOrEqual(1);
    expect(scores[1]).toBeLessThan(1);
    const [first] = await repo.customersOf(s.id, found.householdIds.slice(0, 1));
    expect(first!.lastName).toBe('Côté');
    const typo = await repo.searchHouseholds(s.id, 'tremblya');
    expect(typo.total).toBeGreaterThanOrEqual(1);
    expect(typo.vehicleScores.size).toBe(0);
  });
});
