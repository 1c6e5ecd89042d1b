import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, ZDevOutboxPage, ZOutboxMessageDetail, type Role } from '@servicebay/domain';
import { loadConfig } from '../../platform/config.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { bearer } from '../../../test/factories.js';

/** A staff build of one index.html, so the web routes (and the /dev/outbox redirect) are mounted. */
function fakeStaffBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'servicebay-staff-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>staff</title>');
  return dir;
}

let t: TestApp;
let off: TestApp;
let production: TestApp;
let root: Record<string, string>;
const sent: Record<string, string> = {};

/** The same test server with NODE_ENV=production and DEV_TOOLS=true: production wins. */
function productionConfig() {
  const config = loadConfig({
    NODE_ENV: 'production',
    DEV_TOOLS: 'true',
    JWT_SECRET: 'test-secret-of-at-least-32-characters!!',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'servicebay-prod-')),
  });
  return { devTools: config.devTools };
}

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  const webDistDirs = { staff: fakeStaffBuild(), portal: '/nonexistent/portal' };
  [t, off, production] = await Promise.all([
    createTestApp({ devTools: true, webDistDirs }),
    createTestApp({ devTools: false, webDistDirs }),
    createTestApp({ ...productionConfig(), webDistDirs }),
  ]);
  const store = await t.make.store();
  root = await bearer(t.platform.tokens, await t.make.user('root', store));
  // Sent one after the other, so their order is the order of creation.
  sent.first = (
    await t.platform.mail.send({ to: 'owner@example.test', subject: 'Estimate #1', text: 'Brakes: $420' })
  ).id;
  sent.text = (await t.platform.sms.send({ to: '5145550123', text: 'Your car is ready' })).id;
  sent.html = (
    await t.platform.mail.send({
      to: 'fleet@example.test',
      subject: 'Report <script>alert(1)</script>',
      text: 'See the report & the pictures',
      html: '<p style="color:red">Report</p><script>alert(1)</script>',
      attachments: [{ filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8', content: 'BEGIN:VCALENDAR' }],
    })
  ).id;
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.close(), off?.close(), production?.close()]);
});

describe('GET /v2/api/dev/outbox', () => {
  it('lists every sent message to root, newest first', async () => {
    const res = await get(t, '/v2/api/dev/outbox', root);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = ZDevOutboxPage.parse(res.json());
    expect(body).toMatchObject({ total: 3, page: 0, size: 20 });
    expect(body.items.map((m) => m.id)).toEqual([sent.html, sent.text, sent.first]);
    expect(body.items[0]).toMatchObject({
      channel: 'email',
      provider: 'local',
      to: 'fleet@example.test',
      subject: 'Report <script>alert(1)</script>',
      hasHtml: true,
      status: 'sent',
      // Names, types and sizes: the bytes stay in the database.
      attachments: [{ filename: 'visit.ics', contentType: 'text/calendar; charset=utf-8', size: 15 }],
    });
    expect(body.items[0]).not.toHaveProperty('attachments.0.content');
    expect(body.items[2]!.attachments).toEqual([]);
    expect(body.items[1]).toMatchObject({
      channel: 'sms',
      to: '+15145550123',
      subject: null,
      hasHtml: false,
    });
  });

  it('filters by channel and pages', async () => {
    const texts = (await get(t, '/v2/api/dev/outbox?channel=sms', root)).json();
    expect(texts.total).toBe(1);
    expect(texts.items.map((m: { id: string }) => m.id)).toEqual([sent.text]);

    const second = (await get(t, '/v2/api/dev/outbox?channel=email&page=1&size=1', root)).json();
    expect(second).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(second.items.map((m: { id: string }) => m.id)).toEqual([sent.first]);
  });

  it('refuses a bad query with 400', async () => {
    for (const [url, message] of [
      ['/v2/api/dev/outbox?channel=fax', 'channel: '],
      ['/v2/api/dev/outbox?size=1000', 'size: '],
      ['/v2/api/dev/outbox?admin=1', 'query: unknown field admin'],
    ] as const) {
      const res = await get(t, url, root);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_ARGUMENTS');
      expect(res.json().message).toContain(message);
    }
  });
});

describe('GET /v2/api/dev/outbox/:messageId', () => {
  it('gives root one e-mail with its HTML, and a text without', async () => {
    const res = await get(t, `/v2/api/dev/outbox/${sent.html}`, root);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // JSON, never HTML: nothing of the e-mail runs on the API's origin.
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(ZOutboxMessageDetail.parse(res.json())).toMatchObject({
      id: sent.html,
      html: '<p style="color:red">Report</p><script>alert(1)</script>',
      text: 'See the report & the pictures',
    });
    expect((await get(t, `/v2/api/dev/outbox/${sent.text}`, root)).json()).toMatchObject({
      id: sent.text,
      html: null,
    });
    expect((await get(t, `/v2/api/dev/outbox/${crypto.randomUUID()}`, root)).statusCode).toBe(404);
    expect((await get(t, '/v2/api/dev/outbox/..%2F..%2Fetc', root)).statusCode).toBe(400);
  });
});

describe('who reads the outbox', () => {
  const urls = () => ['/v2/api/dev/outbox', `/v2/api/dev/outbox/${sent.first}`];

  it('refuses a signed-out caller with 401, whatever address it calls from', async () => {
    for (const url of urls()) {
      // A reverse proxy on the same host makes every caller look local: the address is no pass.
      for (const remoteAddress of ['127.0.0.1', '::1', '203.0.113.9']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
        expect(res.body).not.toContain('owner@example.test');
      }
      const forged = await get(t, url, {
        authorization: 'Bearer not-a-token',
        'x-forwarded-for': '127.0.0.1',
      });
      expect(forged.statusCode).toBe(401);
    }
  });

  it('refuses every role but root with 403: advisors, managers, owners, partners, portal users', async () => {
    const store = await t.make.store();
    for (const role of ROLES.filter((r): r is Exclude<Role, 'root'> => r !== 'root')) {
      const headers = await bearer(t.platform.tokens, await t.make.user(role, store));
      for (const url of urls()) {
        const res = await get(t, url, headers);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }
    }
  });

  it('is not there with DEV_TOOLS off: 404 for everyone, root included, as a path that does not exist', async () => {
    await off.platform.mail.send({ to: 'owner@example.test', subject: 'Secret', text: 'Private' });
    const offRoot = await bearer(off.platform.tokens, await off.make.user('root', await off.make.store()));
    for (const url of ['/v2/api/dev/outbox?channel=email', `/v2/api/dev/outbox/${sent.html}`]) {
      for (const headers of [{}, offRoot]) {
        const res = await get(off, url, headers);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          status: 404,
          code: 'NOT_FOUND',
          message: `No route for GET ${url.split('?')[0]}`,
        });
      }
    }
  });

  it('is not there with NODE_ENV=production, even with DEV_TOOLS=true', async () => {
    expect(production.platform.config.devTools).toBe(false);
    const prodRoot = await bearer(
      production.platform.tokens,
      await production.make.user('root', await production.make.store()),
    );
    await production.platform.mail.send({
      to: 'owner@example.test',
      subject: 'Reset',
      text: '/app/reset/password?token=x',
    });
    for (const url of ['/v2/api/dev/outbox', `/v2/api/dev/outbox/${crypto.randomUUID()}`, '/dev/outbox']) {
      for (const headers of [{}, prodRoot]) {
        const res = await get(production, url, headers);
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('token=');
      }
    }
  });
});

describe('GET /dev/outbox', () => {
  it("sends the person to the staff app's outbox page, which asks root's sign-in; no page of its own", async () => {
    const res = await get(t, '/dev/outbox');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/dev/outbox');
    expect(res.body).not.toContain('owner@example.test');
    expect((await get(off, '/dev/outbox')).statusCode).toBe(404);
  });
});
