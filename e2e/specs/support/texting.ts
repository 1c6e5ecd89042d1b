import { expect, type APIRequestContext } from '@playwright/test';
import { apiWithToken } from './orders.js';
import { DEMO_PASSWORD } from './staff.js';

/**
 * The texting specs' shops (staff-texting*.spec.ts): each test opens its own store in the demo
 * account, with its own advisor and customers. Texts wait for 08:00 during the store's quiet hours
 * (21:00-08:00 in its time zone), so the store's zone is chosen to put "now" at noon (texts go at
 * once) or at 2 a.m. (they are scheduled), whatever the hour of the run; and no other spec sees
 * these conversations, nor changes them.
 */

/** The password of each shop's advisor. */
export const PASSWORD = 'Texting-2026!';

/** An IANA zone whose local hour is now `hour` (Etc/GMT-5 is UTC+5). */
export function zoneAt(hour: number): string {
  let offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  if (offset > 14) offset -= 24;
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

export async function login(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const answer = await request.post('/v2/api/user/login', { data: { username, password } });
  expect(answer.status(), `${username} signs in`).toBe(200);
  return apiWithToken(request, ((await answer.json()) as { token: string }).token);
}

export interface Shop {
  storeId: string;
  username: string;
  api: Awaited<ReturnType<typeof login>>;
  tag: string;
  /** The store's time zone (IANA). */
  timeZone: string;
}

/**
 * A store of the demo account in the zone where it is now `hour` o'clock, with canned messages,
 * and its advisor (trained, so the dashboard opens at once).
 */
export async function openShop(request: APIRequestContext, hour: number, language: 'en' | 'fr'): Promise<Shop> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const owner = await login(request, 'owner');
  const timeZone = zoneAt(hour);
  const accountId = (owner.claims as unknown as { accountId: string }).accountId;
  const store = await owner.post<{ _id: string }>(`/v2/api/account/${accountId}/store`, {
    name: `Texting ${tag}`,
    phoneNo: '(514) 555-0190',
    country: 'ca',
    state: 'QC',
  });
  await owner.put(`/v2/api/store/${store._id}/settings`, {
    timeZone,
    cannedMessages: [
      { text: 'Your vehicle is ready.' },
      { text: 'Your vehicle is ready for pickup. We are open until 6 pm.' },
    ],
  });
  const username = `texter-${tag}`;
  await owner.post(`/v2/api/store/${store._id}/user`, {
    username,
    type: 'ServiceAdvisor',
    firstName: 'Tess',
    lastName: 'Texter',
    language,
    password: PASSWORD,
  });
  const api = await login(request, username, PASSWORD);
  const courses = await api.get<{ _embedded: { course: Array<{ _id: string; mandatory: boolean }> } }>(
    `/v2/api/user/${api.claims.id}/course`,
  );
  for (const course of courses._embedded.course.filter((c) => c.mandatory)) {
    await api.post(`/v2/api/user/${api.claims.id}/course/${course._id}/complete`);
  }
  return { storeId: store._id, username, api, tag, timeZone };
}

/** A customer of the shop with a mobile number of its own (or none), and an order in the shop when asked. */
export async function customerOf(
  shop: Shop,
  firstName: string,
  options: { mobile: boolean; order: boolean; digits?: string },
) {
  const base = `/v2/api/store/${shop.storeId}`;
  // Ten digits no other customer of the run has (the inbound webhook finds the customer by number),
  // a valid North American number: the exchange (digits 4 to 6) may not start with 0 or 1; or the
  // digits given (a number two customers share).
  const digits =
    options.digits ?? `4385${String(Date.now()).slice(-3)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  const lastName = `Texting ${shop.tag}`;
  const customer = await shop.api.post<{ _id: string; householdId: string }>(`${base}/customer`, {
    firstName,
    lastName,
    mobilePhone: options.mobile ? digits : null,
    permissionToText: true,
  });
  let orderNumber: string | null = null;
  let orderId: string | null = null;
  if (options.order) {
    const vehicle = await shop.api.post<{ _id: string }>(`${base}/vehicle`, {
      householdId: customer.householdId,
      year: 2019,
      make: 'Honda',
      model: 'Civic',
      licensePlate: `TX ${shop.tag.slice(-4).toUpperCase()}`,
    });
    const order = await shop.api.post<{ _id: string; orderNumber: string | null }>(
      `${base}/inspectionOrder`,
      {
        customerId: customer._id,
        vehicleId: vehicle._id,
        vehicleInShop: true,
      },
    );
    orderNumber = order.orderNumber;
    orderId = order._id;
  }
  return {
    id: customer._id,
    name: `${firstName} ${lastName}`,
    lastName,
    digits,
    phone: `+1${digits}`,
    orderNumber,
    orderId,
  };
}

