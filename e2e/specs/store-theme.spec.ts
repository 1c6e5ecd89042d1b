import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectReadableBadges } from '../contrast.js';
import { apiWithToken } from './support/orders.js';
import { DEMO_PASSWORD, mainMenu, signIn } from './support/staff.js';

/**
 * The store's theme (docs/web.md, Store themes) on the staff dashboard (tablet) and the customer's
 * report (phone). Harbourside is the demo store no other spec uses, and harbour-manager its only
 * worker: its theme is set back to default before and after each test, so a retry starts clean.
 */

const MANAGER = 'harbour-manager';
const MULTI_POINT_INSPECTION_ID = '5b0c6f3e-2d7a-4c1e-9f10-000000000002';
const NAPA_BLUE = '#0a3d91';
const BAY_7 = '#0b6a8f';

async function managerApi(request: APIRequestContext) {
  const login = await request.post('/v2/api/user/login', { data: { username: MANAGER, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  return apiWithToken(request, ((await login.json()) as { token: string }).token);
}

async function setTheme(request: APIRequestContext, darkOrLightTheme: 'default' | 'napa' | 'estimates') {
  const api = await managerApi(request);
  const store = await api.put<{ darkOrLightTheme: string }>(`/v2/api/store/${api.claims.storeId}/settings`, { darkOrLightTheme });
  expect(store.darkOrLightTheme).toBe(darkOrLightTheme);
}

/** A new Harbourside order with a critical and a warning item priced, a good item, and its report link. */
async function orderWithReport(request: APIRequestContext): Promise<string> {
  const api = await managerApi(request);
  const base = `/v2/api/store/${api.claims.storeId}`;
  const tag = Date.now().toString(36).slice(-5).toUpperCase();
  const customer = await api.post<{ _id: string; householdId: string }>(`${base}/customer`, {
    firstName: 'Theo',
    lastName: `Theme ${tag}`,
    email: `theme-${tag.toLowerCase()}@example.com`,
  });
  const vehicle = await api.post<{ _id: string }>(`${base}/vehicle`, {
    householdId: customer.householdId,
    year: 2018,
    make: 'Toyota',
    model: 'Corolla',
    licensePlate: `TH ${tag}`,
  });
  const order = await api.post<{ _id: string }>(`${base}/inspectionOrder`, {
    customerId: customer._id,
    vehicleId: vehicle._id,
    inspectionType: MULTI_POINT_INSPECTION_ID,
    mileageIn: 48000,
  });
  for (const result of [
    { itemKey: 'frontRotors', result: 'critical' },
    { itemKey: 'engineOil', result: 'warning' },
    { itemKey: 'wiperBlades', result: 'okay' },
  ]) {
    await api.post(`${base}/inspectionOrder/${order._id}/result`, result);
  }
  // Priced, so the customer is offered decisions (an item priced at zero is information).
  const estimate = await api.get<{ lines: Array<{ _id: string }> }>(`${base}/inspectionOrder/${order._id}/estimate`, {
    language: 'en',
  });
  for (const line of estimate.lines)
    await api.put(`${base}/inspectionOrder/${order._id}/estimate/line/${line._id}`, { labourHours: 1 });
  const { url } = await api.post<{ url: string }>(`${base}/inspectionOrder/${order._id}/reportLink`, {});
  return new URL(url).pathname + new URL(url).search;
}

/** The colour scheme and primary colour the page is painted in, and its accent bar's colour. */
async function paintedTheme(page: Page) {
  return page.evaluate(() => {
    const browser = globalThis as unknown as {
      document: { documentElement: object; querySelector(selector: string): object | null };
      getComputedStyle(element: object): { getPropertyValue(name: string): string; backgroundColor: string };
    };
    const root = browser.document.documentElement as { getAttribute(name: string): string | null };
    const bar = browser.document.querySelector('[data-accent-bar]');
    return {
      scheme: root.getAttribute('data-mantine-color-scheme'),
      primary: browser.getComputedStyle(root).getPropertyValue('--mantine-primary-color-filled').trim().toLowerCase(),
      bar: bar ? browser.getComputedStyle(bar).backgroundColor : null,
    };
  });
}

const THEMES = [
  { theme: 'napa', scheme: 'light', primary: NAPA_BLUE, bar: 'rgb(255, 200, 54)' },
  { theme: 'estimates', scheme: 'dark', primary: BAY_7, bar: null },
] as const;

test.describe('the store theme', () => {
  test.beforeEach(async ({ request }) => setTheme(request, 'default'));
  test.afterEach(async ({ request }) => setTheme(request, 'default'));

  for (const expected of THEMES) {
    test(`${expected.theme}: the staff dashboard on a tablet and the customer's report on a phone`, async ({ page, request, browser }) => {
      test.slow(); // an order through the API, a tablet and a phone: room for a loaded machine
      await setTheme(request, expected.theme);
      const reportPath = await orderWithReport(request);

      // The login page knows no store: ServiceBay's default.
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto('/app/login');
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await paintedTheme(page)).toEqual({ scheme: 'light', primary: BAY_7, bar: null });

      await signIn(page, MANAGER);
      await expect(page).toHaveURL(/\/app\/store\/dashboard/);
      await expect(page.locator('[data-testid="order-number"]').first()).toBeVisible();
      await expect.poll(() => paintedTheme(page)).toEqual({ scheme: expected.scheme, primary: expected.primary, bar: expected.bar });
      await expectAccessible(page);

      // The customer, on a phone, reads the report in the store's theme.
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const customer = await phone.newPage();
      await customer.goto(reportPath);
      await expect(customer.getByRole('heading', { level: 1, name: 'Harbourside' })).toBeVisible();
      await expect(customer.locator('[data-count="critical"]')).toContainText('1');
      await expect.poll(() => paintedTheme(customer)).toEqual({ scheme: expected.scheme, primary: expected.primary, bar: expected.bar });
      await expectAccessible(customer);
      // A decision chosen: the pressed button and the review bar at the bottom.
      const rotors = customer.locator('[data-severity="critical"]').filter({ hasText: 'Front rotors' });
      await rotors.getByRole('button', { name: 'Approve' }).click();
      await expect(customer.getByRole('button', { name: 'Review and sign (1)' })).toBeVisible();
      await expectAccessible(customer);
      await phone.close();

      // Back on the tablet, the report being read shows on the card; signing out is the default again.
      await expect(page.locator('[data-testid="report-status"]').first()).toBeVisible();
      await expectReadableBadges(page);
      await mainMenu(page).getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/app\/login$/);
      await expect.poll(() => paintedTheme(page)).toEqual({ scheme: 'light', primary: BAY_7, bar: null });
    });
  }
});
