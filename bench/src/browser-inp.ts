/**
 * What the interaction-to-next-paint benches share (inp-inspection.ts, inp-estimate.ts): a server
 * on a fresh PGlite database with the demo data, Chromium, signing a demo user in, and the Event
 * Timing figures (each interaction's longest entry: input delay + processing + presentation, what
 * INP measures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The page's globals used here (the bench is compiled without the DOM library). */
interface BrowserGlobals {
  localStorage: { getItem(key: string): string | null; clear(): void };
  __interactions: Map<number, number>;
  __worst: Map<number, string>;
  PerformanceObserver: new (
    callback: (list: {
      getEntries(): Array<{
        interactionId?: number;
        duration: number;
        name: string;
        processingStart: number;
        processingEnd: number;
        startTime: number;
        target?: { getAttribute(name: string): string | null } | null;
      }>;
    }) => void,
  ) => { observe(options: { type: string; durationThreshold: number; buffered: boolean }): void };
}

/** Runs `work` with a demo server on `port` and Chromium, then stops both and removes the data. */
export async function withDemoServer(port: number, work: (browser: Browser, base: string) => Promise<void>) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-inp-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: base,
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
    },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await work(browser, base);
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs a demo user in through the login page; its token and claims. */
export async function signIn(page: Page, base: string, username: string): Promise<{ token: string; storeId: string; id: string }> {
  await page.goto(`${base}/app/login`);
  await page.getByLabel('User name').fill(username);
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/app\/store\/dashboard/);
  const token = await page.evaluate(
    () =>
      (
        JSON.parse((globalThis as unknown as BrowserGlobals).localStorage.getItem('servicebay.session')!) as {
          token: string;
        }
      ).token,
  );
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    storeId: string;
    id: string;
  };
  return { token, ...claims };
}

/** Clears the page's session, so another demo user can sign in. */
export async function signOut(page: Page) {
  await page.context().clearCookies();
  await page.evaluate(() => (globalThis as unknown as BrowserGlobals).localStorage.clear());
}

/** Starts recording every interaction's duration (Event Timing, durationThreshold 16). */
export async function observeInteractions(page: Page) {
  await page.evaluate(() => {
    const w = globalThis as unknown as BrowserGlobals;
    w.__interactions = new Map();
    w.__worst = new Map();
    new w.PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        if (e.duration >= (w.__interactions.get(e.interactionId) ?? 0)) {
          // What it was, for INP_DEBUG: the event, its target, input delay / processing / presentation.
          const delay = e.processingStart - e.startTime;
          const work = e.processingEnd - e.processingStart;
          w.__worst.set(
            e.interactionId,
            `${e.duration} ms ${e.name} on ${e.target?.getAttribute('aria-label') ?? '?'} (delay ${delay.toFixed(0)}, processing ${work.toFixed(0)}, paint ${(e.duration - delay - work).toFixed(0)})`,
          );
        }
        w.__interactions.set(e.interactionId, Math.max(w.__interactions.get(e.interactionId) ?? 0, e.duration));
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
}

/** The ten longest interactions in words (INP_DEBUG=1 prints them). */
export async function worstInteractions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...(globalThis as unknown as BrowserGlobals).__worst.values()].sort((a, b) => parseFloat(b) - parseFloat(a)).slice(0, 10),
  );
}

/** The recorded interactions' durations, shortest first. */
export async function interactions(page: Page): Promise<number[]> {
  return (await page.evaluate(() => [...(globalThis as unknown as BrowserGlobals).__interactions.values()])).sort(
    (a, b) => a - b,
  );
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** INP as web-vitals reads it: the worst interaction, ignoring one per 50 interactions made. */
export function inpOf(sorted: number[], made: number): number {
  return sorted[Math.max(0, sorted.length - 1 - Math.floor(made / 50))] ?? 0;
}

/** The figures of a run as the cells of a RESULTS.md row. */
export function figures(sorted: number[], made: number): string {
  return (
    `${sorted.length} of ${made} over 16 ms | median ${percentile(sorted, 50).toFixed(0)} ms | ` +
    `p75 ${percentile(sorted, 75).toFixed(0)} ms | INP ${inpOf(sorted, made).toFixed(0)} ms | ` +
    `max ${(sorted.at(-1) ?? 0).toFixed(0)} ms (worst five: ${sorted
      .slice(-5)
      .map((d) => d.toFixed(0))
      .join(', ')})`
  );
}
