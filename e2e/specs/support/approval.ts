import sharp from 'sharp';
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './staff.js';

/**
 * A customer's approval made through the API, for the specs whose subject is what follows it
 * (notifications, web push): a new advisor, an order of Jane's with one priced critical finding
 * and its report link, and Jane's approval through that link, as her phone would send it.
 */

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';

export interface Api {
  headers: Record<string, string>;
  claims: { id: string; storeId: string };
}

export async function login(request: APIRequestContext, username: string, password: string): Promise<Api> {
  const answer = await request.post('/v2/api/user/login', { data: { username, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { token: string };
  const claims = JSON.parse(Buffer.from(body.token.split('.')[1]!, 'base64url').toString()) as Api['claims'];
  return { headers: { authorization: `Bearer ${body.token}` }, claims };
}

export async function call<T>(request: APIRequestContext, api: Api, method: 'get' | 'post' | 'put', path: string, data?: unknown): Promise<T> {
  const answer = await request[method](path, { headers: api.headers, data });
  expect(answer.status(), `${method} ${path}: ${await answer.text()}`).toBeLessThan(300);
  return (await answer.json()) as T;
}

/**
 * A new advisor of Downtown speaking `language`, made by the store manager, with the mandatory
 * training done as a new worker would. `prefix` names the user (unique per run) and its last name.
 */
export async function newAdvisor(request: APIRequestContext, options: { language: 'en' | 'fr'; prefix: string; password: string }) {
  const { language, prefix, password } = options;
  const manager = await login(request, 'manager', DEMO_PASSWORD);
  const username = `${prefix}-${language}-${Date.now().toString(36)}`;
  await call(request, manager, 'post', `/v2/api/store/${manager.claims.storeId}/user`, {
    username,
    type: 'ServiceAdvisor',
    firstName: language === 'fr' ? 'Éloïse' : 'Nina',
    lastName: prefix.charAt(0).toUpperCase() + prefix.slice(1),
    language,
    password,
  });
  const advisor = await login(request, username, password);
  const courses = await call<{ _embedded: { course: Array<{ _id: string; mandatory: boolean }> } }>(request, advisor, 'get', `/v2/api/user/${advisor.claims.id}/course`);
  for (const course of courses._embedded.course.filter((c) => c.mandatory))
    await call(request, advisor, 'post', `/v2/api/user/${advisor.claims.id}/course/${course._id}/complete`);
  return { username, api: advisor };
}

export interface OrderToApprove {
  orderId: string;
  orderNumber: string;
  token: string;
  pads: string;
}

/** An order of Jane's for the advisor, the front brake pads critical and priced, and its report link. */
export async function orderToApprove(request: APIRequestContext, advisor: Api): Promise<OrderToApprove> {
  const base = `/v2/api/store/${advisor.claims.storeId}`;
  const found = await call<{ _embedded: { customer: Array<{ _id: string }> } }>(request, advisor, 'get', `${base}/customer?email=jane%40example.com`);
  const customerId = found._embedded.customer[0]!._id;
  const household = await call<{ vehicles: Array<{ _id: string }> }>(request, advisor, 'get', `${base}/customer/${customerId}/household`);
  const order = await call<{ _id: string; orderNumber: string | null }>(request, advisor, 'post', `${base}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    serviceAdvisorId: advisor.claims.id,
  });
  const pads = await call<{ _id: string }>(request, advisor, 'post', `${base}/inspectionOrder/${order._id}/result`, { itemKey: 'frontBrakePads', result: 'critical', value: 2 });
  const estimate = await call<{ lines: Array<{ _id: string; description: string }> }>(request, advisor, 'get', `${base}/inspectionOrder/${order._id}/estimate?language=en`);
  const line = estimate.lines.find((l) => /brake pads/i.test(l.description))!;
  await call(request, advisor, 'put', `${base}/inspectionOrder/${order._id}/estimate/line/${line._id}`, {
    labourHours: 1.5,
    parts: [{ number: 'D1089', description: 'Front brake pads', quantity: 1, unitPrice: 8999 }],
  });
  const link = await call<{ url: string }>(request, advisor, 'post', `${base}/inspectionOrder/${order._id}/reportLink`, {});
  return { orderId: order._id, orderNumber: order.orderNumber ?? '', token: new URL(link.url).searchParams.get('t')!, pads: pads._id };
}

/** Jane approves the brake pads through the report link, as her phone would. */
export async function approve(request: APIRequestContext, made: OrderToApprove) {
  const png = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
  const answer = await request.post(`/v2/api/report/${made.orderId}/approval?t=${encodeURIComponent(made.token)}`, {
    data: { decisions: [{ resultId: made.pads, decision: 'approved' }], signerName: 'Jane Doe', signature: `data:image/png;base64,${png.toString('base64')}` },
  });
  expect(answer.status(), await answer.text()).toBe(201);
}
