// Takes docs/screenshot.png: the staff login page at 1280x800, from a running server.
//   npm start   (in another terminal)
//   node --import tsx e2e/scripts/screenshot.ts [http://127.0.0.1:8080]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const base = process.argv[2] ?? process.env.SERVICEBAY_URL ?? 'http://127.0.0.1:8080';
const out = path.resolve(here, '../../docs/screenshot.png');

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumArgs,
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  await page.goto(`${base}/app/login`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.screenshot({ path: out });
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
