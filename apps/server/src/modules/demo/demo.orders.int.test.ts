import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_FILTER_TABLE, dayIn, startOfDayIn, storedStoreTimeZone, type RepairOrder } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { seedDemoData } from './demo.seed.js';
import { DEMO_ORDERS } from './demo.orders.js';

let t: TestApp;
let headers: Record<string, string>;
let base: string;
let timeZone: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.platform.database.db);
  const db = t.platform.database.db;
  const advisor = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
  headers = await bearer(t.platform.tokens, advisor!);
  base = `/v2/api/store/${advisor!.storeId}`;
  const store = await db.query.stores.findFirst({ where: (s, { eq }) => eq(s.id, advisor!.storeId!) });
  timeZone = storedStoreTimeZone(store!);
});
afterAll(() => t?.close());

const get = async (path: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${base}${path}`, headers });
  return res;
};
const list = async (qs: string) => (await get(`/inspectionOrder?size=100&${qs}`)).json() as { _embedded: { inspectionOrder: RepairOrder[] } };

describe('demo orders', () => {
  it('seeds about thirty Downtown orders, assigned to advisor, tech and tech2', async () => {
    const all = (await list('')). _embedded.inspectionOrder;
    expect(all).toHaveLength(DEMO_ORDERS.length);
    expect(all.length).toBeGreaterThanOrEqual(25);
    const techs = new Set(all.map((o) => o._embedded.technician?.lastName).filter(Boolean));
    expect(techs).toEqual(new Set(['Tremblay', 'Gagnon']));
    expect(all.some((o) => o._embedded.serviceAdvisor?.lastName === 'Dupont')).toBe(true);
    expect(all.some((o) => o.waiting && !o.closed)).toBe(true);
    expect(all.some((o) => o.orderNumber === null)).toBe(true);
  });

  it('gives every dashboard filter something to show', async () => {
    for (const [filter, rule] of Object.entries(DASHBOARD_FILTER_TABLE)) {
      const qs = Object.entries({ ...rule, closed: false })
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`)
        .join('&');
      expect((await list(qs))._embedded.inspectionOrder.length, filter).toBeGreaterThan(0);
    }
  });

  it('has appointments from today on, and closed orders in vehicle histories', async () => {
    // The demo books appointments on the store's days: from the start of the store's today, which
    // is not the machine's when the two zones are on different dates.
    const today = startOfDayIn(dayIn(new Date(), timeZone), timeZone);
    const appointments = await list(`vehicleInShop=false&closed=false&sorting=scheduled,asc&scheduledFrom=${encodeURIComponent(today.toISOString())}`);
    expect(appointments._embedded.inspectionOrder.length).toBeGreaterThanOrEqual(4);
    const closed = (await list('closed=true'))._embedded.inspectionOrder;
    expect(closed.length).toBeGreaterThanOrEqual(5);
    const history = await get(`/vehicle/${closed[0]!.vehicleId}/inspectionOrder?closed=true`);
    expect(history.statusCode).toBe(200);
  });

  it('promises the open orders a time, as the dashboard and the report show it', async () => {
    const open = (await list('closed=false'))._embedded.inspectionOrder;
    const promised = open.filter((o) => o.timePromised);
    expect(promised.length).toBeGreaterThanOrEqual(open.length - 2);
    for (const o of promised) expect(new Date(o.timePromised!).getTime() % (30 * 60_000), o.orderNumber ?? 'walk-in').toBe(0);
    // Jane's approved car says when it should be ready.
    expect(open.find((o) => o.orderNumber === '10260')!.timePromised).not.toBeNull();
    expect((await list('closed=true'))._embedded.inspectionOrder.every((o) => !o.timePromised)).toBe(true);
  });
});
