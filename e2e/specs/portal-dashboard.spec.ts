import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { latestMailId, waitForMail } from './support/mail.js';

const DEMO_PASSWORD = 'Demo1234!';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The analytics events the page sends, in order. */
function recordEvents(page: Page): string[] {
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/v2/api/log-event') {
      events.push((request.postDataJSON() as { eventName: string }).eventName);
    }
  });
  return events;
}

async function signIn(page: Page, area: 'my-car' | 'my-fleet', email: string, labels = { email: 'E-mail', password: 'Password', submit: 'Login' }) {
  await page.getByRole('textbox', { name: labels.email }).fill(email);
  await page.getByRole('textbox', { name: labels.password }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: labels.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/${area}/user/[0-9a-f-]{36}$`));
}

/** Closes the alerts still shown, so they cover nothing the next step looks at. */
async function closeAlerts(page: Page) {
  const close = page.getByTestId('alerts').getByRole('button', { name: 'Dismiss this message' });
  while ((await close.count()) > 0) await close.first().click();
}

/** Waits until the dialog alone is open and fully faded in, so axe measures its final colours. */
async function settled(page: Page, dialog: Locator) {
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await expect(dialog).toHaveCSS('opacity', '1');
}

const history = (page: Page) => page.getByTestId('service-history');

/** Picks one of the household's cars in the profile widget's selector by the start of its label. */
async function chooseVehicle(page: Page, label: RegExp) {
  const selector = page.getByTestId('profile-widget').getByLabel('Vehicle');
  const value = await selector.locator('option', { hasText: label }).getAttribute('value');
  await selector.selectOption(value!);
}

test.describe('the MyCar dashboard on a phone', () => {
  test.use(PHONE);

  test('jane signs in after a forgotten password and a wrong one, and steps through her reports', async ({ page }) => {
    const events = recordEvents(page);
    await page.goto('/my-car/login');

    // Forgot your password? from the login page: the address typed, OK, the modal closes once sent.
    await page.getByLabel('E-mail').fill('jane@example.com');
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    const before = await latestMailId('jane@example.com');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot your password?' });
    await expect(forgot.getByLabel('E-mail')).toHaveValue('jane@example.com');
    await settled(page, forgot);
    await expectAccessible(page);
    await forgot.getByRole('button', { name: 'OK' }).click();
    await expect(forgot).toBeHidden();
    await waitForMail('jane@example.com', (m) => m.text.includes('/app/reset/password?token='), before);
    // The modal's OK sent the e-mail only, not the login form around the link.
    await expect(page.getByText('Could not login with that e-mail and password')).toHaveCount(0);

    // A wrong password first: its alert is gone once the right one signs in.
    await page.getByRole('textbox', { name: 'Password' }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText('Could not login with that e-mail and password');
    await signIn(page, 'my-car', 'jane@example.com');
    await expect(page.getByTestId('alerts')).toHaveCount(0);
    await expect(page.getByTestId('portal-customer-name')).toHaveText('Jane Doe');
    await expect(page.getByTestId('portal-customer-name')).toBeVisible();

    // Her black car: two closed visits, the newest first.
    const chooseCar = (name: RegExp) => chooseVehicle(page, name);
    await chooseCar(/^Black 2016 Honda Accord/);
    await expect(history(page)).toContainText('Ticket 10150');
    await expect(page.getByTestId('history-mileage')).toHaveText('80,115');
    await expect(history(page).locator('[data-severity="warning"]')).toHaveText(/Warning: [1-9]/);
    await expect(page.getByTestId('next-maintenance')).toHaveText('Next maintenance at about 85,115 on the odometer');
    await expect(page.getByRole('link', { name: 'Call: (514) 555-0100' })).toHaveAttribute('href', /^tel:/);
    await expectAccessible(page);

    // Previous steps to the older visit and stops there; next comes back and stops at the newest.
    const previous = history(page).getByRole('button', { name: 'Previous report' });
    const next = history(page).getByRole('button', { name: 'Next report' });
    await expect(next).toBeDisabled();
    await previous.click();
    await expect(history(page)).toContainText('Ticket 10101');
    await expect(page.getByTestId('history-mileage')).toHaveText('76,020');
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(history(page)).toContainText('Ticket 10150');

    // View report opens the report in a new tab; the dashboard stays.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), history(page).getByRole('link', { name: /View report/ }).click()]);
    await expect(tab).toHaveURL(/\/report\/[0-9a-f-]{36}$/);
    await expect(tab.getByText('Front brake pads').first()).toBeVisible();
    await tab.close();

    // Share: the e-mail form of the report page.
    await history(page).getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this report' });
    await share.getByRole('button', { name: 'OK' }).click();
    await expect(share.getByRole('alert')).toHaveText('Please complete all fields');
    await share.getByLabel(/To \(e-mail address\)/).fill('friend@example.com');
    await share.getByRole('button', { name: 'OK' }).click();
    await expect(share).toBeHidden();
    await expect(page.getByText('The report was sent to friend@example.com.')).toBeVisible();

    for (const name of ['myCarLogin', 'previousReport', 'nextReport', 'viewReport', 'shareReport']) expect(events, name).toContain(name);
  });

  test('jane dismisses deferred work, keeps her to-dos and asks for the password e-mail', async ({ page }) => {
    test.slow(); // a dozen steps with their answers and axe twice: 31 s of 60 on a busy CI machine
    const events = recordEvents(page);
    await page.goto('/my-car/login');
    await signIn(page, 'my-car', 'jane@example.com');
    // Her silver car: its own history, deferred work and to-dos.
    await chooseVehicle(page, /^Silver 2016 Honda Accord/);
    await expect(history(page)).toContainText('Ticket 10120');
    await expect(page.getByTestId('history-mileage')).toHaveText('55,830');
    await expect(history(page).getByRole('button', { name: 'Previous report' })).toBeDisabled();

    const deferred = page.getByTestId('deferred-item');
    await expect(deferred.first()).toBeVisible();
    const deferredBefore = await deferred.count();
    const first = (await deferred.first().locator('p').first().textContent())!;
    await deferred.first().getByRole('button', { name: /^Dismiss/ }).click();
    await expect(deferred).toHaveCount(deferredBefore - 1);
    await expect(page.getByTestId('next-visit')).not.toContainText(first);

    // To-dos: an empty one is ignored; one added clears the field; deleted again.
    const todos = page.getByTestId('todo-item');
    await expect(todos.first()).toBeVisible();
    const todosBefore = await todos.count();
    const field = page.getByRole('textbox', { name: 'New to-do' });
    await field.fill('   ');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(field).toHaveValue('');
    await expect(todos).toHaveCount(todosBefore);
    await field.fill('Ask about the squeaky belt');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(todos).toHaveCount(todosBefore + 1);
    await expect(field).toHaveValue('');
    await expect(todos.last()).toHaveText('Ask about the squeaky belt');

    // Often required work: the season's heading and items, one added as a to-do.
    await page.getByRole('button', { name: 'Often required work' }).click();
    const often = page.getByRole('dialog', { name: 'Often required work' });
    await expect(often.getByTestId('season-heading')).toHaveText(/is coming|^This (summer|winter)$/);
    await settled(page, often);
    await expectAccessible(page);
    const add = often.getByRole('button', { name: /^Add to my to-do list: / }).first();
    const picked = (await add.getAttribute('aria-label'))!.replace('Add to my to-do list: ', '');
    await add.click();
    await expect(todos).toHaveCount(todosBefore + 2);
    await expect(often.getByTestId('often-item').filter({ hasText: picked })).toContainText('On your list');
    await often.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('todo-list')).toContainText(picked);
    await page.getByRole('button', { name: 'Delete: Ask about the squeaky belt' }).click();
    await expect(todos).toHaveCount(todosBefore + 1);
    await expect(often).toBeHidden();
    await expectAccessible(page);

    // Change your password, from the menu on a phone: OK sends the e-mail and the modal closes.
    const mailsBefore = await latestMailId('jane@example.com');
    await closeAlerts(page);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toContainText('Jane Doe');
    await settled(page, menu);
    await expectAccessible(page);
    await menu.getByRole('button', { name: 'Change your password' }).click();
    const change = page.getByRole('dialog', { name: 'Change your password' });
    await expect(change).toContainText('jane@example.com');
    await settled(page, change);
    await expectAccessible(page);
    await change.getByRole('button', { name: 'OK' }).click();
    await expect(change).toBeHidden();
    await expect(page.getByText('E-mail sent')).toBeVisible();
    await waitForMail('jane@example.com', (m) => m.text.includes('/app/reset/password?token='), mailsBefore);

    for (const name of ['myCarLogin', 'clickViewFrequentlyPerformedWork', 'clickFrequentlyPerformedAddItems']) {
      expect(events, name).toContain(name);
    }

    // Logout from the menu.
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/my-car\/login$/);
  });

  test('in French, after a switch between login and registration that is logged once signed in', async ({ page }) => {
    const events = recordEvents(page);
    await page.goto('/my-car/login');
    await page.getByText('Français').click();
    await page.getByRole('link', { name: 'Créez votre mot de passe' }).click();
    await expect(page).toHaveURL(/\/my-car$/);
    await page.getByRole('link', { name: 'Se connecter' }).click();
    await signIn(page, 'my-car', 'jane@example.com', { email: 'Adresse e-mail', password: 'Mot de passe', submit: 'Se connecter' });
    await expect(page.getByRole('heading', { name: 'Historique d’entretien' })).toBeVisible();
    await expect(page.getByTestId('history-order')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Travaux souvent requis' }).click();
    await expect(page.getByTestId('season-heading')).toBeVisible();
    await settled(page, page.getByRole('dialog', { name: 'Travaux souvent requis' }));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Fermer' }).click();
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toContainText('Changer votre mot de passe');
    await settled(page, menu);
    await expectAccessible(page);
    await expect.poll(() => events.filter((e) => e === 'switchLoginRegistration').length).toBe(2);
    expect(events).toContain('myCarLogin');
  });

  test("another customer's id in the address leads back to her own page", async ({ page }) => {
    await page.goto('/my-car/login');
    await signIn(page, 'my-car', 'jane@example.com');
    const own = new URL(page.url()).pathname;
    await page.goto(`/my-car/user/${crypto.randomUUID()}`);
    await expect(page).toHaveURL(new RegExp(`${own}$`));
    await expect(history(page)).toBeVisible();
  });
});

test.describe('the MyFleet dashboard on a phone', () => {
  test.use(PHONE);

  test("the fleet manager sees the business name, the fleet and a van's history", async ({ page }) => {
    await page.goto('/my-fleet/login');
    await signIn(page, 'my-fleet', 'fleet@example.com');
    await expect(page.getByTestId('portal-customer-name')).toHaveText('Fleet Express Deliveries');
    const fleet = page.getByTestId('fleet-list').getByTestId('fleet-vehicles');
    await expect(fleet.getByRole('button')).toHaveCount(6);
    await expect(fleet.getByRole('button').first()).toHaveText(/^#\d+ - /);
    await expectAccessible(page);
    // Van 101 has a closed visit; van 106 none.
    const van = (n: string) => fleet.getByRole('button', { name: new RegExp(`^#${n} - `) });
    await van('106').click();
    await expect(van('106')).toHaveAttribute('aria-pressed', 'true');
    await expect(history(page)).toContainText('There are currently no inspections to show');
    await expectAccessible(page);
    await van('101').click();
    await expect(history(page)).toContainText('Ticket 10160');
    await expect(page.getByTestId('next-visit')).toBeVisible();
    await expectAccessible(page);
  });
});

test('on a computer the car dashboard is laid out in columns, 3 / 6 / 3 then 9', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/my-car/login');
  await signIn(page, 'my-car', 'jane@example.com');
  await expect(history(page)).toBeVisible();
  const box = async (area: string) => (await page.locator(`[data-area="${area}"]`).boundingBox())!;
  const [profile, story, todo, next] = [await box('profile'), await box('history'), await box('todo'), await box('next-visit')];
  expect(Math.abs(profile.y - story.y)).toBeLessThan(2);
  expect(Math.abs(story.y - todo.y)).toBeLessThan(2);
  expect(story.width / profile.width).toBeGreaterThan(1.8);
  expect(next.y).toBeGreaterThan(profile.y + profile.height - 2);
  expect(next.width / profile.width).toBeGreaterThan(2.7);
  // The header's links are in sight; there is no menu button.
  await expect(page.getByRole('button', { name: 'Change your password' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open the menu' })).toBeHidden();
  await expectAccessible(page);
});
