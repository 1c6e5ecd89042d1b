import { describe, expect, it } from 'vitest';
import { ApiError } from '@servicebay/web-core';
import { canRequestReset, canSubmitLogin, loginBody, loginFailure } from './login.js';

describe('staff login form rules', () => {
  it('needs a user name that is not only spaces, and a password', () => {
    expect(canSubmitLogin({ username: '', password: '' })).toBe(false);
    expect(canSubmitLogin({ username: 'tech1', password: '' })).toBe(false);
    expect(canSubmitLogin({ username: '   ', password: 'secret' })).toBe(false);
    expect(canSubmitLogin({ username: ' tech1 ', password: 'secret' })).toBe(true);
    // A password is sent as typed: a space is a character like any other.
    expect(canSubmitLogin({ username: 'tech1', password: ' ' })).toBe(true);
  });

  it('posts the trimmed user name and the untouched password', () => {
    expect(loginBody({ username: '  tech1 ', password: ' pass ' })).toEqual({ username: 'tech1', password: ' pass ' });
  });

  it('tells a locked account from a refused one, from the rate limit and from a server that cannot answer', () => {
    expect(loginFailure(new ApiError(403, 'ACCOUNT_LOCKED', 'locked'))).toBe('locked');
    expect(loginFailure(new ApiError(401, 'INVALID_CREDENTIALS', 'bad password'))).toBe('rejected');
    expect(loginFailure(new ApiError(404, 'NOT_FOUND', 'No route'))).toBe('rejected');
    expect(loginFailure(new ApiError(400, 'INVALID_ARGUMENTS', 'username is mandatory'))).toBe('rejected');
    expect(loginFailure(new ApiError(429, 'TOO_MANY_REQUESTS', 'slow down'))).toBe('tooMany');
    expect(loginFailure(new ApiError(0, 'NO_CONNECTION', 'No internet connection'))).toBe('unavailable');
    expect(loginFailure(new ApiError(503, 'SERVICE_UNAVAILABLE', 'down'))).toBe('unavailable');
    expect(loginFailure(new Error('boom'))).toBe('unavailable');
  });

  it('keeps the forgot-password submit disabled while the user name or e-mail is empty', () => {
    expect(canRequestReset('')).toBe(false);
    expect(canRequestReset('  ')).toBe(false);
    expect(canRequestReset('tech2')).toBe(true);
  });
});
