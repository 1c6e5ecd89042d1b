import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectReadableBadges } from '../contrast.js';
import { signIn, storedSession } from './support/staff.js';
import { answerRequiredItems, quickInspectionId } from './support/orders.js';

/**
 * The dashboard's filters, sort, waiting first, my vehicles, appointments, search and saved choices
 * against the seeded Downtown orders; a ticket created through the API appears live on a
 * technician's dashboard in a second browser; the older dashboard paths; vehicle history and
 * sign-off (docs/dashboard.md).
 */

interface Claims {
  id: string;
  storeId: string;
}

interface Order {
  _id: string;
  orderNumber: string | null;
  waiting: boolean;
  customerId: string;
  vehicleId: string;
  serviceAdvisorId: string | null;
  _embedded: {
    customer: { lastName: string | null; business: string | null } | null;
    vehicle: { vin: string | null } | null;
  };
}

interface Api {
  claims: Claims;
  get<T>(path: string, params?: Record<string, string>): Promise<T>;
  post<T>(path: string, data?: unknown): Promise<T>;
}

async function apiOf(page: Page, request: APIRequestContext): Promise<Api> {
  const session = await storedSession(page);
  const token = session!.token;
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Claims;
  const headers = { Authorization: `Bearer ${token}` };
  return {
    claims,
    async get<T>(path: string, params?: Record<string, string>) {
      const answer = await request.get(path, { headers, params });
      expect(answer.status(), `GET ${path}`).toBeLessThan(300);
      return (answer.status() === 204 ? undefined : await answer.json()) as T;
    },
    async post<T>(path: string, data?: unknown) {
      const answer = await request.post(path, { headers, data });
      expect(answer.status(), `POST ${path}: ${await answer.text()}`).toBeLessThan(300);
      return (await answer.json()) as T;
    },
  };
}

const orders = (api: Api) => `/v2/api/store/${api.claims.storeId}/inspectionOrder`;

/** The list the server answers for a dashboard query (the table of docs/dashboard.md). */
async function listed(
  api: Api,
  params: Record<string, string>,
): Promise<{ numbers: (string | null)[]; total: number; orders: Order[] }> {
  const answer = await api.get<{ _embedded: { inspectionOrder: Order[] }; page: { totalElements: number } }>(
    orders(api),
    {
      page: '0',
      size: '10',
      sorting: 'orderNumber,desc',
      closed: 'false',
      ...params,
    },
  );
  const list = answer._embedded.inspectionOrder;
  return { numbers: list.map((o) => o.orderNumber), total: answer.page.totalElements, orders: list };
}

/** The order numbers on screen, in order ('' for none). */
function shownNumbers(page: Page, list = 'orders') {
  return page
    .locator(`[data-list="dashboard-${list}"] [data-order-id]`)
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-order-number')));
}

/** A seeded customer (Jane Doe, README) and one of her household's vehicles. */
async function aCustomersVehicle(api: Api): Promise<{ customerId: string; vehicleId: string }> {
  const store = `/v2/api/store/${api.claims.storeId}`;
  const found = await api.get<{ _embedded: { customer: { _id: string }[] } }>(`${store}/customer`, {
    email: 'jane@example.com',
  });
  const customerId = found._embedded.customer[0]!._id;
  const household = await api.get<{ vehicles: { _id: string }[] }>(
    `${store}/customer/${customerId}/household`,
  );
  return { customerId, vehicleId: household.vehicles[0]!._id };
}

interface BrowserSocket {
  onopen: (() => void) | null;
  send(data: string): void;
  close(): void;
}

/** Publishes a VIN on the user's dashboard topic from another socket, as the VIN scanner's return page does. */
async function publishScannedVin(page: Page, api: Api, vin: string) {
  const token = (await storedSession(page))!.token;
  const topic = `user/${api.claims.id}/externalAppAction/vinScannedFromDashboard`;
  await page.evaluate(
    async ({ token, topic, vin }) => {
      const g = globalThis as unknown as {
        WebSocket: new (url: string) => BrowserSocket;
        location: { origin: string };
      };
      const socket = new g.WebSocket(
        `${g.location.origin.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`,
      );
      await new Promise<void>((resolve) => (socket.onopen = () => resolve()));
      socket.send(JSON.stringify({ type: 'publish', topic, payload: { vin } }));
      await new Promise((resolve) => setTimeout(resolve, 300));
      socket.close();
    },
    { token, topic, vin },
  );
}

const asShown = (numbers: (string | null)[]) => numbers.map((n) => n ?? '');

/**
 * The dashboard shows what the server lists, the server's list read again on every try: specs in
 * the other worker write tickets into the same store meanwhile, and the dashboard shows them live.
 */
async function expectShownAsListed(page: Page, api: Api, params: Record<string, string>, message?: string) {
  await expect(async () => {
    const expected = await listed(api, params);
    expect(await shownNumbers(page), message).toEqual(asShown(expected.numbers));
  }).toPass({ timeout: 10_000 });
}

/** The same for a filter's counter, in its chip's accessible name. */
async function expectCounterAsListed(page: Page, api: Api, label: string, params: Record<string, string>) {
  await expect(async () => {
    const expected = await listed(api, params);
    await expect(filterChip(page, label)).toHaveAccessibleName(`${label} ${expected.total}`, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

/**
 * Starts from the defaults (all vehicles, RO decreasing, no switches), whatever an earlier test saved.
 * Saved as a choice: a technician who never saved one starts with My vehicles on.
 */
async function resetChoices(page: Page, api: Api) {
  await api.post(`/v2/api/store/${api.claims.storeId}/user/${api.claims.id}/filter`, {
    filter: 'allVehicles',
    sorting: 'orderNumber,desc',
    waitingFirst: false,
    myVehicles: false,
  });
  await page.reload();
}

async function openDashboard(page: Page, request: APIRequestContext, username: string) {
  await signIn(page, username);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const api = await apiOf(page, request);
  await resetChoices(page, api);
  await expect(page.getByTestId('dashboard')).toBeVisible();
  return api;
}

const filterChip = (page: Page, name: string) =>
  page.getByRole('radio', { name: new RegExp(`^${name}( \\d+)?$`) });

/** Clicks the label of an input Mantine hides visually (chips, switches), as a finger would. */
async function clickLabelOf(page: Page, input: ReturnType<Page['locator']>) {
  await page.locator(`label[for="${await input.getAttribute('id')}"]`).click();
  await expect(input).toBeChecked();
}

const chooseFilter = (page: Page, name: string) => clickLabelOf(page, filterChip(page, name));
const switchOn = (page: Page, name: string) => clickLabelOf(page, page.getByRole('switch', { name }));

const FILTERS: Array<[label: string, params: Record<string, string>]> = [
  ['All vehicles', { vehicleInShop: 'true' }],
  ['Inspecting', { vehicleInShop: 'true', inspection: 'pending,inProgress' }],
  ['Estimating', { vehicleInShop: 'true', estimate: 'pending,inProgress' }],
  ['Awaiting approval', { vehicleInShop: 'true', approval: 'pending,inProgress' }],
  [
    'Awaiting parts',
    { vehicleInShop: 'true', parts: 'pending,inProgress,inProgressHaveOrdered,inProgressSomeParts' },
  ],
  ['Working on vehicle', { vehicleInShop: 'true', work: 'inProgress' }],
  ['Reporting', { vehicleInShop: 'true', report: 'pending,inProgress' }],
  ['Finished', { vehicleInShop: 'true', inspection: 'done' }],
];

test.describe('the dashboard on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test("the advisor sees the store's orders; every filter shows its orders and its counter", async ({
    page,
    request,
  }) => {
    test.slow(); // eight filters, each compared with the server's list and checked for contrast
    const api = await openDashboard(page, request, 'advisor');

    const all = await listed(api, { vehicleInShop: 'true' });
    expect(all.total).toBeGreaterThan(10);
    await expectShownAsListed(page, api, { vehicleInShop: 'true' });
    await expect(async () => {
      const count = await api.get<{ count: number }>(`${orders(api)}/count`, { vehicleInShop: 'true' });
      await expect(page.getByTestId('order-count')).toHaveText(`${count.count} vehicles in shop`, { timeout: 1000 });
      const total = (await listed(api, { vehicleInShop: 'true' })).total;
      await expect(page.getByRole('navigation', { name: 'Pages of All vehicles' })).toContainText(
        `Page 1 of ${Math.ceil(total / 10)}`,
        { timeout: 1000 },
      );
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId('live-state')).toHaveText('Live');
    await expectAccessible(page);
    await expect(page.getByTestId('report-status').first()).toBeVisible();
    await expectReadableBadges(page);

    let nonEmpty = 0;
    for (const [label, params] of FILTERS) {
      const expected = await listed(api, params);
      if (expected.total > 0) nonEmpty++;
      await chooseFilter(page, label);
      await expect(page.getByTestId('dashboard')).toHaveAttribute('data-filter', /.+/);
      await expectCounterAsListed(page, api, label, params);
      await expectShownAsListed(page, api, params, label);
      await expectReadableBadges(page);
      if (expected.total === 0)
        await expect(page.getByTestId('empty-list')).toHaveText('No order matches this filter.');
    }
    // The seed spreads its orders over the states: most filters have some.
    expect(nonEmpty).toBeGreaterThanOrEqual(5);

    // The next page.
    await chooseFilter(page, 'All vehicles');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expectShownAsListed(page, api, { vehicleInShop: 'true', page: '1' });
    await expect(page.getByRole('navigation', { name: 'Pages of All vehicles' })).toContainText('Page 2 of');
  });

  test('sort, waiting first and my vehicles follow the server and are kept after a reload', async ({
    page,
    request,
  }) => {
    test.slow(); // each order of the list, then a reload: room for a loaded machine
    const api = await openDashboard(page, request, 'advisor');
    const sort = page.getByRole('radiogroup', { name: 'Sort by RO' });

    await sort.getByText('RO, oldest first').click();
    await expectShownAsListed(page, api, { vehicleInShop: 'true', sorting: 'orderNumber,asc' });

    await switchOn(page, 'Waiting first');
    const waitingFirst = await listed(api, {
      vehicleInShop: 'true',
      sorting: 'orderNumber,asc',
      waitingFirst: 'true',
    });
    await expectShownAsListed(page, api, {
      vehicleInShop: 'true',
      sorting: 'orderNumber,asc',
      waitingFirst: 'true',
    });
    const waiting = waitingFirst.orders.filter((o) => o.waiting).length;
    expect(waiting).toBeGreaterThan(0);
    const cards = page.locator('[data-list="dashboard-orders"] [data-order-id]');
    for (let i = 0; i < waiting; i++) await expect(cards.nth(i).getByTestId('waiting-badge')).toBeVisible();

    await switchOn(page, 'My vehicles');
    const mine = await listed(api, {
      vehicleInShop: 'true',
      sorting: 'orderNumber,asc',
      waitingFirst: 'true',
      serviceAdvisorId: api.claims.id,
    });
    expect(mine.orders.every((o) => o.serviceAdvisorId === api.claims.id)).toBe(true);
    await expectShownAsListed(page, api, {
      vehicleInShop: 'true',
      sorting: 'orderNumber,asc',
      waitingFirst: 'true',
      serviceAdvisorId: api.claims.id,
    });
    await chooseFilter(page, 'Estimating');

    // Saved through the filter endpoint: a reload (or another tablet) starts from them.
    await page.reload();
    await expect(filterChip(page, 'Estimating')).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Waiting first' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'My vehicles' })).toBeChecked();
    await expectShownAsListed(page, api, {
      vehicleInShop: 'true',
      sorting: 'orderNumber,asc',
      waitingFirst: 'true',
      serviceAdvisorId: api.claims.id,
      estimate: 'pending,inProgress',
    });

    // Unknown saved values are ignored: the defaults apply.
    await api.post(`/v2/api/store/${api.claims.storeId}/user/${api.claims.id}/filter`, {
      filter: 'noSuchFilter',
      sorting: null,
    });
    await page.reload();
    await expect(filterChip(page, 'All vehicles')).toBeChecked();
    await expect(sort.getByRole('radio', { name: 'RO, newest first' })).toBeChecked();
    await resetChoices(page, api);
  });

  test('appointments: from today on, by time, 20 a page, as a list or a calendar', async ({
    page,
    request,
  }) => {
    const api = await openDashboard(page, request, 'advisor');
    await chooseFilter(page, 'Appointments');
    const expected = await listed(api, {
      vehicleInShop: 'false',
      sorting: 'scheduled,asc',
      size: '20',
      scheduledFrom: await page.evaluate(() => {
        const d = new Date();
        return new Date(d.getFullYear(), d.getMonth(), d.getDate()).toISOString();
      }),
    });
    expect(expected.total).toBeGreaterThan(0);
    await expect.poll(() => shownNumbers(page)).toEqual(asShown(expected.numbers));
    // The header counts what the Appointments chip counts: the list's total, from today on.
    await expect(page.getByTestId('order-count')).toHaveText(new RegExp(`^${expected.total} vehicles? expected$`));
    await expect(page.getByRole('radio', { name: `Appointments ${expected.total}`, exact: true })).toBeChecked();
    await expect(page.locator('[data-list="dashboard-orders"] [data-order-id]').first()).toContainText(
      'Expected',
    );
    await expect(
      page.getByRole('radiogroup', { name: 'Sort by RO' }).getByRole('radio').first(),
    ).toBeDisabled();

    await page.getByRole('radiogroup', { name: 'Appointments view' }).getByText('Calendar').click();
    const calendar = page.getByRole('list', { name: 'Appointments by day' });
    await expect(calendar).toBeVisible();
    await expect(calendar.locator('[data-order-id]')).toHaveCount(expected.orders.length);
    await expectAccessible(page);
  });

  test('search: matching vehicles, throttled, cleared by a filter', async ({ page, request }) => {
    const api = await openDashboard(page, request, 'advisor');
    const all = await listed(api, { vehicleInShop: 'true' });
    const someone = all.orders.find((o) => o._embedded.customer?.lastName)!._embedded.customer!.lastName!;
    const expected = await listed(api, { search: someone });
    expect(expected.total).toBeGreaterThan(0);

    await page.getByRole('searchbox', { name: 'Search orders' }).fill(someone);
    await expect(page.getByTestId('search-heading')).toContainText(`Searching for “${someone}”`);
    await expect(page.getByTestId('dashboard')).toHaveAttribute('data-filter', 'matchingVehicles');
    await expectShownAsListed(page, api, { search: someone });
    await expect(page.getByTestId('order-count')).toHaveText(
      new RegExp(`^${expected.total} matching orders?$`),
    );

    await page.getByRole('searchbox', { name: 'Search orders' }).fill('zzz-no-such-order');
    await expect(page.getByTestId('empty-list')).toHaveText('No order matches “zzz-no-such-order”.');

    await chooseFilter(page, 'All vehicles');
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
    await expectShownAsListed(page, api, { vehicleInShop: 'true' });

    // A VIN scanned for the dashboard (user/{id}/externalAppAction/vinScannedFromDashboard) searches by it.
    const vin = all.orders.find((o) => o._embedded.vehicle?.vin)!._embedded.vehicle!.vin!;
    await expect(page.getByTestId('live-state')).toHaveText('Live');
    await publishScannedVin(page, api, vin);
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toHaveValue(vin);
    const byVin = await listed(api, { search: vin });
    expect(byVin.total).toBeGreaterThan(0);
    await expectShownAsListed(page, api, { search: vin });
  });

  test('the older dashboard paths land on working dashboards', async ({ page, request }) => {
    const api = await openDashboard(page, request, 'advisor');
    for (const [path, variant] of [
      ['/app/serviceAdvisor/dashboard', 'advisor'],
      ['/app/technician/dashboardV2', 'technicianV2'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/app/store/dashboard\\?variant=${variant}$`));
      await expectShownAsListed(page, api, { vehicleInShop: 'true' });
    }
    // The basic technician's dashboard: the user's own orders, then the others.
    await page.goto('/app/v2/technician/dashboard');
    await expect(page).toHaveURL(/\/app\/store\/dashboard\?variant=basicTechnician$/);
    await expect(page.getByRole('heading', { name: 'My vehicles' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Other vehicles' })).toBeVisible();
    const others = await listed(api, { vehicleInShop: 'true', not: api.claims.id });
    await expect.poll(() => shownNumbers(page, 'others')).toEqual(asShown(others.numbers));
    await expectAccessible(page);
  });

  test("a ticket written by the advisor appears live on a technician's dashboard, and leaves when closed", async ({
    page,
    request,
    browser,
  }) => {
    test.slow(); // two browsers and a live update: room for a loaded machine
    const advisor = await openDashboard(page, request, 'advisor');
    const seeded = await aCustomersVehicle(advisor);

    const techContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const tech = await techContext.newPage();
    try {
      await signIn(tech, 'tech');
      await expect(tech).toHaveURL(/\/app\/store\/dashboard\?variant=technicianV2$/);
      const techApi = await apiOf(tech, request);
      await resetChoices(tech, techApi);
      await expect(tech.getByTestId('live-state')).toHaveText('Live');
      await expect(tech.getByTestId('order-count')).toHaveText(/\d+ vehicles? in shop/);
      // The counter follows the server's (specs in the other worker may add tickets meanwhile).
      const countMatchesServer = () =>
        expect(async () => {
          const { count } = await techApi.get<{ count: number }>(`${orders(techApi)}/count`, { vehicleInShop: 'true' });
          await expect(tech.getByTestId('order-count')).toHaveText(new RegExp(`^${count} vehicles? in shop$`), {
            timeout: 1000,
          });
        }).toPass({ timeout: 10_000 });
      const before = Number((await tech.getByTestId('order-count').textContent())!.match(/\d+/)![0]);

      // Text after every seeded number ('ZZ' sorts last going up): on top of "RO, newest first".
      const orderNumber = `ZZ-${String(Date.now()).slice(-8)}`;
      // A vehicle known by its plate alone: the card shows the plate, not "No vehicle".
      const store = `/v2/api/store/${advisor.claims.storeId}`;
      const household = await advisor.get<{ _id: string }>(`${store}/customer/${seeded.customerId}/household`);
      const plate = `P${String(Date.now()).slice(-6)}`;
      const plateOnly = await advisor.post<{ _id: string }>(`${store}/vehicle`, {
        householdId: household._id,
        licensePlate: plate,
      });
      const created = await advisor.post<Order>(orders(advisor), {
        customerId: seeded.customerId,
        vehicleId: plateOnly._id,
        serviceAdvisorId: advisor.claims.id,
        orderNumber,
        includeMaintenanceInReport: false,
      });
      const card = tech.locator(`[data-list="dashboard-orders"] [data-order-id="${created._id}"]`);
      await expect(card).toBeVisible();
      await expect(card).toContainText(`RO ${orderNumber}`);
      await expect(card).toContainText(`Plate ${plate}`);
      await expect(card).not.toContainText('No vehicle');
      await expect.poll(() => shownNumbers(tech).then((n) => n[0])).toBe(orderNumber);
      await countMatchesServer();
      expect(Number((await tech.getByTestId('order-count').textContent())!.match(/\d+/)![0])).toBeGreaterThan(before);
      await expectAccessible(tech);

      // Closed: it leaves every open dashboard.
      await advisor.post(`${orders(advisor)}/${created._id}/close`);
      await expect(card).toHaveCount(0);
      await countMatchesServer();
    } finally {
      await techContext.close();
    }
  });

  test('an order card opens the order; vehicle history and sign-off', async ({ page, request }) => {
    test.slow(); // several pages of one order: room for a loaded machine
    const api = await openDashboard(page, request, 'advisor');
    const id = await page.locator('[data-list="dashboard-orders"] [data-order-id]').first().getAttribute('data-order-id');
    // By its id: a ticket another spec writes meanwhile arrives live on top of the list.
    await page.locator(`[data-list="dashboard-orders"] [data-order-id="${id}"]`).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/app/store/${api.claims.storeId}/inspectionOrder/${id}$`));
    await expect(
      page.getByRole('heading', { level: 1, name: /^(Repair order .+|No order number)$/ }),
    ).toBeVisible();

    // A vehicle with closed orders in the seed.
    const closed = await listed(api, { closed: 'true' });
    expect(closed.total).toBeGreaterThan(0);
    const vehicleId = closed.orders[0]!.vehicleId;
    const history = await api.get<{ _embedded: { inspectionOrder: Order[] } }>(
      `/v2/api/store/${api.claims.storeId}/vehicle/${vehicleId}/inspectionOrder`,
      { closed: 'true' },
    );
    await page.goto(`/app/vehicle/${vehicleId}/history/last`);
    await expect(page.getByRole('heading', { level: 1, name: 'Vehicle history' })).toBeVisible();
    const entries = page.getByRole('list', { name: 'Vehicle history' }).locator('[data-order-id]');
    await expect(entries).toHaveCount(history._embedded.inspectionOrder.length);
    await expect(entries.first()).toHaveAttribute('aria-current', 'page');
    await expectAccessible(page);

    // A vehicle without closed orders: 'There is no previous inspection for this vehicle.'
    const open = (await listed(api, { vehicleInShop: 'true' })).orders;
    for (const order of open) {
      const answer = await request.get(
        `/v2/api/store/${api.claims.storeId}/vehicle/${order.vehicleId}/inspectionOrder?closed=true`,
        {
          headers: { Authorization: `Bearer ${(await storedSession(page))!.token}` },
        },
      );
      if (answer.status() !== 204) continue;
      await page.goto(`/app/vehicle/${order.vehicleId}/history/${order._id}`);
      await expect(page.getByText('There is no previous inspection for this vehicle.')).toBeVisible();
      break;
    }

    // Sign-off of a fresh ticket, in the customer's language; finishing needs a signature first.
    // Finishing needs every required item answered (docs/inspections.md "Finishing"): the quick
    // photo inspection's, all okay, through the API.
    const quick = await quickInspectionId(api);
    const ticket = await api.post<Order>(orders(api), {
      ...(await aCustomersVehicle(api)),
      orderNumber: `8${String(Date.now()).slice(-8)}`,
      inspectionType: quick,
    });
    await answerRequiredItems(api, ticket._id, quick);
    await page.goto(
      `/app/store/${api.claims.storeId}/inspectionOrder/${ticket._id}/signoff?lang=fr&workerId=${api.claims.id}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Signature du client' })).toBeVisible();
    await page.getByRole('button', { name: 'Signer et terminer' }).click();
    await expect(page.getByText("Veuillez d'abord signer.")).toBeVisible();
    const pad = page.getByTestId('signature-pad');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 120, { steps: 5 });
    await page.mouse.move(box.x + 220, box.y + 50, { steps: 5 });
    await page.mouse.up();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Signer et terminer' }).click();
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    const finished = await api.get<{
      finished: boolean;
      states: { inspection: string };
      signOff: { signerName: string; language: string; workerId: string; signature: { url: string } };
    }>(`${orders(api)}/${ticket._id}`);
    expect(finished).toMatchObject({
      finished: true,
      states: { inspection: 'done' },
      // The customer's name was offered; the signature is kept with the order.
      signOff: { signerName: 'Jane Doe', language: 'fr', workerId: api.claims.id },
    });
    const signature = await request.get(finished.signOff.signature.url);
    expect(signature.status()).toBe(200);
    expect(signature.headers()['content-type']).toBe('image/jpeg');

    // Without a pointer: the typed name, ticked, is the signature. Unanswered required items
    // refuse the finish with the server's reason, and nothing is signed.
    const second = await api.post<Order>(orders(api), {
      ...(await aCustomersVehicle(api)),
      orderNumber: `9${String(Date.now()).slice(-8)}`,
      inspectionType: quick,
    });
    await page.goto(`/app/store/${api.claims.storeId}/inspectionOrder/${second._id}/signoff?lang=en`);
    await page.getByRole('textbox', { name: "Customer's name" }).fill('J. Doe for Jane');
    await page.getByRole('checkbox', { name: 'Sign with the typed name' }).check();
    await page.getByRole('button', { name: 'Sign and finish' }).click();
    await expect(page.getByText(/^The order cannot be finished: .+/)).toBeVisible();
    expect(await api.get(`${orders(api)}/${second._id}`)).toMatchObject({ finished: false, signOff: null });
    await answerRequiredItems(api, second._id, quick);
    await page.getByRole('button', { name: 'Sign and finish' }).click();
    await expect(page).toHaveURL(/\/app\/store\/dashboard/);
    expect(await api.get(`${orders(api)}/${second._id}`)).toMatchObject({
      finished: true,
      signOff: { signerName: 'J. Doe for Jane', language: 'en', workerId: null },
    });
  });
});
