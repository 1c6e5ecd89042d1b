import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type Page } from '@playwright/test';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screens');
const taken = new Map<string, number>();

const slug = (text: string, max: number) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, max)
    .replace(/-$/, '');

/**
 * With E2E_SCREENS=1, saves the whole page to e2e/screens/<spec>-<test>-<n>-<path>.png, for people
 * to look at every screen the specs reach in the demo data; otherwise does nothing, so CI does not
 * pay for it. n counts the screens of one test.
 */
export async function saveScreen(page: Page) {
  if (process.env.E2E_SCREENS !== '1') return;
  const info = test.info();
  const spec = path.basename(info.file).replace(/\.spec\.ts$/, '');
  const key = `${info.testId}:${info.retry}`;
  const n = (taken.get(key) ?? 0) + 1;
  taken.set(key, n);
  // The path without its ids and tokens, so a screen keeps its name from run to run.
  const segments = new URL(page.url()).pathname.split('/').filter((part) => !/^[\w-]{16,}$|^\d+$/.test(part));
  const where = slug(segments.join('-'), 40) || 'root';
  mkdirSync(folder, { recursive: true });
  await page.screenshot({
    path: path.join(folder, `${spec}-${slug(info.title, 40)}-${n}-${where}.png`),
    fullPage: true,
  });
}
