import { describe, expect, it } from 'vitest';
import { isAcceptableIssuer, ZSsoConfigurationInput } from './sso.js';

describe('single sign-on configuration', () => {
  it.each([
    ['https://login.example.com', true],
    ['https://login.example.com:8443/tenant/v2.0', true],
    ['http://127.0.0.1:4000', true],
    ['http://localhost:4000/realms/shop', true],
    ['http://[::1]:4000', true],
    ['http://login.example.com', false],
    ['http://127.0.0.1.example.com', false],
    ['https://user:pass@login.example.com', false],
    ['https://login.example.com/?tenant=a', false],
    ['https://login.example.com/#x', false],
    ['ftp://login.example.com', false],
    ['login.example.com', false],
  ])('%s is acceptable as an issuer: %s', (issuer, ok) => {
    expect(isAcceptableIssuer(issuer)).toBe(ok);
  });

  it('fills the defaults and insists on openid among the scopes', () => {
    const base = {
      accountId: '00000000-0000-4000-8000-000000000000',
      issuer: 'https://login.example.com',
      clientId: 'servicebay',
      clientSecret: 's',
    };
    expect(ZSsoConfigurationInput.parse(base)).toEqual({
      ...base,
      scopes: 'openid email profile',
      usernameClaim: 'email',
      enabled: true,
    });
    expect(ZSsoConfigurationInput.safeParse({ ...base, scopes: 'email profile' }).success).toBe(false);
    expect(ZSsoConfigurationInput.safeParse({ ...base, usernameClaim: 'e mail' }).success).toBe(false);
  });
});
