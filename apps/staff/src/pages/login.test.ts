import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '@servicebay/web-core';
import { canSubmitLogin, languageOfLoginAnswer, loginBody, loginFailure, userLanguageAfterLogin } from './login.js';

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

  it('tells a locked account from a refused one and from a server that cannot answer', () => {
    expect(loginFailure(new ApiError(403, 'FORBIDDEN', 'locked'))).toBe('locked');
    expect(loginFailure(new ApiError(401, 'UNAUTHENTICATED', 'bad password'))).toBe('rejected');
    expect(loginFailure(new ApiError(404, 'NOT_FOUND', 'No route'))).toBe('rejected');
    expect(loginFailure(new ApiError(400, 'INVALID_ARGUMENTS', 'username is mandatory'))).toBe('rejected');
    expect(loginFailure(new ApiError(0, 'NO_CONNECTION', 'No internet connection'))).toBe('unavailable');
    expect(loginFailure(new ApiError(503, 'SERVICE_UNAVAILABLE', 'down'))).toBe('unavailable');
    expect(loginFailure(new Error('boom'))).toBe('unavailable');
  });

  it("reads the user's language from the login answer when there is one", () => {
    expect(languageOfLoginAnswer({ language: 'fr' })).toBe('fr');
    expect(languageOfLoginAnswer({ user: { language: 'en' } })).toBe('en');
    expect(languageOfLoginAnswer({ token: 'x' })).toBeUndefined();
    expect(languageOfLoginAnswer(null)).toBeUndefined();
  });
});

describe('language after login', () => {
  const client = (answer: unknown) => {
    const calls: unknown[] = [];
    const api = {
      request: async (request: unknown) => {
        calls.push(request);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    } as unknown as ApiClient;
    return { api, calls };
  };

  it("reads the user's language with the new token", async () => {
    const { api, calls } = client({ username: 'tech1', language: 'fr' });
    await expect(userLanguageAfterLogin(api, { token: 'jwt', refreshToken: 'r' }, 'tech1')).resolves.toBe('fr');
    expect(calls).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v2/api/user/tech1', headers: { Authorization: 'Bearer jwt' } }),
    ]);
  });

  it('keeps the current language when the user cannot be read', async () => {
    const { api } = client(new ApiError(500, 'INTERNAL_ERROR', 'x'));
    await expect(userLanguageAfterLogin(api, { token: 'jwt' }, 'tech1')).resolves.toBeUndefined();
  });

  it('uses a language carried by the answer itself without another request', async () => {
    const { api, calls } = client(null);
    await expect(userLanguageAfterLogin(api, { language: 'en' }, 'tech1')).resolves.toBe('en');
    expect(calls).toHaveLength(0);
  });
});
