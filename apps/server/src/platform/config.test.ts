import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync } from 'node:fs';
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

describe('VAPID keys (web push)', () => {
  it('are generated once into the data folder and read again by every later start', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-vapid-'));
    const first = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dir }).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(true);
    const second = loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: dir }).vapid;
    expect(second).toEqual(first);
    expect(first.subject).toMatch(/^mailto:/);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given (both or neither), with VAPID_SUBJECT', () => {
    const vapid = load({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv', VAPID_SUBJECT: 'mailto:ops@shop.example' }).vapid;
    expect(vapid).toEqual({ publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@shop.example' });
    expect(() => load({ VAPID_PUBLIC_KEY: 'pub' })).toThrow(/both or neither/);
    expect(load({ PUBLIC_URL: 'https://shop.example' }).vapid.subject).toBe('https://shop.example');
  });
});
