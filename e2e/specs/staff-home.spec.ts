import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../axe.js';
import { expectMenu, mainMenu, signIn } from './support/staff.js';

/**
 * Each demo user signs in at /app/login and lands on the home of its role with the menu of its
 * role (docs/staff-navigation.md).
 */
interface Home {
  username: string;
  name: string;
  role: string;
  url: RegExp;
  heading: string;
  menu: string[];
  /** More to check while signed in (each sign-in counts against the login rate limit). */
  more?: (page: Page) => Promise<void>;
}

const ADVISOR_MENU = ['dashboard', 'advancedSearch', 'education'];

const HOMES: Home[] = [
  {
    username: 'owner',
    name: 'Olivia Owens',
    role: 'Owner',
    url: /\/app\/v2\/account\/[^/]+\/store$/,
    heading: 'Stores',
    menu: ['accountStores', 'analytics', 'education', 'help', 'signOut'],
  },
  {
    username: 'manager',
    name: 'Marc Martin',
    role: 'Store manager',
    url: /\/app\/v2\/account\/[^/]+\/store\/[^/]+\/user$/,
    heading: 'Store users',
    // Downtown takes payments; notifications only show on the dashboard.
    menu: [...ADVISOR_MENU, 'admin', 'payments', 'switchUser', 'help', 'signOut'],
  },
  {
    username: 'advisor',
    name: 'Ava Dupont',
    role: 'Service advisor',
    url: /\/app\/store\/dashboard\?variant=advisor$/,
    heading: 'Dashboard',
    menu: [...ADVISOR_MENU, 'payments', 'switchUser', 'notifications', 'help', 'signOut'],
    more: async (page) => {
      const menu = mainMenu(page);
      await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
      await menu.getByRole('link', { name: 'Payments' }).click();
      await expect(page).toHaveURL(/\/app\/store\/payments\/history$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Payment history' })).toBeVisible();
      // Away from the dashboard the system notifications are off, and so is their entry.
      await expectMenu(page, [...ADVISOR_MENU, 'payments', 'switchUser', 'help', 'signOut']);
      await expect(menu.getByRole('link', { name: 'Payments' })).toHaveAttribute('aria-current', 'page');
    },
  },
  {
    username: 'tech',
    name: 'Theo Tremblay',
    role: 'Technician',
    url: /\/app\/store\/dashboard\?variant=technicianV2$/,
    heading: 'Vehicles in shop',
    menu: ['vehiclesInShop', 'advancedSearch', 'switchUser', 'notifications', 'help', 'signOut'],
  },
  {
    // Uptown runs the basic workflow: no advanced search for its technicians.
    username: 'uptown-tech',
    name: 'Umar Roy',
    role: 'Technician',
    url: /\/app\/store\/dashboard\?variant=basicTechnician$/,
    heading: 'Vehicles in shop',
    menu: ['vehiclesInShop', 'switchUser', 'notifications', 'help', 'signOut'],
  },
  {
    username: 'store',
    name: 'Downtown Shop',
    role: 'Store account',
    url: /\/app\/store\/workers$/,
    heading: 'Who is using the tablet?',
    menu: ['help', 'signOut'],
  },
  {
    username: 'analytics',
    name: 'Anna Lytics',
    role: 'Analytics viewer',
    url: /\/app\/v2\/account\/[^/]+\/analytics$/,
    heading: 'Analytics',
    menu: ['analytics', 'help', 'signOut'],
  },
  {
    username: 'payments',
    name: 'Paul Payette',
    role: 'Payment manager',
    url: /\/app\/store\/payments\/history$/,
    heading: 'Payment history',
    menu: ['payments', 'help', 'signOut'],
  },
  {
    username: 'root',
    name: 'Root Admin',
    role: 'System administrator',
    url: /\/app\/admin$/,
    heading: 'Administration',
    menu: ['admin', 'help', 'signOut'],
  },
  {
    username: 'partner',
    name: 'Pat Partner',
    role: 'Partner',
    url: /\/app\/admin$/,
    heading: 'Administration',
    menu: ['admin', 'help', 'signOut'],
  },
  {
    // Northside (another tenant) does not take payments.
    username: 'north-advisor',
    name: 'Nora North',
    role: 'Service advisor',
    url: /\/app\/store\/dashboard\?variant=advisor$/,
    heading: 'Dashboard',
    menu: [...ADVISOR_MENU, 'switchUser', 'notifications', 'help', 'signOut'],
  },
  {
    username: 'newhire',
    name: 'Ned Newman',
    role: 'Technician',
    url: /\/app\/training$/,
    heading: 'Training',
    menu: ['training', 'help', 'signOut'],
    more: async (page) => {
      // Training comes first, whatever page is asked for.
      await page.goto('/app/store/dashboard');
      await expect(page).toHaveURL(/\/app\/training$/);
    },
  },
];

test.describe('home after login by role', () => {
  // Independent sign-ins: both workers share them.
  test.describe.configure({ mode: 'parallel' });
  test.use({ viewport: { width: 1024, height: 768 } }); // a tablet in landscape

  for (const home of HOMES) {
    test(`${home.username} lands on its home with the menu of its role`, async ({ page }) => {
      await signIn(page, home.username);
      await expect(page).toHaveURL(home.url);
      await expect(page.getByRole('heading', { level: 1, name: home.heading })).toBeVisible();
      const header = page.getByTestId('signed-in-user');
      await expect(header).toContainText(home.name);
      await expect(header).toContainText(home.role);
      await expectMenu(page, home.menu);
      await expect(page).toHaveTitle(`${home.heading} · ServiceBay`);
      await expectAccessible(page);
      await home.more?.(page);
    });
  }
});
