import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { pagePreloads, renderApiDocs } from './web.js';

const builds: string[] = [];

/** A built app as Vite leaves it: index.html, hashed assets, a public file. */
function fakeBuild(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `servicebay-${name}-dist-`));
  builds.push(dir);
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log('${name}')`);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  return dir;
}

/** The portal's build also lists each page's chunk files (apps/portal/vite.config.ts). */
function fakePortalBuild() {
  const dir = fakeBuild('portal');
  const pages = [
    { path: '^/my-(car|fleet)/login/?$', files: ['/my-car/assets/LoginPage-abc.css', '/my-car/assets/LoginPage-abc.js', '/my-car/assets/Button-abc.js'] },
    { path: '^/report/[^/]+/?$', files: ['/my-car/assets/ReportPage-abc.js'] },
  ];
  writeFileSync(path.join(dir, 'page-preloads.json'), JSON.stringify({ pages }));
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDirs: { staff: fakeBuild('staff'), portal: fakePortalBuild() } });
});
afterAll(async () => {
  await t.close();
  for (const dir of builds) rmSync(dir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('web apps', () => {
  it('redirects / to the staff login', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/login');
  });

  it.each(['/app/', '/app/login', '/app/store/42/ticket?vin=1', '/app'])('answers %s with the staff index.html, never cached', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>staff</title>');
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with a long cache and other files with a short one', async () => {
    const asset = await get('/app/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain("console.log('staff')");
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await get('/app/favicon.svg');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing file with the JSON 404, not the app', async () => {
    const res = await get('/app/assets/gone-123.js');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('does not serve dot files or anything outside the build', async () => {
    for (const url of ['/app/.env', '/app//index.html', '/app/%2e%2e/%2e%2e/package.json', '/my-car/assets/..%2f..%2fpackage.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
  });

  it.each(['/my-car/login', '/my-fleet/login', '/my-fleet', '/report/0b5c6f0e-7c8e-4e4e-9a53-1d2f7a1b2c3d', '/my-car/'])(
    'answers %s with the portal index.html',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>portal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it("announces the page's chunk files with the portal's index.html", async () => {
    for (const url of ['/my-car/login', '/my-fleet/login?username=a%40b.c']) {
      const res = await get(url);
      expect(res.headers.link, url).toBe(
        '</my-car/assets/LoginPage-abc.css>; rel=preload; as=style, </my-car/assets/LoginPage-abc.js>; rel=modulepreload, </my-car/assets/Button-abc.js>; rel=modulepreload',
      );
    }
    expect((await get('/my-car/user/42')).headers.link).toBeUndefined();
    // The report announces its first API call too.
    const id = '0b5c6f0e-7c8e-4e4e-9a53-1d2f7a1b2c3d';
    const report = await get(`/report/${id}?t=${id}.abcDEF_-1`);
    expect(report.headers.link).toBe(
      `</v2/api/report/${id}?t=${id}.abcDEF_-1>; rel=preload; as=fetch; crossorigin=anonymous, </my-car/assets/ReportPage-abc.js>; rel=modulepreload`,
    );
  });

  it('serves the portal assets under /my-car', async () => {
    const res = await get('/my-car/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("console.log('portal')");
  });

  it('keeps the JSON error shape for the API and health paths', async () => {
    for (const url of ['/v2/api/nowhere', '/v1/api/nowhere', '/health/nowhere', '/elsewhere']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ status: 404, code: 'NOT_FOUND', message: `No route for GET ${url}` });
    }
  });

  it('serves the pages under the strict CSP', async () => {
    const res = await get('/app/login');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('pagePreloads', () => {
  it('announces nothing for a list that is missing, does not parse, or names anything but scripts', () => {
    const request = { url: '/my-car/login' } as Parameters<ReturnType<typeof pagePreloads>>[0];
    const dir = fakeBuild('preloads');
    expect(pagePreloads(dir)(request)).toEqual([]);
    for (const text of ['{not json', JSON.stringify({ pages: [{ path: '^/my-car/login$', files: ['https://evil.example/x.js'] }] }), JSON.stringify({ pages: [{ files: [] }] })]) {
      writeFileSync(path.join(dir, 'page-preloads.json'), text);
      expect(pagePreloads(dir)(request), text).toEqual([]);
    }
  });
});

describe('API docs page', () => {
  it('lists the routes of the OpenAPI document, without any script', async () => {
    const res = await get('/v2/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('/health');
    expect(res.body).toContain('/i18n/{languageFile}');
    expect(res.body).toContain('href="/v2/api/docs/openapi.json"');
    expect(res.body).not.toContain('<script');
  });
});

describe('renderApiDocs', () => {
  it('escapes everything it prints from the document', () => {
    const html = renderApiDocs({
      info: { title: 'API <b>', version: '1' },
      paths: { '/x/{id}': { get: { operationId: 'x.get', summary: '<script>alert(1)</script>', tags: ['x"y'], description: 'Public: a & b.' } } },
    });
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('API &#60;b&#62;');
    expect(html).toContain('a &#38; b');
  });
});

describe('without a build', () => {
  it('answers the JSON 404 for the app paths and still serves the docs', async () => {
    const bare = await createTestApp({ webDistDirs: { staff: '/nonexistent/staff', portal: '/nonexistent/portal' } });
    try {
      for (const url of ['/', '/app/login', '/my-car/login']) {
        expect((await bare.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
      expect((await bare.app.inject({ method: 'GET', url: '/v2/api/docs' })).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});
