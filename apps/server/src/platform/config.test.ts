import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (env: Record<string, string>) =>
  loadConfig({
    JWT_SECRET: 'test-secret-of-at-least-32-characters!!',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'servicebay-config-')),
    ...env,
  });

describe('DEV_TOOLS (the development outbox)', () => {
  it('is on by default, and DEV_TOOLS turns it off', () => {
    expect(load({}).devTools).toBe(true);
    expect(load({ DEV_TOOLS: 'true' }).devTools).toBe(true);
    expect(load({ DEV_TOOLS: 'false' }).devTools).toBe(false);
    expect(load({ DEV_TOOLS: '0' }).devTools).toBe(false);
  });

  it('is always off with NODE_ENV=production, even when DEV_TOOLS asks for it', () => {
    expect(load({ NODE_ENV: 'production' }).devTools).toBe(false);
    for (const value of ['true', '1', 'yes', 'on', 'TRUE']) {
      expect(load({ NODE_ENV: 'production', DEV_TOOLS: value }).devTools).toBe(false);
    }
  });
});
