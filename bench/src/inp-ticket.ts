/**
 * Performance goal (issue 16): interaction to next paint under 200 ms with a 4x CPU throttle in the
 * one-flow ticket creation (docs/repair-order-form.md: customer, vehicle by VIN and ticket without
 * leaving the page). Not a timed test: a measurement.
 *
 *   npm run build && node --import tsx bench/src/inp-ticket.ts [port] [runs]
 *
 * Starts the server on a fresh PGlite database with the demo data, signs `advisor` in in Chromium
 * (1024x768 with touch, as a tablet), opens a new ticket, throttles the CPU 4x (CDP
 * Emulation.setCPUThrottlingRate), then does what an advisor does for a new customer with a new
 * car, each tap a real pointer event and each key a real key press (one every ~150 ms, with a
 * 400 ms pause after each tap and before a field that opens by itself, as a person reads it): New
 * customer; first name, last name and mobile phone typed; Save the customer; the VIN typed in the
 * vehicle form that opens (decoded offline by the server); the plate; Save the vehicle; mileage in;
 * Save the ticket; Save in the confirmation; until the new order's page shows its number. An Event
 * Timing PerformanceObserver (durationThreshold 16) records each interaction's duration (input
 * delay + processing + presentation: what INP measures) and what it was on. Prints the figures as
 * a Markdown line per run for bench/RESULTS.md, and the five slowest interactions.
 */
import type { Locator, Page } from '@playwright/test';
import { inpOf, observeInteractions, percentile, readInteractions, signIn, startDemo } from './inp.js';

const port = Number(process.argv[2] ?? 8197);
const runs = Number(process.argv[3] ?? 1);
const KEY_DELAY_MS = 150;
/** A person's pause between a tap and the next field (reading it, moving the finger). */
const THINK_MS = 400;
/** A 2003 Honda Accord, decoded offline (the e2e's one-flow VIN). */
const VIN = '1HGCM82633A004352';

/** Counts the interactions the run makes, to read INP as web-vitals does. */
let made = 0;
async function tap(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  await target.tap();
  made += 1;
  await target.page().waitForTimeout(THINK_MS);
}
async function typeInto(field: Locator, text: string, { tapFirst = true } = {}) {
  if (tapFirst) await tap(field);
  await field.pressSequentially(text, { delay: KEY_DELAY_MS });
  made += text.length;
}

async function oneFlow(page: Page, base: string, storeId: string, run: number) {
  await page.goto(`${base}/app/store/${storeId}/ticket`);
  await page.getByRole('heading', { level: 1, name: 'New ticket' }).waitFor();
  await page.getByRole('button', { name: 'New customer' }).waitFor();
  await observeInteractions(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  made = 0;
  const suffix = `${String(Date.now()).slice(-4)}${run}`;
  try {
    await tap(page.getByRole('button', { name: 'New customer' }));
    const customer = page.getByRole('region', { name: 'New customer' });
    const first = customer.getByRole('textbox', { name: 'First name' });
    await first.waitFor();
    // The form opens with the cursor in the first name: no tap needed.
    await page.waitForTimeout(THINK_MS);
    await typeInto(first, 'Flora', { tapFirst: false });
    await typeInto(customer.getByRole('textbox', { name: 'Last name' }), `Flow${suffix}`);
    await typeInto(customer.getByRole('textbox', { name: 'Mobile phone' }), '5145550177');
    await tap(customer.getByRole('button', { name: 'Save the customer' }));
    await page.getByRole('radio', { name: new RegExp(`Flora Flow${suffix}`) }).waitFor({ timeout: 60_000 });

    const vehicle = page.getByRole('region', { name: 'New vehicle' });
    const vin = vehicle.getByRole('textbox', { name: 'VIN' });
    await vin.waitFor();
    await page.waitForTimeout(THINK_MS);
    await typeInto(vin, VIN, { tapFirst: false });
    await vehicle.getByTestId('vin-decoded').waitFor({ timeout: 60_000 });
    await page.waitForTimeout(THINK_MS);
    await typeInto(vehicle.getByRole('textbox', { name: 'Plate' }), `FL ${suffix}`);
    await tap(vehicle.getByRole('button', { name: 'Save the vehicle' }));
    await vehicle.waitFor({ state: 'detached', timeout: 60_000 });

    const fields = page.getByRole('region', { name: 'Ticket' });
    await typeInto(fields.getByRole('textbox', { name: 'Mileage in' }), '88000');
    await tap(page.getByRole('region', { name: 'Ticket actions' }).getByRole('button', { name: 'Save the ticket' }));
    const confirm = page.getByRole('dialog', { name: 'Confirm the ticket information' });
    await confirm.waitFor();
    await tap(confirm.getByRole('button', { name: 'Save' }));
    await page.getByRole('heading', { level: 1, name: /^Repair order \d+$/ }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const interactions = await readInteractions(page);
  const durations = interactions.map((i) => i.duration);
  const inp = inpOf(durations, made);
  console.log(
    `| one-flow ticket, run ${run + 1}: ${made} interactions (taps and keys), CPU 4x | ${durations.length} over 16 ms | ` +
      `median ${percentile(durations, 50).toFixed(0)} ms | p75 ${percentile(durations, 75).toFixed(0)} ms | ` +
      `INP ${inp.toFixed(0)} ms | max ${(durations.at(-1) ?? 0).toFixed(0)} ms |`,
  );
  console.log(
    `  slowest: ${interactions
      .slice(-5)
      .reverse()
      .map((i) => `${i.duration.toFixed(0)} ms ${i.event} on ${i.target}`)
      .join('; ')}`,
  );
}

async function main() {
  const demo = await startDemo(port);
  try {
    const context = await demo.browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true });
    const page = await context.newPage();
    const advisor = await signIn(page, demo.base, 'advisor');
    for (let run = 0; run < runs; run++) await oneFlow(page, demo.base, advisor.storeId, run);
  } finally {
    await demo.stop();
  }
}

await main();
