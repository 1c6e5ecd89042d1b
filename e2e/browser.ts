import { existsSync } from 'node:fs';

/**
 * The Chromium the specs drive: `CHROMIUM_PATH`, else Debian's headless shell (package
 * `chromium-headless-shell`: the same Blink without the desktop browser's windowing, about a
 * third less CPU per test), else Debian's full `chromium`. Nothing is ever downloaded.
 */
export const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file)) ??
  '/usr/bin/chromium';

/** Flags for a browser on a CI machine: no GPU, no sandbox (containers), no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];
