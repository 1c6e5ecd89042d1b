import { describe, expect, it } from 'vitest';
import { ApiError } from '@servicebay/web-core';
import { canSubmitPortalLogin, portalLoginBody, portalLoginFailure } from './login.js';

describe('portal login form rules', () => {
  it('keeps Login disabled while the password is empty', () => {
    expect(canSubmitPortalLogin({ email: 'ann@example.com', password: '' })).toBe(false);
    expect(canSubmitPortalLogin({ email: 'ann@example.com', password: 'x' })).toBe(true);
    expect(canSubmitPortalLogin({ email: '  ', password: 'x' })).toBe(false);
  });

  it('sends the trimmed e-mail as the user name', () => {
    expect(portalLoginBody({ email: ' ann@example.com ', password: 'pw' })).toEqual({ username: 'ann@example.com', password: 'pw' });
  });

  it('tells a refusal from a server that cannot answer', () => {
    expect(portalLoginFailure(new ApiError(401, 'INVALID_CREDENTIALS', 'no'))).toBe('rejected');
    expect(portalLoginFailure(new ApiError(404, 'NOT_FOUND', 'No route'))).toBe('rejected');
    expect(portalLoginFailure(new ApiError(0, 'NO_CONNECTION', 'No internet connection'))).toBe('unavailable');
    expect(portalLoginFailure(new ApiError(502, 'BAD_GATEWAY', 'server_unable_to_process_request'))).toBe('unavailable');
  });
});
