/**
 * Performance goal (issue 18): the initial JavaScript of the portal's login and dashboard at most
 * 200 KB gzip, measured beside the report page's. Not a timed test: a measurement.
 *
 *   npm run build && node --import tsx bench/src/portal-size.ts [port] [pages]
 *
 * Starts the server on a fresh PGlite database with the demo data (`PORTAL_DIST` measures another
 * build of the portal on the same server), makes the pages of portal-pages.ts, and opens each by
 * its URL in Chromium as a phone (390x844), with an empty cache (the dashboard after Jane signs in
 * through the login page), with a phone's 150 ms round trip on every request and no bandwidth limit.
 * The JavaScript of a page is every .js file the browser had received before
 * its first contentful paint (Resource Timing): what a phone must download, parse and run before
 * it shows anything (a file still on its way then is not what the first frame waited for). Each file's gzip size is what the server sends for `Accept-Encoding: gzip`
 * (its precompressed .gz copy); the browser itself gets Brotli, also shown. Files requested after
 * the first paint (until the network rests) are given apart. Prints Markdown lines for
 * bench/RESULTS.md.
 */
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/browser.js';
import { gzipBytes } from './gzip-bytes.js';
import { ensureBuilt, startDemoServer } from './inp.js';
import { portalPagesOf, reportWithPictures, signInJane, type PortalPage } from './portal-pages.js';

const port = Number(process.argv[2] ?? 8197);
/** Added to every request's round trip (Chrome's network emulation), as on a phone's 4G. */
const PHONE_ROUND_TRIP_MS = 150;
const pages = portalPagesOf(process.argv[3]);

interface Script {
  name: string;
  startTime: number;
  responseEnd: number;
  encodedBodySize: number;
}

/** The page's first contentful paint and the scripts it requested, once the network rests. */
async function scriptsOf(page: Page, url: string): Promise<{ fcp: number; scripts: Script[] }> {
  await page.goto(url);
  await page.waitForFunction(() =>
    (globalThis as unknown as { performance: { getEntriesByName(name: string): unknown[] } }).performance.getEntriesByName(
      'first-contentful-paint',
    ).length > 0,
  );
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const perf = (globalThis as unknown as {
      performance: { getEntriesByType(type: string): Array<{ name: string; startTime: number; responseEnd?: number; encodedBodySize?: number }> };
    }).performance;
    const fcp = perf.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? NaN;
    const scripts = perf
      .getEntriesByType('resource')
      .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname))
      .map((e) => ({ name: e.name, startTime: e.startTime, responseEnd: e.responseEnd ?? 0, encodedBodySize: e.encodedBodySize ?? 0 }));
    return { fcp, scripts };
  });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

async function main() {
  ensureBuilt('portal');
  const server = await startDemoServer(port);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const reportUrl = pages.includes('report') ? await reportWithPictures(server.base) : '';
    for (const name of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      const page = await context.newPage();
      let url: string;
      const cdp = await context.newCDPSession(page);
      if (name === 'dashboard') {
        url = await signInJane(page, server.base);
        await cdp.send('Network.clearBrowserCache');
      } else {
        url = name === 'login' ? `${server.base}/my-car/login` : reportUrl;
      }
      // A phone's round trip on every request: on the loopback the customer's data would arrive
      // before the first frame, and what loads with the data would count as needed to paint.
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE_ROUND_TRIP_MS,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const { fcp, scripts } = await scriptsOf(page, url);
      if (!Number.isFinite(fcp)) throw new Error(`${name}: no first contentful paint`);
      const before = scripts.filter((s) => s.responseEnd <= fcp);
      const after = scripts.filter((s) => s.responseEnd > fcp);
      const gzip = async (list: Script[]) => (await Promise.all(list.map((s) => gzipBytes(s.name)))).reduce((a, b) => a + b, 0);
      const brotli = (list: Script[]) => list.reduce((a, s) => a + s.encodedBodySize, 0);
      const label: Record<PortalPage, string> = { login: 'login', dashboard: "Jane's dashboard", report: 'report' };
      console.log(
        `| ${label[name]} | ${new URL(url).pathname} | ${before.length} files | **${kb(await gzip(before))} KB gzip** | ${kb(brotli(before))} KB brotli | ` +
          `after the first paint: ${after.length} files, ${kb(await gzip(after))} KB gzip | FCP ${fcp.toFixed(0)} ms (unthrottled) |`,
      );
      if (process.env.SIZE_DEBUG) {
        for (const s of scripts) console.error(`  ${s.responseEnd <= fcp ? 'before' : 'after '} ${new URL(s.name).pathname} ${kb(s.encodedBodySize)} KB br, ${s.startTime.toFixed(0)} to ${s.responseEnd.toFixed(0)} ms`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
