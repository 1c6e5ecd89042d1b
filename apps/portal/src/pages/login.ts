import { isApiError } from '@servicebay/web-core';

export interface PortalLoginFields {
  email: string;
  password: string;
}

/** Login stays disabled while the password is empty; an empty e-mail cannot sign in either. */
export function canSubmitPortalLogin({ email, password }: PortalLoginFields): boolean {
  return email.trim() !== '' && password !== '';
}

/** Portal users sign in with their e-mail as user name, in the same shape as the staff login. */
export function portalLoginBody({ email, password }: PortalLoginFields) {
  return { username: email.trim(), password };
}

export type PortalLoginFailure = 'unavailable' | 'rejected';

export function portalLoginFailure(error: unknown): PortalLoginFailure {
  if (!isApiError(error)) return 'unavailable';
  return error.status === 0 || error.status === 408 || error.status >= 500 ? 'unavailable' : 'rejected';
}
