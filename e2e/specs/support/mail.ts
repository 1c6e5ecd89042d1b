import { expect } from '@playwright/test';
import type { CaughtMessage } from '../../mail-catcher.js';

/** The e-mails the SMTP catcher received for an address (e2e/mail-catcher.ts), oldest first. */
export async function mailTo(address: string): Promise<CaughtMessage[]> {
  const res = await fetch(`${process.env.E2E_MAIL_URL}/messages?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMessage[];
}

/** The id of the newest e-mail to the address (0 if none): pass it to waitForMail as `after` so a
 * retried test reads its own message, not one an earlier attempt left in the catcher. */
export async function latestMailId(address: string): Promise<number> {
  return Math.max(0, ...(await mailTo(address)).map((m) => m.id));
}

/** Waits for a message to the address that `matches`, newer than the ones already there. */
export async function waitForMail(
  address: string,
  matches: (m: CaughtMessage) => boolean,
  after = 0,
): Promise<CaughtMessage> {
  let found: CaughtMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address)).filter((m) => m.id > after).find(matches);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
