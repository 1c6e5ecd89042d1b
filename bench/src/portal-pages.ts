/**
 * The portal's pages as the browser benches open them (portal-size.ts, lighthouse-report.ts), by
 * URL, so a page rebuilt behind the same route is measured the same way:
 *
 * - login: /my-car/login;
 * - dashboard: the page jane@example.com lands on after signing in (/my-car/user/{customerId});
 * - report: /report/{id}?t=... of an order of the multi-point inspection with five priced
 *   recommended items (five decisions first), five good items with pictures and every other item
 *   answered good (folded under their count, as a real report's 40-odd good items are), and 20
 *   camera-sized pictures (two per item of the first ten: the server makes its copies of each).
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { liveServer } from './live-server.js';

export const PORTAL_PAGES = ['login', 'dashboard', 'report'] as const;
export type PortalPage = (typeof PORTAL_PAGES)[number];

/** Parses a comma-separated list of pages (all when empty). */
export function portalPagesOf(list: string | undefined): PortalPage[] {
  if (!list) return [...PORTAL_PAGES];
  const pages = list.split(',').map((p) => p.trim());
  for (const p of pages) {
    if (!(PORTAL_PAGES as readonly string[]).includes(p)) throw new Error(`unknown page ${p}: one of ${PORTAL_PAGES.join(', ')}`);
  }
  return pages as PortalPage[];
}

export const JANE = 'jane@example.com';

const HOME = /\/my-car\/user\/[0-9a-f-]{36}$/;

/**
 * Signs Jane in through the portal's login page (where a session already signed in goes on to her
 * page); answers the URL of the page she lands on.
 */
export async function signInJane(page: Page, base: string): Promise<string> {
  await page.goto(`${base}/my-car/login`);
  const email = page.getByLabel('E-mail');
  await Promise.race([email.waitFor({ timeout: 30_000 }), page.waitForURL(HOME, { timeout: 30_000 })]);
  if (HOME.test(page.url())) return page.url();
  await email.fill(JANE);
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(HOME, { timeout: 30_000 });
  return page.url();
}

const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
export const PICTURES = 20;

/** A 12-megapixel-like photo: noise over a gradient, so it compresses like a real one (about 1 MB). */
async function photo(n: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 110 + n, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return noise;
}

/** An order of the demo store with findings and pictures, and the link of its report. */
export async function reportWithPictures(base: string): Promise<string> {
  const { api } = liveServer(base);
  const login = (await (
    await fetch(`${base}/v2/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'advisor', password: 'Demo1234!' }),
    })
  ).json()) as { token: string };
  const token = login.token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    storeId: string;
  };
  const store = `/v2/api/store/${claims.storeId}`;
  const found = await api<{ _embedded: { customer: { _id: string }[] } }>(
    token,
    'GET',
    `${store}/customer?email=jane%40example.com`,
  );
  const customerId = found._embedded.customer[0]!._id;
  const household = await api<{ vehicles: { _id: string }[] }>(
    token,
    'GET',
    `${store}/customer/${customerId}/household`,
  );
  const order = await api<{ _id: string }>(token, 'POST', `${store}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    mileageIn: 61000,
  });
  const items: Array<[string, string]> = [
    ['frontRotors', 'critical'],
    ['rearRotors', 'warning'],
    ['engineOil', 'warning'],
    ['frontBrakePads', 'critical'],
    ['wiperBlades', 'warning'],
    ['coolant', 'okay'],
    ['battery', 'okay'],
    ['headlights', 'okay'],
    ['brakeFluid', 'okay'],
    ['airFilter', 'okay'],
  ];
  const results: string[] = [];
  for (const [itemKey, result] of items) {
    try {
      const created = await api<{ _id: string }>(
        token,
        'POST',
        `${store}/inspectionOrder/${order._id}/result`,
        { itemKey, result, ...(itemKey === 'frontBrakePads' ? { value: 2 } : {}) },
      );
      results.push(created._id);
    } catch {
      // An item the template does not have: the others make up the 20 pictures.
    }
  }
  // Every other item of the inspection answered good: the fold of a real report.
  const type = await api<{ groups: Array<{ sections: Array<{ items: Array<{ itemKey: string; measurement: unknown }> }> }> }>(
    token,
    'GET',
    `${store}/inspection/${MULTI_POINT_INSPECTION_ID}`,
  );
  const answered = new Set(items.map(([key]) => key));
  let good = 0;
  for (const item of type.groups.flatMap((g) => g.sections.flatMap((x) => x.items))) {
    if (answered.has(item.itemKey) || item.measurement !== null) continue;
    await api(token, 'POST', `${store}/inspectionOrder/${order._id}/result`, { itemKey: item.itemKey, result: 'okay' });
    good++;
  }
  // The estimate drawn on first read; each recommended item priced, so each is a decision.
  const estimate = await api<{ lines: Array<{ _id: string }> }>(
    token,
    'GET',
    `${store}/inspectionOrder/${order._id}/estimate?language=en`,
  );
  for (const line of estimate.lines) {
    await api(token, 'PUT', `${store}/inspectionOrder/${order._id}/estimate/line/${line._id}`, {
      labourHours: 1,
      parts: [{ number: 'P-1', description: 'Part', quantity: 1, unitPrice: 4999 }],
    });
  }
  console.error(`${estimate.lines.length} decisions, ${good + 5} good items`);
  let uploaded = 0;
  for (let n = 0; uploaded < PICTURES; n++) {
    const resultId = results[n % results.length]!;
    const form = new FormData();
    form.set('name', `picture-${n + 1}.jpg`);
    form.set(
      'image',
      new Blob([new Uint8Array(await photo(n))], { type: 'image/jpeg' }),
      `picture-${n + 1}.jpg`,
    );
    const answer = await fetch(`${base}${store}/inspectionOrder/${order._id}/result/${resultId}/picture`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    if (!answer.ok) throw new Error(`picture: ${answer.status} ${await answer.text()}`);
    uploaded++;
  }
  const link = await api<{ url: string }>(
    token,
    'POST',
    `${store}/inspectionOrder/${order._id}/reportLink`,
    {},
  );
  return link.url;
}
