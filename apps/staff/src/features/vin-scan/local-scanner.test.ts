import { describe, expect, it } from 'vitest';
import { readLocalScannerLinks } from './local-scanner.js';

const TOKEN = 'a'.repeat(40) + '_-9';
const CALLBACK = `http://localhost:8080/v1/api/vinscanner/callback/${TOKEN}`;
const RETURN = 'http://localhost:8080/app/as1-ui/vinScan?language=fr&userId=u1&from=dashboard';
const read = (query: Record<string, string>) => readLocalScannerLinks(new URLSearchParams(query), 'http://192.168.1.20:8080');

describe('readLocalScannerLinks', () => {
  it("keeps the server's paths, on the page's own origin", () => {
    expect(read({ callbackUrl: CALLBACK, returnUrl: RETURN, language: 'fr' })).toEqual({
      callbackPath: `/v1/api/vinscanner/callback/${TOKEN}`,
      returnPath: '/app/as1-ui/vinScan?language=fr&userId=u1&from=dashboard',
      language: 'fr',
    });
  });

  it('takes relative links and defaults the language to en', () => {
    expect(read({ callbackUrl: `/v1/api/vinscanner/callback/${TOKEN}`, returnUrl: '/app/as1-ui/vinScan?language=en' })?.language).toBe('en');
  });

  it('refuses incomplete links and other languages', () => {
    expect(read({ callbackUrl: CALLBACK })).toBeNull();
    expect(read({ returnUrl: RETURN })).toBeNull();
    expect(read({ callbackUrl: CALLBACK, returnUrl: RETURN, language: 'de' })).toBeNull();
  });

  it('refuses anything but our callback and return page (no posting elsewhere, no open redirect)', () => {
    expect(read({ callbackUrl: 'http://localhost:8080/v2/api/user/logout', returnUrl: RETURN })).toBeNull();
    expect(read({ callbackUrl: `${CALLBACK}/../../x`, returnUrl: RETURN })).toBeNull();
    expect(read({ callbackUrl: `${CALLBACK}?x=1`, returnUrl: RETURN })).toBeNull();
    expect(read({ callbackUrl: CALLBACK, returnUrl: 'https://evil.example/app/as1-ui/vinScanX' })).toBeNull();
    expect(read({ callbackUrl: CALLBACK, returnUrl: 'javascript:alert(1)' })).toBeNull();
    expect(read({ callbackUrl: CALLBACK, returnUrl: '//evil.example/login' })).toBeNull();
  });
});
