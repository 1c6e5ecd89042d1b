import { expect } from '@playwright/test';
import type { CaughtMessage } from '../../mail-catcher.js';

/** The e-mails the SMTP catcher received for an address (e2e/mail-catcher.ts), oldest first. */
export async function mailTo(address: string): Promise<CaughtMessage[]> {
  const res = await fetch(`${process.env.E2E_MAIL_URL}/messages?to=${encodeURIComponent(address)}`);
  if (!res.ok) throw new Error(`mail catcher answered ${res.status}`);
  return (await res.json()) as CaughtMessage[];
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
