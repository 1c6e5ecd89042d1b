import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDevOutboxPage } from '@servicebay/domain';
import { createTestApp, type TestApp } from '../../../test/app.js';

let t: TestApp;
let off: TestApp;
const sent: Record<string, string> = {};

beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ devTools: true }), createTestApp({ devTools: false })]);
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
    })
  ).id;
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

describe('GET /v2/api/dev/outbox', () => {
  it('lists every sent message, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/api/dev/outbox' });
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
    });
    expect(body.items[1]).toMatchObject({
      channel: 'sms',
      to: '+15145550123',
      subject: null,
      hasHtml: false,
    });
  });

  it('filters by channel and pages', async () => {
    const texts = (await t.app.inject({ method: 'GET', url: '/v2/api/dev/outbox?channel=sms' })).json();
    expect(texts.total).toBe(1);
    expect(texts.items.map((m: { id: string }) => m.id)).toEqual([sent.text]);

    const second = (
      await t.app.inject({ method: 'GET', url: '/v2/api/dev/outbox?channel=email&page=1&size=1' })
    ).json();
    expect(second).toMatchObject({ total: 2, page: 1, size: 1 });
    expect(second.items.map((m: { id: string }) => m.id)).toEqual([sent.first]);
  });

  it('refuses a bad query with 400', async () => {
    for (const [url, message] of [
      ['/v2/api/dev/outbox?channel=fax', 'channel: '],
      ['/v2/api/dev/outbox?size=1000', 'size: '],
      ['/v2/api/dev/outbox?admin=1', 'query: unknown field admin'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('INVALID_ARGUMENTS');
      expect(res.json().message).toContain(message);
    }
  });

  it('answers 404 in the error shape when DEV_TOOLS is off', async () => {
    await off.platform.mail.send({ to: 'owner@example.test', subject: 'Secret', text: 'Private' });
    for (const url of [
      '/v2/api/dev/outbox?channel=email',
      '/dev/outbox?lang=fr',
      `/v2/api/dev/outbox/${sent.html}/html`,
    ]) {
      const res = await off.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        status: 404,
        code: 'NOT_FOUND',
        message: `No route for GET ${url.split('?')[0]}`,
      });
    }
  });
});

describe('GET /dev/outbox', () => {
  it('shows e-mails and texts to a person, escaped, under a strict CSP without scripts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).not.toContain('unsafe-inline');

    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Outbox</h1>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('Report &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('See the report &amp; the pictures');
    expect(html).toContain('+15145550123');
    expect(html).toContain('Your car is ready');
    expect(html).toContain('Estimate #1');
    expect(html).toContain(`href="/v2/api/dev/outbox/${sent.html}/html"`);
    expect(html).toContain('Messages: 3');
    // Newest first.
    expect(html.indexOf('fleet@example.test')).toBeLessThan(html.indexOf('+15145550123'));
    expect(html.indexOf('+15145550123')).toBeLessThan(html.indexOf('owner@example.test'));

    // The style block is the one the CSP hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain(`'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('speaks French with ?lang=fr and keeps the language in its links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox?lang=fr&channel=sms' });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('<h1>Boîte d&#39;envoi</h1>');
    expect(html).toContain('Texto');
    expect(html).toContain('Messages : 1');
    expect(html).toContain('href="/dev/outbox?channel=sms&amp;lang=fr" aria-current="page"');
    expect(html).toContain('href="/dev/outbox?channel=sms"'); // the switch back to English
    expect(html).not.toContain('owner@example.test');
  });

  it('refuses a language other than en or fr', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/outbox?lang=de' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      code: 'INVALID_ARGUMENTS',
      message: 'lang: languageId must be en or fr',
    });
  });

  it('renders one e-mail’s HTML in a sandbox that runs no script', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v2/api/dev/outbox/${sent.html}/html` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<p style="color:red">Report</p><script>alert(1)</script>');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox;/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');

    const text = await t.app.inject({ method: 'GET', url: `/v2/api/dev/outbox/${sent.text}/html` });
    expect(text.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/v2/api/dev/outbox/..%2F..%2Fetc/html' });
    expect(bad.statusCode).toBe(400);
  });
});
