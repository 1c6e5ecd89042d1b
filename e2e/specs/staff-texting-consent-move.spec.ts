import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { answerAsCustomer } from './support/outbox.js';
import { signIn } from './support/staff.js';
import { customerOf, openShop, PASSWORD } from './support/texting.js';

/**
 * The chat's consent history (who or what changed the customer's permission to text, when, in the
 * store's time zone) and moving a customer's text to another customer sharing its number
 * (docs/texting.md "Screens"), against the real server and its local SMS gateway.
 */

/** The time an event's `<time>` holds, as the chat writes it in `zone` ('hh:mm A'). */
async function shownTime(event: Locator, zone: string, language: string) {
  const iso = await event.locator('time').getAttribute('datetime');
  const parts = new Intl.DateTimeFormat(language, {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(iso!));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour').padStart(2, '0')}:${part('minute')}`;
}

test('the consent history shows each change with its keyword or advisor; a text moves to the customer sharing the number', async ({
  page,
  request,
}) => {
  test.slow(); // three answers through the gateway's signed webhook on a busy machine
  const shop = await openShop(request, 12, 'en');
  const jane = await customerOf(shop, 'Jane', { mobile: true, order: true });
  const john = await customerOf(shop, 'John', { mobile: true, order: false, digits: jane.digits });
  await shop.api.post(`/messaging/v1/customer/${jane.id}/text-message`, { text: 'Your car is ready.' });
  // Jane's conversation is the latest with the number: her STOP and START, and John's text, go to her.
  await answerAsCustomer(request, jane.phone, 'STOP');
  await answerAsCustomer(request, jane.phone, 'Start');
  await answerAsCustomer(request, jane.phone, 'Hi, this is John. Is my truck done?');

  await signIn(page, shop.username, PASSWORD);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const panel = page.getByRole('region', { name: 'Customer texts' });
  await panel.locator(`li[data-customer-id="${jane.id}"]`).getByRole('button').click();
  const chat = page.getByRole('dialog', { name: 'Texts with customers' });
  const header = chat.getByTestId('chat-feed-header');
  await expect(header.getByRole('heading', { name: jane.name })).toBeVisible();
  // The number as E.164.
  await expect(header.getByTestId('chat-number')).toHaveText(jane.phone);

  // The consent history: newest first, the keywords with their number, the advisor who created
  // Jane allowed to be texted, each time in the store's zone.
  await header.getByRole('button', { name: 'Consent history' }).click();
  const history = page.getByRole('dialog', { name: 'Consent to texts: history' });
  const events = history.getByTestId('consent-event');
  await expect(events).toHaveCount(3);
  await expect(events.nth(0)).toContainText('Texts allowed');
  await expect(events.nth(0)).toContainText(`The customer texted Start from ${jane.phone}`);
  await expect(events.nth(1)).toContainText('Texts refused');
  await expect(events.nth(1)).toContainText(`The customer texted STOP from ${jane.phone}`);
  await expect(events.nth(2)).toContainText('Texts allowed');
  await expect(events.nth(2)).toContainText("Changed by Tess Texter on the customer's record");
  await expect(events.nth(1)).toContainText(`(${shop.timeZone})`);
  await expect(events.nth(1)).toContainText(await shownTime(events.nth(1), shop.timeZone, 'en-US'));
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('consent-history.png') });
  // Escape closes the history, and only it.
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(chat).toBeVisible();

  // John's text came to Jane: its menu lists the customers with the number, and moves it to John.
  const johns = chat.locator('[data-sender="customer"]').filter({ hasText: 'Hi, this is John.' });
  await johns.getByRole('button', { name: 'Actions for this text' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Move to another customer')).toBeVisible();
  const target = menu.getByRole('menuitem', { name: `${john.name} (${john.phone})` });
  await expect(target).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('move-menu.png') });
  await target.click();
  await expect(johns).toHaveCount(0);
  await expect(chat.locator('[data-sender="customer"]').filter({ hasText: /^STOP/ })).toBeVisible();

  // John now has the conversation, with his text.
  await chat
    .getByRole('list', { name: 'Active chats' })
    .getByRole('button', { name: new RegExp(john.name) })
    .click();
  await expect(header.getByRole('heading', { name: john.name })).toBeVisible();
  await expect(chat.locator('[data-sender="customer"]').filter({ hasText: 'Hi, this is John.' })).toBeVisible();
  await expectAccessible(page);
});

test('in French: the consent history, and a text no other customer shares', async ({ page, request }) => {
  test.slow();
  const shop = await openShop(request, 12, 'fr');
  const jean = await customerOf(shop, 'Jean', { mobile: true, order: false });
  await shop.api.post(`/messaging/v1/customer/${jean.id}/text-message`, { text: 'Votre auto est prête.' });
  await answerAsCustomer(request, jean.phone, 'Merci, j’arrive.');

  await signIn(page, shop.username, PASSWORD);
  await expect(page).toHaveURL(/\/app\/store\/dashboard/);
  const panel = page.getByRole('region', { name: 'Textos des clients' });
  await panel.locator(`li[data-customer-id="${jean.id}"]`).getByRole('button').click();
  const chat = page.getByRole('dialog', { name: 'Textos avec les clients' });
  const header = chat.getByTestId('chat-feed-header');
  await expect(header.getByTestId('chat-number')).toHaveText(jean.phone);
  await header.getByRole('button', { name: 'Historique du consentement' }).click();
  const history = page.getByRole('dialog', { name: 'Consentement aux textos : historique' });
  const events = history.getByTestId('consent-event');
  await expect(events).toHaveCount(1);
  await expect(events.nth(0)).toContainText('Textos acceptés');
  await expect(events.nth(0)).toContainText('Modifié par Tess Texter dans la fiche du client');
  await expect(events.nth(0)).toContainText(`(${shop.timeZone})`);
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();

  await chat
    .locator('[data-sender="customer"]')
    .filter({ hasText: 'Merci' })
    .getByRole('button', { name: 'Actions pour ce texto' })
    .click();
  await expect(page.getByRole('menu').getByText('Déplacer vers un autre client')).toBeVisible();
  await expect(page.getByRole('menu').getByText("Aucun autre client de la boutique n'a ce numéro.")).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(chat).toBeVisible();
});
