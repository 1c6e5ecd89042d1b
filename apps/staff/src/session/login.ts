import { isApiError } from '@servicebay/web-core';

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

export type LoginFailure = 'locked' | 'unavailable' | 'tooMany' | 'rejected';

/**
 * A 403 means the account is locked; any other refusal is 'Could not login with that
 * user name and password'. A server that cannot be reached or is failing is told apart, so
 * nobody retypes a correct password because the Wi-Fi dropped; so is the rate limit, so nobody
 * thinks the password wrong when it is only too soon.
 */
export function loginFailure(error: unknown): LoginFailure {
  if (!isApiError(error)) return 'unavailable';
  if (error.status === 403) return 'locked';
  if (error.status === 429) return 'tooMany';
  if (error.status === 0 || error.status === 408 || error.status >= 500) return 'unavailable';
  return 'rejected';
}

/** The forgot-password submit stays disabled while the user name or e-mail is empty. */
export function canRequestReset(username: string): boolean {
  return username.trim() !== '';
}
