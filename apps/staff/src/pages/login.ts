import { isApiError, type ApiClient } from '@servicebay/web-core';

/** The staff login endpoint (spec §7). It is built by the identity issue; until then it answers 404. */
export const LOGIN_PATH = '/v2/api/user/login';

export interface LoginFields {
  username: string;
  password: string;
}

/** Sign in stays disabled until there is a user name (spaces do not count) and a password. */
export function canSubmitLogin({ username, password }: LoginFields): boolean {
  return username.trim() !== '' && password !== '';
}

/** What is posted: the user name trimmed (a tablet keyboard adds a trailing space), the password as typed. */
export function loginBody({ username, password }: LoginFields) {
  return { username: username.trim(), password };
}

export type LoginFailure = 'locked' | 'unavailable' | 'rejected';

/**
 * Spec §8: a 403 means the account is locked; any other refusal is 'Could not login with that
 * user name and password'. A server that cannot be reached or is failing is told apart, so
 * nobody retypes a correct password because the Wi-Fi dropped.
 */
export function loginFailure(error: unknown): LoginFailure {
  if (!isApiError(error)) return 'unavailable';
  if (error.status === 403) return 'locked';
  if (error.status === 0 || error.status === 408 || error.status >= 500) return 'unavailable';
  return 'rejected';
}

/** The user's language, if the login answer carries one (at its top or under `user`). */
export function languageOfLoginAnswer(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const record = answer as { language?: unknown; user?: { language?: unknown } };
  const language = record.language ?? record.user?.language;
  return typeof language === 'string' ? language : undefined;
}

/**
 * After login the user's own language applies (spec §4 "Login and session": language fetched if
 * different). The login answers tokens; the user, with its language, is read with the new token.
 * Any failure here leaves the language as it is: signing in has already succeeded.
 */
export async function userLanguageAfterLogin(api: ApiClient, answer: unknown, username: string): Promise<string | undefined> {
  const inAnswer = languageOfLoginAnswer(answer);
  const token = (answer as { token?: unknown } | null)?.token;
  if (inAnswer || typeof token !== 'string') return inAnswer;
  try {
    const user = await api.request({
      method: 'GET',
      path: `/v2/api/user/${encodeURIComponent(username)}`,
      headers: { Authorization: `Bearer ${token}` },
      maxRetries: 0,
    });
    return languageOfLoginAnswer(user);
  } catch {
    return undefined;
  }
}
