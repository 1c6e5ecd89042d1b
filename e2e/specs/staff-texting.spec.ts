import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { answerAsCustomer } from './support/outbox.js';
import { hidePage, signIn } from './support/staff.js';
import { customerOf, openShop, PASSWORD } from './support/texting.js';

/**
 * Customer texting's screens (docs/texting.md "Screens"): the dashboard's conversation list and
 * the chat modal, against the real server, its local SMS gateway (queued → sent → delivered) and
 * the gateway's signed inbound webhook (root answers as the customer).
 *
 * Each test opens its own store in the demo account, with its own advisor and customers: texts
 * wait for 08:00 during the store's quiet hours (21:00-08:00 in its time zone), so the store's
 * zone is chosen to put "now" at noon (texts go at once) or at 2 a.m. (they are scheduled),
 * whatever the hour of the run; and no other spec sees these conversations, nor changes them.
 */

/**
 * The notifications the page shows, recorded as the browser's own are made. The person has
 * granted the permission: Chromium's headless shell answers "denied" whatever the context was
 * granted, so the page is told "granted" (the constructor stays the browser's).
 */
async function recordNotifications(page: Page) {
  await page.context().grantPermissions(['notifications']);
  await page.addInitScript(() => {
    const scope = globalThis as unknown as {
      Notification: new (title: string, options?: { body?: string }) => object;
      shownNotifications: Array<{ title: string; body: string | undefined }>;
    };
    const Real = scope.Notification;
    scope.shownNotifications = [];
    class Recorded extends Real {
      static get permission() {
        return 'granted';
      }
      constructor(title: string, options?: { body?: string }) {
        scope.shownNotifications.push({ title, body: options?.body });
        super(title, options);
      }
    }
    scope.Notification = Recorded;
  });
}

function shownNotifications(page: Page) {
  return page.evaluate(
    () =>
      (globalThis as unknown as { shownNotifications: Array<{ title: string; body: string | undefined }> })
        .shownNotifications,
  );
}

function showPage(page: Page) {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: EventTarget }).document;
    Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => 'visible' });
    doc.dispatchEvent(new Event('visibilitychange'));
  });
}

test('the advisor texts a customer from the chat: refusals, a canned message, delivered by the gateway', async ({
  page,
  request,
}) => {
  test.slow(); // the gateway's steps (1.5 s each) on a busy machine
  const shop = await openShop(request, 12, 'en');
  const jane = await customerOf(shop, 'Jane', { mobile: true, order: true });

  await signIn(page, shop.username, PASSWORD);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const panel = page.getByRole('region', { name: 'Customer texts' });
  await expect(panel.getByText('No conversation yet.')).toBeVisible();

  // The chat, from the dashboard: the hint under the search box, the contact found by Enter.
  await panel.getByRole('button', { name: 'Texts', exact: true }).click();
  const chat = page.getByRole('dialog', { name: 'Texts with customers' });
  await expect(chat).toBeVisible();
  await expect(chat.getByText('type to search customers')).toBeVisible();
  await expect(chat.getByTestId('chat-unread')).toHaveText('0 unread');
  const search = chat.getByRole('textbox', { name: 'Search customers' });
  await search.fill(jane.lastName);
  await search.press('Enter');
  const contacts = chat.getByRole('list', { name: 'Contacts' });
  await contacts.getByRole('button', { name: new RegExp(jane.name) }).click();
  const header = chat.getByTestId('chat-feed-header');
  await expect(header.getByRole('heading', { name: jane.name })).toBeVisible();
  await expect(header.getByTestId('chat-vehicle')).toContainText('2019 Honda Civic');
  await expect(chat.getByText('No text yet. Write the first one below.')).toBeVisible();
  // The hint is gone after 5 s.
  await expect(chat.getByText('type to search customers')).toBeHidden({ timeout: 10_000 });
  await expectAccessible(page);

  // Refused before anything is sent: an empty text, and one over 1600 characters (the limit said).
  const box = chat.getByRole('textbox', { name: 'Message' });
  const send = chat.getByRole('button', { name: 'Send' });
  await send.click();
  await expect(chat.getByRole('alert').filter({ hasText: 'Write a message first.' })).toBeVisible();
  await box.fill('x'.repeat(1601));
  await send.click();
  await expect(
    chat.getByRole('alert').filter({ hasText: 'A text can hold at most 1600 characters.' }),
  ).toBeVisible();
  await expect(chat.locator('[data-message-id]')).toHaveCount(0);

  // A canned message, short then in full, fills the box; sent, it goes queued → sent → delivered.
  const canned = chat.getByRole('group', { name: 'Canned messages' });
  await expect(canned.getByRole('button', { name: 'Your vehicle is ready for...' })).toBeVisible();
  await canned.getByRole('button', { name: 'Show in full' }).click();
  await canned
    .getByRole('button', { name: 'Your vehicle is ready for pickup. We are open until 6 pm.' })
    .click();
  await expect(box).toHaveValue('Your vehicle is ready for pickup. We are open until 6 pm.');
  await send.click();
  const first = chat.locator('[data-sender="store"]').filter({ hasText: 'We are open until 6 pm.' });
  await expect(first).toHaveAttribute('data-mark', /^(pending|final)$/);
  await expect(box).toHaveValue('');
  await expect(first).toHaveAttribute('data-mark', 'final', { timeout: 30_000 });
  await expect(first.getByTestId('message-status')).toHaveText('Delivered');
  // One day, one separator.
  await expect(chat.locator('[data-day]')).toHaveCount(1);
  await chat.getByRole('button', { name: 'Close the texts' }).click();
  await expect(chat).toBeHidden();

  // The dashboard's list: the customer's line, 'sender: text' cut at 25 characters, the order.
  const row = panel.locator(`li[data-customer-id="${jane.id}"]`);
  await expect(row.getByTestId('conversation-name')).toHaveText(jane.name);
  await expect(row.getByTestId('conversation-last')).toHaveText('Tess Texter: Your vehicle is ready for...');
  await expect(row.getByTestId('conversation-order')).toHaveText(`RO ${jane.orderNumber}`);
  await expect(row).toHaveAttribute('data-unread', '0');
  await expectAccessible(page);
});

test('an answer shows on the dashboard without a reload; STOP refuses the next text, START restores it', async ({
  page,
  browser,
  request,
}) => {
  test.slow(); // two browsers and four texts through the gateway on a busy machine
  const shop = await openShop(request, 12, 'en');
  const jane = await customerOf(shop, 'Jane', { mobile: true, order: true });
  await shop.api.post(`/messaging/v1/customer/${jane.id}/text-message`, {
    text: 'Your vehicle is ready for pickup. We are open until 6 pm.',
  });
  await recordNotifications(page);
  await signIn(page, shop.username, PASSWORD);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const panel = page.getByRole('region', { name: 'Customer texts' });
  const row = panel.locator(`li[data-customer-id="${jane.id}"]`);
  await expect(row).toHaveAttribute('data-unread', '0');
  const chat = page.getByRole('dialog', { name: 'Texts with customers' });
  const search = chat.getByRole('textbox', { name: 'Search customers' });
  const box = chat.getByRole('textbox', { name: 'Message' });
  const send = chat.getByRole('button', { name: 'Send' });

  // Jane answers through the gateway's signed webhook, the tab in the background: the dashboard
  // shows her unread text without a reload, and the browser says so.
  // Root answers from the outbox page ("Answer as the customer"), in a browser of its own.
  await hidePage(page);
  const rootContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  try {
    const outbox = await rootContext.newPage();
    await signIn(outbox, 'root');
    await expect(outbox).toHaveURL(/\/app\/admin$/);
    await outbox.goto('/app/dev/outbox');
    await outbox.getByText('Texts', { exact: true }).click();
    const text = outbox
      .getByRole('list', { name: 'Outbox' })
      .getByRole('listitem')
      .filter({ hasText: jane.phone })
      .filter({ hasText: 'We are open until 6 pm.' });
    await text.getByRole('button', { name: 'Answer as the customer' }).click();
    await text
      .getByRole('textbox', { name: "The customer's answer" })
      .fill('Great, can I come by at 5 to pick it up?');
    await expectAccessible(outbox);
    await text.getByRole('button', { name: 'Send the answer' }).click();
    await expect(text.getByText("Received as the customer's text.")).toBeVisible();
  } finally {
    await rootContext.close();
  }
  await expect(row).toHaveAttribute('data-unread', '1');
  await expect(row.getByTestId('conversation-unread')).toBeVisible();
  await expect(row.getByTestId('conversation-last')).toHaveText(`${jane.name}: Great, can I come by at 5...`);
  await expect(panel.getByRole('button', { name: 'Texts, 1 unread text' })).toBeVisible();
  await expect
    .poll(() => shownNotifications(page))
    .toContainEqual({
      title: `New text from ${jane.name}`,
      body: 'Great, can I come by at 5 to pick it up?',
    });
  await showPage(page);
  await expectAccessible(page);

  // Opening her conversation marks it read.
  await row.getByRole('button').click();
  await expect(chat.getByText('Great, can I come by at 5 to pick it up?')).toBeVisible();
  await expect(row).toHaveAttribute('data-unread', '0');
  await expect(chat.getByTestId('chat-unread')).toHaveText('0 unread');

  // The filter: plate, year-make-model, order number, name, business; the clear button.
  await search.fill('civic');
  await expect(
    chat.getByRole('list', { name: 'Active chats' }).getByRole('button', { name: new RegExp(jane.name) }),
  ).toBeVisible();
  await search.fill(`tx ${shop.tag.slice(-4)}`);
  await expect(
    chat.getByRole('list', { name: 'Active chats' }).getByRole('button', { name: new RegExp(jane.name) }),
  ).toBeVisible();
  await search.fill('nobody-texts-like-this');
  await expect(chat.getByText('No conversation matches “nobody-texts-like-this”.')).toBeVisible();
  await chat.getByRole('button', { name: 'Clear the search' }).click();
  await expect(search).toHaveValue('');
  await expect(
    chat.getByRole('list', { name: 'Active chats' }).getByRole('button', { name: new RegExp(jane.name) }),
  ).toBeVisible();

  // STOP: the customer's text and the automatic answer come in live; the next text is refused.
  await answerAsCustomer(request, jane.phone, 'STOP');
  await expect(chat.locator('[data-sender="customer"]').filter({ hasText: /^STOP/ })).toBeVisible();
  await expect(chat.getByText(/you will no longer receive texts from us/)).toBeVisible();
  await box.fill('Are you sure? Your car is ready.');
  await send.click();
  await expect(
    chat.getByRole('alert').filter({ hasText: 'this customer asked not to receive texts' }),
  ).toBeVisible();
  await expect(chat.locator('[data-sender="store"]').filter({ hasText: 'Are you sure?' })).toHaveCount(0);

  // START: texts go again.
  await answerAsCustomer(request, jane.phone, 'START');
  await expect(chat.getByText(/you will receive our texts again/)).toBeVisible();
  await box.fill('Welcome back! Your car is ready.');
  await send.click();
  const again = chat.locator('[data-sender="store"]').filter({ hasText: 'Welcome back!' });
  await expect(again).toHaveAttribute('data-mark', 'final', { timeout: 30_000 });
  await expect(chat.getByTestId('chat-send-error')).toHaveCount(0);
  await expectAccessible(page);
});

test('in quiet hours a text waits for 08:00, shown as scheduled; the order page opens the chat on its customer (French, tablet)', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1024, height: 768 });
  const shop = await openShop(request, 2, 'fr');
  const jean = await customerOf(shop, 'Jean', { mobile: true, order: true });

  await signIn(page, shop.username, PASSWORD);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const panel = page.getByRole('region', { name: 'Textos des clients' });
  await panel.getByRole('button', { name: 'Textos', exact: true }).click();
  const chat = page.getByRole('dialog', { name: 'Textos avec les clients' });
  await expect(chat.getByText('tapez pour rechercher des clients')).toBeVisible();
  const search = chat.getByRole('textbox', { name: 'Rechercher des clients' });
  await search.fill(jean.lastName);
  await chat.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const contacts = chat.getByRole('list', { name: 'Contacts' });
  await contacts.getByRole('button', { name: new RegExp(jean.name) }).click();

  // 2 a.m. at the store: the text is not an answer, so it waits for the end of quiet hours.
  const box = chat.getByRole('textbox', { name: 'Message' });
  await box.fill('Bonjour Jean, votre véhicule est prêt.');
  await chat.getByRole('button', { name: 'Envoyer' }).click();
  const waiting = chat.locator('[data-sender="store"]').filter({ hasText: 'votre véhicule est prêt' });
  await expect(waiting).toHaveAttribute('data-mark', 'scheduled');
  await expect(waiting.getByTestId('message-status')).toHaveText(/^Prévu pour .+ \(heures de silence\)$/);
  // The server's line now: in the shop, with its order.
  await expect(chat.getByTestId('chat-shop-status')).toHaveText('Au garage');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('chat-1024x768.png') });

  // From the order's page: the chat opens on the order's customer, with the conversation.
  await page.goto(`/app/store/${shop.storeId}/inspectionOrder/${jean.orderId}`);
  await page.getByRole('button', { name: 'Texter le client' }).click();
  await expect(chat.getByTestId('chat-feed-header').getByRole('heading', { name: jean.name })).toBeVisible();
  await expect(
    chat.locator('[data-sender="store"]').filter({ hasText: 'votre véhicule est prêt' }),
  ).toHaveAttribute('data-mark', 'scheduled');
});

test('a customer without a mobile number is refused; the chat takes the whole upright tablet (French)', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 768, height: 1024 });
  const shop = await openShop(request, 12, 'fr');
  const jean = await customerOf(shop, 'Jean', { mobile: true, order: true });
  const noMobile = await customerOf(shop, 'Paul', { mobile: false, order: false });
  await shop.api.post(`/messaging/v1/customer/${jean.id}/text-message`, {
    text: 'Bonjour Jean, votre véhicule est prêt.',
  });

  await signIn(page, shop.username, PASSWORD);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const panel = page.getByRole('region', { name: 'Textos des clients' });
  const row = panel.locator(`li[data-customer-id="${jean.id}"]`);
  await expect(row.getByTestId('conversation-last')).toHaveText('Tess Texter : Bonjour Jean, votre véhic...');
  await expect(row.getByTestId('conversation-order')).toHaveText(`BT ${jean.orderNumber}`);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('dashboard-768x1024.png'), fullPage: true });
  await panel.getByRole('button', { name: 'Textos', exact: true }).click();
  const chat = page.getByRole('dialog', { name: 'Textos avec les clients' });
  const search = chat.getByRole('textbox', { name: 'Rechercher des clients' });
  const contacts = chat.getByRole('list', { name: 'Contacts' });
  const box = chat.getByRole('textbox', { name: 'Message' });

  // A customer without a mobile number: said before sending, and refused.
  await search.fill(noMobile.lastName);
  await search.press('Enter');
  await contacts.getByRole('button', { name: new RegExp(noMobile.name) }).click();
  await expect(chat.getByTestId('chat-feed-header').getByText('Aucun numéro de cellulaire')).toBeVisible();
  await box.fill('Bonjour Paul');
  await chat.getByRole('button', { name: 'Envoyer' }).click();
  await expect(
    chat.getByRole('alert').filter({ hasText: "le contact n'a pas de numéro de cellulaire valide" }),
  ).toBeVisible();

  // Upright tablet: the chat takes the whole screen.
  await page.setViewportSize({ width: 768, height: 1024 });
  const size = await chat.evaluate((node) => {
    const content = (
      node as unknown as { closest(s: string): { getBoundingClientRect(): { width: number } } | null }
    ).closest('.mantine-Modal-content');
    return content?.getBoundingClientRect().width ?? 0;
  });
  expect(size).toBeGreaterThanOrEqual(760);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('chat-768x1024.png') });

  await chat.getByRole('button', { name: 'Fermer les textos' }).click();
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: test.info().outputPath('dashboard-1024x768.png'), fullPage: true });
});
