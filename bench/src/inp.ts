/**
 * What the interaction-to-next-paint benches share (inp-inspection.ts, inp-ticket.ts): the server
 * on a fresh demo database, signing in as a person does, and the Event Timing observer that
 * records each interaction's duration (input delay + processing + presentation: what INP measures).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/browser.js';
import { liveServer } from './live-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The page's globals used here (the bench is compiled without the DOM library). */
export interface BrowserGlobals {
  localStorage: { getItem(key: string): string | null; clear(): void };
  __interactions: Map<number, Interaction>;
  PerformanceObserver: new (
    callback: (list: {
      getEntries(): Array<{
        interactionId?: number;
        duration: number;
        name: string;
        target?: {
          getAttribute(name: string): string | null;
          tagName: string;
          textContent: string | null;
          labels?: ArrayLike<{ textContent: string | null }> | null;
        } | null;
      }>;
    }) => void,
  ) => { observe(options: { type: string; durationThreshold: number; buffered: boolean }): void };
}

/** One interaction: its longest event's duration, that event's type and what it was on. */
export interface Interaction {
  duration: number;
  event: string;
  target: string;
}

/** Refuses a port something already listens on: the bench would measure that server, not its own. */
function ensureFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: pick another (the first argument)`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** The newest modification time of a file under `dir` (0 when it does not exist). */
function newest(dir: string): number {
  let latest = 0;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

/**
 * Refuses a web app built before its sources last changed: the server serves `dist` as it is, so a
 * bench on a stale build measures (or fails on) yesterday's pages while the sources look right.
 */
export function ensureBuilt(app: 'staff' | 'portal'): void {
  const dist = path.join(root, 'apps', app, 'dist', 'index.html');
  let built: number;
  try {
    built = statSync(dist).mtimeMs;
  } catch {
    throw new Error(`apps/${app}/dist is missing: run \`npm run build\` first`);
  }
  const sources = Math.max(
    newest(path.join(root, 'apps', app, 'src')),
    ...['domain', 'web-core', 'ui', 'locales'].map((pkg) => newest(path.join(root, 'packages', pkg, 'src'))),
  );
  if (sources > built) {
    throw new Error(`apps/${app}/dist is older than its sources: run \`npm run build\` first`);
  }
}

/**
 * The server as `npm start` runs it, with the demo data on a fresh PGlite folder, on `port`;
 * `stop` ends it and removes the folder. For every browser bench (INP, Lighthouse).
 */
export async function startDemoServer(port: number): Promise<{ base: string; stop(): Promise<void> }> {
  await ensureFree(port);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-bench-demo-'));
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
      // As the e2e server (e2e/playwright.config.ts): a bench signs the same demo users in again and again.
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
      LOGIN_ATTEMPTS_PER_USERNAME_PER_MINUTE: '1000',
    },
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await liveServer(base).waitForHealth();
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/** The demo server and Chromium; `stop` ends both. */
export async function startDemo(port: number): Promise<{ base: string; browser: Browser; stop(): Promise<void> }> {
  ensureBuilt('staff');
  const server = await startDemoServer(port);
  let browser: Browser;
  try {
    // The e2e suite's Chromium and flags (CHROMIUM_PATH, else the headless shell).
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    base: server.base,
    browser,
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * Signs in through the login page; answers the session's token and its claims. When the dashboard
 * does not come within 30 s it fails with what the page showed (an alert), the browser's console
 * errors and the answers that failed, rather than waiting on the login page.
 */
export async function signIn(page: Page, base: string, username: string): Promise<{ token: string; storeId: string; id: string }> {
  const problems: string[] = [];
  const onConsole = (m: { type(): string; text(): string }) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  };
  const onPageError = (e: Error) => problems.push(`page error: ${e.message}`);
  const onResponse = (r: { status(): number; url(): string; request(): { method(): string } }) => {
    if (r.status() >= 400) problems.push(`${r.request().method()} ${r.url()}: ${r.status()}`);
  };
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) =>
    problems.push(`${r.url()}: ${r.failure()?.errorText ?? 'failed'}`);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  page.on('response', onResponse);
  page.on('requestfailed', onFailed);
  try {
    await page.goto(`${base}/app/login`);
    await page.getByLabel('User name').fill(username);
    await page.getByRole('textbox', { name: 'Password' }).fill('Demo1234!');
    await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 15_000 });
    const alert = page.getByRole('alert').first();
    const arrived = await Promise.race([
      page.waitForURL(/\/app\/store\/dashboard/, { timeout: 30_000 }).then(() => true),
      alert.waitFor({ timeout: 30_000 }).then(() => false),
    ]).catch(() => false);
    if (!arrived) {
      const shown = (await alert.isVisible()) ? await alert.innerText() : '(no alert)';
      throw new Error(`${username} could not sign in at ${page.url()}: ${shown}\n${problems.join('\n') || '(no console error, no failed request)'}`);
    }
  } finally {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
    page.off('response', onResponse);
    page.off('requestfailed', onFailed);
  }
  const token = await page.evaluate(
    () =>
      (
        JSON.parse((globalThis as unknown as BrowserGlobals).localStorage.getItem('servicebay.session')!) as {
          token: string;
        }
      ).token,
  );
  const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { storeId: string; id: string };
  return { token, ...claims };
}

/**
 * Records every interaction from now on (Event Timing, durationThreshold 16: shorter ones are not
 * reported), keeping per interactionId the longest entry, the event's type and its target (its
 * label, name or text).
 */
export function observeInteractions(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = globalThis as unknown as BrowserGlobals;
    w.__interactions = new Map();
    new w.PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!e.interactionId) continue;
        const known = w.__interactions.get(e.interactionId);
        if (known && known.duration >= e.duration) continue;
        const t = e.target;
        const target = t
          ? `${t.tagName.toLowerCase()} ${t.getAttribute('aria-label') ?? t.labels?.[0]?.textContent ?? t.getAttribute('name') ?? t.getAttribute('placeholder') ?? (t.textContent ?? '').trim().slice(0, 30)}`
          : '(removed)';
        w.__interactions.set(e.interactionId, { duration: e.duration, event: e.name, target });
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
}

/** The interactions recorded, shortest first. */
export async function readInteractions(page: Page): Promise<Interaction[]> {
  const all = await page.evaluate(() => [...(globalThis as unknown as BrowserGlobals).__interactions.values()]);
  return all.sort((a, b) => a.duration - b.duration);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** INP as web-vitals reads it: the worst interaction, ignoring one per 50 interactions made. */
export function inpOf(sortedDurations: number[], interactionsMade: number): number {
  return sortedDurations[Math.max(0, sortedDurations.length - 1 - Math.floor(interactionsMade / 50))] ?? 0;
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
