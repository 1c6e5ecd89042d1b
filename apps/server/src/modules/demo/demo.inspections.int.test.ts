import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionOrder, InspectionResult, ResultList } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';
import { seedDemoData } from './demo.seed.js';
import { DEMO_INSPECTIONS } from './demo.inspections.js';

let t: TestApp;
let headers: Record<string, string>;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.platform.database.db, t.platform.files);
  const advisor = await t.platform.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.username, 'advisor') });
  headers = await bearer(t.platform.tokens, advisor!);
  base = `/v2/api/store/${advisor!.storeId}`;
}, 120_000);
afterAll(() => t?.close());

const get = (path: string) => t.app.inject({ method: 'GET', url: `${base}${path}`, headers });
async function orderByNumber(number: string): Promise<InspectionOrder> {
  const list = (await get(`/inspectionOrder?size=100&search=${number}`)).json()._embedded.inspectionOrder as InspectionOrder[];
  return list.find((o) => o.orderNumber === number)!;
}

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
