import { isStrongPassword, passwordsMatch } from '@servicebay/domain';
import { isApiError } from '@servicebay/web-core';

export interface RegisterFields {
  email: string;
  password: string;
  confirmation: string;
}

/** Create stays disabled until the password is strong and both entries match. */
export function canRegister({ email, password, confirmation }: RegisterFields): boolean {
  return email.trim() !== '' && isStrongPassword(password) && passwordsMatch(password, confirmation);
}

/** The confirmation shows its mismatch once something is typed in it. */
export function confirmationMismatch({ password, confirmation }: RegisterFields): boolean {
  return confirmation !== '' && !passwordsMatch(password, confirmation);
}

export type RegistrationFailure = 'noCustomer' | 'userExists' | 'unavailable';

/**
 * Registration: 404 opens the no-customer dialog, any other refusal says
 * customer_user_already_exists. A server that could not be reached (0, 408, 5xx) says so instead,
 * as the login does, so nobody is told their account exists because the Wi-Fi dropped.
 */
export function registrationFailure(error: unknown): RegistrationFailure {
  if (!isApiError(error)) return 'unavailable';
  if (error.status === 0 || error.status === 408 || error.status >= 500) return 'unavailable';
  return error.status === 404 ? 'noCustomer' : 'userExists';
}
