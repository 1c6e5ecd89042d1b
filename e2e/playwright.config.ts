import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './browser.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 8181);
// 127.0.0.1, not localhost: the server listens on IPv4 only, and localhost may resolve to ::1 first.
const baseURL = `http://127.0.0.1:${port}`;
// The SMTP server the product sends its e-mail to (e2e/mail-catcher.ts), and where specs read it.
const smtpPort = port + 1000;
process.env.E2E_MAIL_URL = `http://127.0.0.1:${port + 2000}`;

// A new database for every run, filled by the demo seeder. The config is loaded again in each
// worker; the environment variable makes them all agree on the one folder the runner made.
if (!process.env.E2E_DATA_DIR) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-e2e-'));
  process.env.E2E_DATA_DIR = dir;
  // The runner (not a worker) made it, and removes it once the server is gone.
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}


const DASHBOARD_SPEC = /staff-dashboard\.spec\.ts$/;

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 2,
  // CI refuses a stray test.only (eslint refuses it everywhere), and retries a failed test once:
  // scripts/test.mjs names every test that needed its retry, so a flaky one is seen and fixed.
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Room for a busy two-core machine; the long flows call test.slow() (three times this), and
  // scripts/test.mjs lists every test that used more than half of its limit.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    // scripts/test.mjs reads the totals from here.
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? './test-results/report.json' }],
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium, never a downloaded one: nothing may be fetched at run time.
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [
    // Staff use tablets in the bay; the portal is opened on phones. Both sizes are covered by the specs.
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: DASHBOARD_SPEC,
    },
    // The dashboard spec compares what the page shows with a fresh read of the server's list. Live
    // updates from specs running beside it (an order of page 2 updated while its customer waits goes
    // on top, by the dashboard's merge rules) would make the two differ for good, so it runs alone,
    // after the others.
    {
      name: 'dashboard',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: DASHBOARD_SPEC,
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/mail-catcher.ts',
      cwd: root,
      url: `${process.env.E2E_MAIL_URL}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_PORT: String(port + 2000) },
    },
    {
      command: 'node --import tsx apps/server/src/main.ts',
      cwd: root,
      url: `${baseURL}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        // Every browser of the suite signs in from 127.0.0.1; the per-address limit is tested on the server.
        LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '1000',
        // The specs sign the same demo users in many times a minute; the per-user limit is tested on the server too.
        LOGIN_ATTEMPTS_PER_USERNAME_PER_MINUTE: '1000',
        PUBLIC_URL: baseURL,
        // Real SMTP to the catcher above; every message is still recorded in the outbox table.
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
