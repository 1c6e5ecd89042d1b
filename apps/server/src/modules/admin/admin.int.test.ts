import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';

let t: TestApp;
let network: Awaited<ReturnType<TestApp['make']['partner']>>;
let other: Awaited<ReturnType<TestApp['make']['partner']>>;
let downtown: Awaited<ReturnType<TestApp['make']['store']>>;
let foreign: Awaited<ReturnType<TestApp['make']['store']>>;
const headers: Record<string, Record<string, string>> = {};
const get = (url: string, who: string) => t.app.inject({ method: 'GET', url, headers: headers[who] });

beforeAll(async () => {
  t = await createTestApp();
  network = await t.make.partner('Network');
  other = await t.make.partner('Other Network');
  const demo = await t.make.account(network.id, 'Demo Auto Group');
  downtown = await t.make.store({ accountId: demo.id, partnerId: network.id, name: 'Downtown' });
  await t.make.store({ accountId: demo.id, partnerId: network.id, name: 'Uptown' });
  foreign = await t.make.store({ partnerId: other.id, name: 'Foreign 100%' });
  await t.make.user('Store', downtown);
  for (const [who, role, store] of [
    ['root', 'root', downtown],
    ['partner', 'partner', downtown],
    ['partnerAdmin', 'PartnerAdmin', downtown],
    ['owner', 'owner', downtown],
    ['manager', 'StoreManager', downtown],
  ] as const) {
    headers[who] = await bearer(t.platform.tokens, await t.make.user(role, store));
  }
});
afterAll(() => t?.close());

describe('partner', () => {
  it("shows the partner to its own users and root, 404 to another partner's", async () => {
    const res = await get(`/v2/api/partner/${network.id}`, 'partner');
    expect(res.json()).toEqual({ _id: network.id, name: 'Network', accountCount: 1, storeCount: 2 });
    expect((await get(`/v2/api/partner/${network.id}`, 'manager')).statusCode).toBe(200);
    expect((await get(`/v2/api/partner/${other.id}`, 'root')).statusCode).toBe(200);
    expect((await get(`/v2/api/partner/${other.id}`, 'partner')).statusCode).toBe(404);
    expect((await get(`/v2/api/partner/${crypto.randomUUID()}`, 'root')).statusCode).toBe(404);
  });
});

describe('admin lists', () => {
  it('root sees every partner, account and store, paged', async () => {
    const partners = (await get('/v2/api/admin/partner?size=100', 'root')).json();
    expect(partners._embedded.partner.map((p: { _id: string }) => p._id)).toEqual(expect.arrayContaining([network.id, other.id]));
    const stores = (await get('/v2/api/admin/store?size=1&page=1', 'root')).json();
    expect(stores._embedded.store).toHaveLength(1);
    expect(stores.page).toMatchObject({ size: 1, number: 1 });
    expect(stores.page.totalElements).toBeGreaterThanOrEqual(3);
  });

  it("partner users see only their partner's network", async () => {
    for (const who of ['partner', 'partnerAdmin']) {
      const partners = (await get('/v2/api/admin/partner', who)).json();
      expect(partners._embedded.partner.map((p: { _id: string }) => p._id)).toEqual([network.id]);
      const stores = (await get('/v2/api/admin/store', who)).json();
      expect(stores._embedded.store.map((s: { name: string }) => s.name)).toEqual(['Downtown', 'Uptown']);
      const accounts = (await get('/v2/api/admin/account', who)).json();
      expect(accounts._embedded.account).toEqual([
        { _id: downtown.accountId, name: 'Demo Auto Group', partnerId: network.id, partnerName: 'Network', storeCount: 2 },
      ]);
      // Asking for another partner's data finds nothing.
      expect((await get(`/v2/api/admin/store?partnerId=${other.id}`, who)).json()._embedded.store).toEqual([]);
    }
  });

  it('searches stores by name, account or address, taking % literally', async () => {
    const byName = (await get('/v2/api/admin/store?search=down', 'root')).json();
    expect(byName._embedded.store).toEqual([
      expect.objectContaining({ _id: downtown.id, accountName: 'Demo Auto Group', partnerName: 'Network', hasStoreAccount: true }),
    ]);
    const byAccount = (await get('/v2/api/admin/store?search=demo%20auto', 'root')).json();
    expect(byAccount._embedded.store).toHaveLength(2);
    const percent = (await get('/v2/api/admin/store?search=100%25', 'root')).json();
    expect(percent._embedded.store.map((s: { _id: string }) => s._id)).toEqual([foreign.id]);
    const byAccountId = (await get(`/v2/api/admin/store?accountId=${downtown.accountId}`, 'root')).json();
    expect(byAccountId.page.totalElements).toBe(2);
  });

  it('is for root and partner users only: 403 to everyone else, 400 on bad paging', async () => {
    for (const who of ['owner', 'manager']) {
      for (const list of ['partner', 'account', 'store']) expect((await get(`/v2/api/admin/${list}`, who)).statusCode).toBe(403);
    }
    expect((await get('/v2/api/admin/store?size=1000', 'root')).statusCode).toBe(400);
    expect((await get('/v2/api/admin/store?accountId=nope', 'root')).statusCode).toBe(400);
  });
});

describe('log in as store from the admin list', () => {
  it('root signs in as the Store account of a listed store, and lands as it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/api/user/login/hijack',
      headers: headers.root,
      payload: { storeId: downtown.id, asStore: true },
    });
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ type: 'Store', storeId: downtown.id });
  });
});
