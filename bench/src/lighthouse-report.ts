/**
 * Performance goals: the customer's report on a phone, Lighthouse mobile >= 92 (issue 17: decisions
 * first, 20 pictures), and the portal's login and a signed-in customer's dashboard >= 95 while the
 * report stays >= 92 (issue 18). Not a timed test: a measurement.
 *
 *   npm run build && node --import tsx bench/src/lighthouse-report.ts [port] [runs] [pages]
 *
 * Starts the server on a fresh PGlite database with the demo data (`PORTAL_DIST` measures another
 * build of the portal on the same server and data), makes the pages of portal-pages.ts (login,
 * Jane's dashboard, the report with decisions and pictures), then runs Lighthouse 12 (mobile: Moto
 * G Power emulation, simulated slow 4G and 4x CPU) on each page in the local Chromium, `runs` times
 * (default 3), pages in turn, and prints each page's median run as a Markdown line for
 * bench/RESULTS.md. `pages` is a comma-separated list (default login,dashboard,report). The
 * dashboard is measured signed in: Jane signs in through the login page in the same browser before
 * each of its runs, Lighthouse keeps the site's storage for it, and the HTTP cache is emptied first,
 * so it loads every file as on a first visit.
 */
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { ensureBuilt, startDemoServer } from './inp.js';
import { PICTURES, portalPagesOf, reportWithPictures, signInJane, type PortalPage } from './portal-pages.js';

const port = Number(process.argv[2] ?? 8196);
const runs = Number(process.argv[3] ?? 3);
const pages = portalPagesOf(process.argv[4]);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Run {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  scripts: number;
  images: number;
}

/** Lighthouse, `runs` times, on each page; the dashboard's runs each after Jane signs in. */
async function measure(base: string, urls: Record<Exclude<PortalPage, 'dashboard'>, string>) {
  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  // The same browser, driven by Playwright, to sign Jane in before a dashboard run.
  const driver = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const results = new Map<PortalPage, { scores: Run[]; failed: string[] }>();
  try {
    for (const name of pages) {
      const scores: Run[] = [];
      const failed: string[] = [];
      for (let i = 0; i < runs; i++) {
        let url: string;
        if (name === 'dashboard') {
          const page = await driver.contexts()[0]!.newPage();
          url = await signInJane(page, base);
          const cdp = await page.context().newCDPSession(page);
          await cdp.send('Network.clearBrowserCache');
          await page.close();
        } else {
          url = urls[name];
        }
        const result = await lighthouse(url, {
          port: chrome.port,
          onlyCategories: ['performance'],
          output: 'json',
          logLevel: 'error',
          // The dashboard needs the session just stored; the cache was emptied above.
          disableStorageReset: name === 'dashboard',
        });
        const lhr = result!.lhr;
        // A run Lighthouse could not finish (a page that did not paint in time on a busy machine)
        // scores 0: it is counted apart, not taken for the page's score.
        if (lhr.runtimeError) {
          failed.push(lhr.runtimeError.code);
          continue;
        }
        if (lhr.finalDisplayedUrl !== url) console.error(`${name}: Lighthouse ended at ${lhr.finalDisplayedUrl}`);
        if (process.env.LIGHTHOUSE_DEBUG) {
          for (const id of [
            'largest-contentful-paint-element',
            'bootup-time',
            'render-blocking-resources',
            'unused-javascript',
            'uses-responsive-images',
            'offscreen-images',
            'mainthread-work-breakdown',
            'critical-request-chains',
            'network-requests',
            'layout-shifts',
            'long-tasks',
          ]) {
            console.error(
              id,
              lhr.audits[id]?.displayValue ?? '',
              JSON.stringify(lhr.audits[id]?.details ?? {}).slice(0, 1500),
            );
          }
        }
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const requests =
          (
            lhr.audits['network-requests']?.details as
              { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
          )?.items ?? [];
        const bytesOf = (type: string) =>
          requests.filter((r) => r.resourceType === type).reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
        scores.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          si: audit('speed-index'),
          bytes: audit('total-byte-weight'),
          scripts: bytesOf('Script'),
          images: bytesOf('Image'),
        });
      }
      results.set(name, { scores, failed });
    }
  } finally {
    await driver.close().catch(() => {});
    chrome.kill();
  }
  return results;
}

const TITLES: Record<PortalPage, string> = {
  login: 'portal login (/my-car/login)',
  dashboard: "Jane's dashboard, signed in",
  report: `report page, decisions first, ${PICTURES} pictures`,
};

async function main() {
  ensureBuilt('portal');
  const server = await startDemoServer(port);
  try {
    const urls = {
      login: `${server.base}/my-car/login`,
      report: pages.includes('report') ? await reportWithPictures(server.base) : '',
    };
    const results = await measure(server.base, urls);
    let finished = 0;
    for (const [name, { scores, failed }] of results) {
      if (failed.length) console.error(`${name}: ${failed.length} run(s) failed: ${failed.join(', ')}`);
      if (!scores.length) continue;
      finished++;
      const m = scores.find((s) => s.score === median(scores.map((x) => x.score)))!;
      console.log(
        `| ${TITLES[name]}, Lighthouse 12 mobile | performance ${m.score} (runs: ${scores.map((s) => s.score).join(', ')}${failed.length ? `; ${failed.length} failed: ${failed.join(', ')}` : ''}) | ` +
          `FCP ${(m.fcp / 1000).toFixed(1)} s | LCP ${(m.lcp / 1000).toFixed(1)} s | TBT ${m.tbt.toFixed(0)} ms | CLS ${m.cls.toFixed(3)} | ` +
          `Speed Index ${(m.si / 1000).toFixed(1)} s | page weight ${(m.bytes / 1024).toFixed(0)} KiB, scripts ${(m.scripts / 1024).toFixed(0)} KiB, images ${(m.images / 1024).toFixed(0)} KiB |`,
      );
    }
    if (!finished) throw new Error('no run finished');
  } finally {
    await server.stop();
  }
}

await main();
