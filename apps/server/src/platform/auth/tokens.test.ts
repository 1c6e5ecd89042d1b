import { createHmac, createSecretKey } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Principal } from './principal.js';
import { createTokenService, verifyHs256 } from './tokens.js';

const SECRET = new TextEncoder().encode('unit-secret-of-at-least-32-characters');
const key = createSecretKey(SECRET);
const principal: Principal = {
  id: '6f1c2a52-5b1e-4c38-9a55-0d3f1d2b7e11',
  type: 'ServiceAdvisor',
  username: 'jon',
  storeId: '0b7c4f2e-1d3a-4e5b-8c6d-7e8f9a0b1c2d',
  accountId: null,
  partnerId: null,
  customerId: null,
  isUserOfInactiveStore: false,
};
const claims = { id: principal.id, type: principal.type, username: 'jon' };
const sign = (header: Record<string, unknown> = { alg: 'HS256' }, secret: Uint8Array = SECRET) =>
  new SignJWT(claims).setProtectedHeader(header as { alg: string }).setIssuer('servicebay').setIssuedAt().setExpirationTime('5m').sign(secret);

describe('access token verification (node:crypto HMAC)', () => {
  it('gives back the principal of a token it signed', async () => {
    const tokens = createTokenService(SECRET, 900);
    expect(await tokens.verifyAccess(await tokens.signAccess(principal))).toEqual(principal);
  });

  it('accepts an HS256 token of this issuer signed with the key, whatever else its header says', async () => {
    expect(verifyHs256(await sign({ alg: 'HS256', typ: 'JWT' }), key)).toMatchObject(claims);
  });

  it('refuses alg none, another algorithm, another key, a changed payload or signature, and garbage', async () => {
    const good = await sign();
    const [h, p, s] = good.split('.') as [string, string, string];
    const otherPayload = Buffer.from(JSON.stringify({ ...claims, type: 'owner', iss: 'servicebay', exp: 9e9 })).toString('base64url');
    const forged = [
      new UnsecuredJWT(claims).setIssuer('servicebay').setExpirationTime('5m').encode(),
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).setIssuer('servicebay').setExpirationTime('5m').sign(SECRET),
      await sign({ alg: 'HS256' }, new TextEncoder().encode('another-secret-of-at-least-32-characters')),
      `${h}.${otherPayload}.${s}`,
      `${h}.${p}.${s.slice(0, -2)}`,
      `${h}.${p}.${s}x`,
      `${h}.${p}`,
      `${good}.extra`,
      'garbage',
      '',
      '..',
    ];
    for (const token of forged) expect(verifyHs256(token, key), token.slice(0, 30)).toBeNull();
  });

  it('refuses headers with extensions it does not know (crit, b64)', async () => {
    // jose will not sign these: made by hand, correctly signed, so only the header refuses them.
    const handMade = (header: object) => {
      const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const input = `${b64(header)}.${b64({ ...claims, iss: 'servicebay', exp: Math.floor(Date.now() / 1000) + 300 })}`;
      return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
    };
    expect(verifyHs256(handMade({ alg: 'HS256' }), key)).not.toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256', crit: ['exp'] }), key)).toBeNull();
    expect(verifyHs256(handMade({ alg: 'HS256', b64: true, crit: ['b64'] }), key)).toBeNull();
  });

  it('refuses a token of another issuer, without expiry, expired, or not yet valid', async () => {
    const now = Math.floor(Date.now() / 1000);
    const base = () => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
    expect(verifyHs256(await base().setIssuer('other').setExpirationTime('5m').sign(SECRET), key)).toBeNull();
    expect(verifyHs256(await base().setIssuer('servicebay').sign(SECRET), key)).toBeNull();
    const expiring = await base().setIssuer('servicebay').setExpirationTime(now + 60).sign(SECRET);
    expect(verifyHs256(expiring, key, now + 59)).not.toBeNull();
    expect(verifyHs256(expiring, key, now + 60)).toBeNull();
    const later = await base().setIssuer('servicebay').setNotBefore(now + 60).setExpirationTime(now + 120).sign(SECRET);
    expect(verifyHs256(later, key, now)).toBeNull();
    expect(verifyHs256(later, key, now + 60)).not.toBeNull();
  });
});
