import { expect, type Page } from '@playwright/test';

/** Every demo user's password (README). */
export const DEMO_PASSWORD = 'Demo1234!';

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/app/login');
  await page.getByLabel('User name').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** The menu entries shown, by their ids (dashboard, payments, signOut...), in order. */
export async function expectMenu(page: Page, entries: string[]) {
  const menu = mainMenu(page);
  await expect(menu).toBeVisible();
  await expect
    .poll(() => menu.locator('[data-menu-entry]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-menu-entry'))))
    .toEqual(entries);
}

/** The browser's storage, as the page sees it (the e2e project has no DOM types). */
interface BrowserStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}
type BrowserGlobals = { localStorage: BrowserStorage };

export const SESSION_KEY = 'servicebay.session';

export function storedSession(page: Page): Promise<{ token: string; refreshToken: string } | null> {
  return page.evaluate((key) => {
    const text = (globalThis as unknown as BrowserGlobals).localStorage.getItem(key);
    return text ? (JSON.parse(text) as { token: string; refreshToken: string }) : null;
  }, SESSION_KEY);
}

export function storeSession(page: Page, session: { token: string; refreshToken: string }) {
  return page.evaluate(
    ([key, value]) => (globalThis as unknown as BrowserGlobals).localStorage.setItem(key, value),
    [SESSION_KEY, JSON.stringify(session)] as const,
  );
}

/** Hides the page as a tablet put away would (visibilitychange to hidden). */
export function hidePage(page: Page) {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: EventTarget }).document;
    Object.defineProperty(doc, 'visibilityState', { configurable: true, get: () => 'hidden' });
    doc.dispatchEvent(new Event('visibilitychange'));
  });
}
