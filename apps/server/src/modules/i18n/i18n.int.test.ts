import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs } from '@servicebay/locales';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { catalogEncoding } from './i18n.routes.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /i18n/:languageFile', () => {
  it.each(['en', 'fr'] as const)('answers the %s catalog without signing in', async (language) => {
    const res = await t.app.inject({ method: 'GET', url: `/i18n/${language}.i18n.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual(catalogs[language]);
  });

  it('sends the catalog compressed to a browser that accepts it, Brotli first', async () => {
    const url = '/i18n/en.i18n.json';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(catalogs.en).length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(catalogs.en);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(catalogs.en);
  });

  it('picks the encoding the caller accepts', () => {
    expect(catalogEncoding(undefined)).toBe('identity');
    expect(catalogEncoding('')).toBe('identity');
    expect(catalogEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(catalogEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(catalogEncoding('GZIP')).toBe('gzip');
    expect(catalogEncoding('deflate, br;q=0')).toBe('identity');
  });

  it('serves the French texts in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/i18n/fr.i18n.json' });
    expect(res.json().ui.back).toBe('Retour');
  });

  it.each(['de.i18n.json', 'en.json', 'EN.i18n.json', 'en.i18n.json.bak', '..%2Fen.i18n.json'])(
    'refuses %s with the language error',
    async (file) => {
      const res = await t.app.inject({ method: 'GET', url: `/i18n/${file}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, code: 'INVALID_ARGUMENTS', message: 'languageId must be en or fr' });
    },
  );

  it('still answers when the caller sends a bad token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/i18n/en.i18n.json',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(res.statusCode).toBe(200);
  });
});
