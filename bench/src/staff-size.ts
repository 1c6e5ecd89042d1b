/**
 * Budget check (issue 27): the initial JavaScript of the staff app's login page and dashboard at
 * most 250 KB gzip each. Not a timed test: a measurement that fails loudly (exit code 1, and a line
 * saying which page is over by how much) when a page is over its budget.
 *
 *   npm run build && npm run bench -- staff-size [port]
 *   (or: node --import tsx bench/src/staff-size.ts [port])
 *
 * Starts the server on a fresh PGlite database with the demo data (`STAFF_DIST` measures another
 * build of the staff app on the same server), and opens each page by its URL in Chromium as the
 * shop's tablet (1024x768), with an empty cache (the dashboard after the advisor signs in through
 * the login page), with a 50 ms round trip on every request. A page's initial JavaScript is every
 * .js file the browser had asked for by the time the page showed what it is for (the login's
 * "Sign in" button, the dashboard's first order card): what the tablet must download
 * and run before the worker can use it. Files asked for later (a dialog, the camera scanner, the
 * image editor, a prefetch) are given apart. Each file's gzip size is what the server sends for
 * `Accept-Encoding: gzip` (its precompressed .gz copy). Prints Markdown lines for bench/RESULTS.md.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/browser.js';
import { gzipBytes } from './gzip-bytes.js';
import { ensureBuilt, signIn, startDemoServer } from './inp.js';

const port = Number(process.argv[2] ?? 8198);
/** The budget of each page, in bytes of gzip (issue 27). */
export const STAFF_BUDGET_BYTES = 250_000;
const ROUND_TRIP_MS = 50;

type StaffPage = 'login' | 'dashboard';

interface Script {
  name: string;
  startTime: number;
}

type PerfGlobals = {
  performance: { now(): number; getEntriesByType(type: string): Array<{ name: string; startTime: number }> };
};

/** What shows that a page is ready for its user (a CSS selector). */
const READY: Record<StaffPage, string> = {
  login: 'form button[type="submit"]',
  dashboard: '[data-page="dashboard"] [data-order-id]',
};

/** The scripts asked for before the page was ready, and those asked for after (until the network rests). */
async function scriptsOf(page: Page, url: string, name: StaffPage): Promise<{ ready: number; scripts: Script[] }> {
  await page.goto(url);
  // Checked on every frame in the page itself: the time is when it showed, not when a poll saw it.
  const handle = await page.waitForFunction(
    (selector) => {
      const g = globalThis as unknown as PerfGlobals & { document: { querySelector(s: string): unknown } };
      return g.document.querySelector(selector) ? g.performance.now() : null;
    },
    READY[name],
    { polling: 'raf', timeout: 60_000 },
  );
  const ready = (await handle.jsonValue()) as number;
  await page.waitForLoadState('networkidle');
  const scripts = await page.evaluate(() =>
    (globalThis as unknown as PerfGlobals).performance
      .getEntriesByType('resource')
      .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname))
      .map((e) => ({ name: e.name, startTime: e.startTime })),
  );
  return { ready, scripts };
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  if (!process.env.STAFF_DIST) ensureBuilt('staff');
  const server = await startDemoServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const over: string[] = [];
  try {
    console.log(`| page | path | initial JS (gzip) | budget | files | asked for later |`);
    console.log(`|---|---|---:|---:|---:|---|`);
    for (const name of ['login', 'dashboard'] as const) {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      let url = `${server.base}/app/login`;
      if (name === 'dashboard') {
        await signIn(page, server.base, 'advisor');
        url = page.url();
        await cdp.send('Network.clearBrowserCache');
      }
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: ROUND_TRIP_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const { ready, scripts } = await scriptsOf(page, url, name);
      const initial = scripts.filter((s) => s.startTime <= ready);
      const later = scripts.filter((s) => s.startTime > ready);
      const gzip = async (list: Script[]) =>
        (await Promise.all(list.map((s) => gzipBytes(s.name)))).reduce((a, b) => a + b, 0);
      const bytes = await gzip(initial);
      const met = bytes <= STAFF_BUDGET_BYTES;
      console.log(
        `| ${name} | ${new URL(url).pathname} | **${kb(bytes)} KB** ${met ? '(within)' : '(OVER)'} | ${kb(STAFF_BUDGET_BYTES)} KB | ${initial.length} | ${later.length} files, ${kb(await gzip(later))} KB |`,
      );
      if (!met)
        over.push(
          `${name}: ${kb(bytes)} KB gzip of initial JavaScript, ${kb(bytes - STAFF_BUDGET_BYTES)} KB over the ${kb(STAFF_BUDGET_BYTES)} KB budget`,
        );
      if (process.env.SIZE_DEBUG) {
        for (const s of scripts)
          console.error(
            `  ${s.startTime <= ready ? 'initial' : 'later  '} ${new URL(s.name).pathname} at ${s.startTime.toFixed(0)} ms (ready ${ready.toFixed(0)} ms)`,
          );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  if (over.length) {
    console.error(`\nSTAFF BUNDLE OVER BUDGET\n${over.map((o) => `  ${o}`).join('\n')}`);
    process.exitCode = 1;
  } else {
    console.error(`\nstaff bundle within budget (${kb(STAFF_BUDGET_BYTES)} KB gzip per page)`);
  }
}

await main();
