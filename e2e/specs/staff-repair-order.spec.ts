import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectReadableBadges } from '../contrast.js';
import { signIn, storedSession } from './support/staff.js';
import { answerRequiredItems, apiWithToken, quickInspectionId } from './support/orders.js';

/**
 * On the inspection order page (docs/repair-order-page.md): a technician is offered an unassigned
 * order, runs the time tracker, which pauses when the page is left, and finishes the inspection; an
 * order another technician holds names them; reopen and close.
 */

test.use({ viewport: { width: 1024, height: 768 } });

interface Order {
  _id: string;
  technicianId: string | null;
  finished: boolean;
  closed: boolean;
  states: { inspection: string };
  timeTracker: { isRunning: boolean; elapsedSeconds: number };
}

async function apiOf(page: Page, request: APIRequestContext) {
  const api = apiWithToken(request, (await storedSession(page))!.token);
  return { ...api, store: `/v2/api/store/${api.claims.storeId}` };
}

/** A fresh ticket on Jane's first car, written by the advisor, held by whoever is named. */
async function newRepairOrder(
  page: Page,
  request: APIRequestContext,
  technicianUsername: string | null,
): Promise<string> {
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const advisor = await apiOf(page, request);
  const found = await advisor.get<{ _embedded: { customer: { _id: string }[] } }>(
    `${advisor.store}/customer`,
    {
      email: 'jane@example.com',
    },
  );
  const customerId = found._embedded.customer[0]!._id;
  const household = await advisor.get<{ vehicles: { _id: string }[] }>(
    `${advisor.store}/customer/${customerId}/household`,
  );
  let technicianId: string | undefined;
  if (technicianUsername) {
    const technician = await advisor.get<{ _id: string }>(`/v2/api/user/${technicianUsername}`);
    technicianId = technician._id;
  }
  // The quick inspection with its required items answered, so the technician can finish it.
  const quick = await quickInspectionId(advisor);
  const order = await advisor.post<Order>(`${advisor.store}/inspectionOrder`, {
    customerId,
    vehicleId: household.vehicles[0]!._id,
    serviceAdvisorId: advisor.claims.id,
    orderNumber: `T${String(Date.now()).slice(-8)}`,
    inspectionType: quick,
    ...(technicianId ? { technicianId } : {}),
  });
  await answerRequiredItems(advisor, order._id, quick);
  await page.context().clearCookies();
  await page.evaluate(() =>
    (globalThis as unknown as { localStorage: { clear(): void } }).localStorage.clear(),
  );
  return order._id;
}

test('a technician takes an unassigned order, runs the clock, leaves (the clock pauses), finishes, reopens and closes', async ({
  page,
  request,
}) => {
  test.slow(); // the whole life of an order: room for a loaded machine
  const orderId = await newRepairOrder(page, request, null);
  await signIn(page, 'tech');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const tech = await apiOf(page, request);
  const orderPath = `/app/store/${tech.claims.storeId}/inspectionOrder/${orderId}`;
  const orderApi = `${tech.store}/inspectionOrder/${orderId}`;

  await page.goto(orderPath);
  await expect(page.getByRole('heading', { level: 1, name: /^Repair order T\d+$/ })).toBeVisible();
  const assignment = page.getByTestId('assignment');
  await expect(assignment).toContainText('This inspection is not assigned to you. Assign it to yourself?');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByTestId('order-technician')).toHaveText('Technician: Theo Tremblay');
  await expect(assignment).toHaveCount(0);
  expect((await tech.get<Order>(orderApi)).technicianId).toBe(tech.claims.id);

  // The clock: start, then leave the page inside the app: it pauses.
  await page.getByRole('button', { name: 'Start the clock' }).click();
  await expect(page.getByRole('button', { name: 'Pause the clock' })).toBeVisible();
  await expect(page.getByText('The clock is running. Leaving this page pauses it.')).toBeVisible();
  expect((await tech.get<Order>(orderApi)).timeTracker.isRunning).toBe(true);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  await expect.poll(async () => (await tech.get<Order>(orderApi)).timeTracker.isRunning).toBe(false);

  // Back on the order: paused; start again, then pause by hand.
  await page.goto(orderPath);
  await expect(page.getByText('The clock is paused.')).toBeVisible();
  await page.getByRole('button', { name: 'Start the clock' }).click();
  await page.getByRole('button', { name: 'Pause the clock' }).click();
  await expect(page.getByRole('button', { name: 'Start the clock' })).toBeVisible();
  expect((await tech.get<Order>(orderApi)).timeTracker.isRunning).toBe(false);

  // Finish: no sign-off in Downtown (not an audit store); it clocks in with Protractor: the work order page.
  await page.getByRole('button', { name: 'Finish the inspection' }).click();
  await expect(page).toHaveURL(/\/inspectionOrder\/[^/]+\/workOrder$/);
  expect(await tech.get<Order>(orderApi)).toMatchObject({ finished: true, states: { inspection: 'done' } });

  // Reopen, then close (confirmed).
  await page.goto(orderPath);
  await expect(page.getByText('Inspection finished')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen the inspection' }).click();
  await expect(page.getByRole('button', { name: 'Finish the inspection' })).toBeVisible();
  expect(await tech.get<Order>(orderApi)).toMatchObject({
    finished: false,
    states: { inspection: 'inProgress' },
  });
  await page.getByRole('button', { name: 'Close the ticket' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close the ticket' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expectReadableBadges(page);
  await expect(page.getByRole('button', { name: 'Finish the inspection' })).toHaveCount(0);
  expect((await tech.get<Order>(orderApi)).closed).toBe(true);
});

test('an order another technician holds names them, and offers no clock control to steal it', async ({
  page,
  request,
}) => {
  const orderId = await newRepairOrder(page, request, 'tech2');
  await signIn(page, 'tech');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const tech = await apiOf(page, request);
  await page.goto(`/app/store/${tech.claims.storeId}/inspectionOrder/${orderId}`);
  await expect(page.getByTestId('assignment')).toHaveText(
    'Only a service advisor can reassign this inspection: Tina Gagnon is working on it.',
  );
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
  await expectAccessible(page);
});

test('an advisor sees no assignment offer and no clock', async ({ page, request }) => {
  const orderId = await newRepairOrder(page, request, null);
  await signIn(page, 'advisor');
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const advisor = await apiOf(page, request);
  await page.goto(`/app/store/${advisor.claims.storeId}/inspectionOrder/${orderId}`);
  await expect(page.getByRole('button', { name: 'Finish the inspection' })).toBeVisible();
  await expect(page.getByTestId('assignment')).toHaveCount(0);
  await expect(page.getByTestId('time-tracker')).toHaveCount(0);
});
