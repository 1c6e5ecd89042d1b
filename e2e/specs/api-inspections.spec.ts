import { expect, test } from '@playwright/test';

/**
 * The inspection API on the demo data, through the real server the browser reaches
 * (docs/inspections.md): a technician reads a seeded inspection, its previous measurements and
 * its pictures' signed URLs, and the browser loads a picture from its URL without a token.
 */
test('a technician reads the demo inspection of ticket 10231 and its pictures load from signed URLs', async ({ request, page }) => {
  const login = await request.post('/v2/api/user/login', { data: { username: 'tech', password: 'Demo1234!' } });
  expect(login.status()).toBe(200);
  const body = await login.json();
  const headers = { authorization: `Bearer ${body.token ?? body.accessToken}` };
  const user = await (await request.get('/v2/api/user/tech', { headers })).json();
  const base = `/v2/api/store/${user.storeId}`;
  const orders = await (await request.get(`${base}/inspectionOrder?search=10231`, { headers })).json();
  const order = orders._embedded.inspectionOrder.find((o: { orderNumber: string }) => o.orderNumber === '10231');

  const type = await request.get(`${base}/inspectionOrder/${order._id}/inspection`, { headers });
  expect(type.headers()['cache-control']).toBe('no-store');
  expect((await type.json()).groupOrder[0]).toBe('vehicleDetails');

  const list = await (await request.get(`${base}/inspectionOrder/${order._id}/result?grouped=true`, { headers })).json();
  const pads = list.results.find((r: { itemKey: string }) => r.itemKey === 'frontBrakePads');
  expect(pads).toMatchObject({ result: 'critical', value: 2 });
  expect(list.previousMeasurements.find((p: { itemKey: string }) => p.itemKey === 'frontBrakePads')).toMatchObject({ value: 5, orderNumber: '10150' });
  expect(pads.pictures[0].source).toMatch(/^\/v2\/files\/[0-9a-f-]{36}\?expires=\d+&signature=/);

  const picture = await page.goto(pads.pictures[0].gallery);
  expect(picture?.status()).toBe(200);
  expect(picture?.headers()['content-type']).toBe('image/jpeg');

  // An unknown item is refused with a clear error, and nothing is written.
  const bad = await request.post(`${base}/inspectionOrder/${order._id}/result`, { headers, data: { itemKey: 'fluxCapacitor' } });
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'itemKey: fluxCapacitor is not an item of this inspection' });
});
