import { describe, expect, it } from 'vitest';
import { ApiError } from '@servicebay/web-core';
import { canRegister, confirmationMismatch, registrationFailure } from './register.js';

const fields = { email: 'jane@example.com', password: 'Strong123!', confirmation: 'Strong123!' };

describe('registration form rules', () => {
  it('enables create only for an e-mail, a strong password and a matching confirmation', () => {
    expect(canRegister(fields)).toBe(true);
    expect(canRegister({ ...fields, email: '  ' })).toBe(false);
    expect(canRegister({ ...fields, password: 'weak', confirmation: 'weak' })).toBe(false);
    expect(canRegister({ ...fields, confirmation: 'Strong123?' })).toBe(false);
  });

  it('shows a mismatch only once the confirmation is typed', () => {
    expect(confirmationMismatch({ ...fields, confirmation: '' })).toBe(false);
    expect(confirmationMismatch({ ...fields, confirmation: 'Strong' })).toBe(true);
    expect(confirmationMismatch(fields)).toBe(false);
  });
});

describe('registration failures', () => {
  const error = (status: number, code = 'X') => new ApiError(status, code, code);
  it('opens the no-customer dialog on 404 and says the user exists on any other refusal', () => {
    expect(registrationFailure(error(404, 'CUSTOMER_NOT_FOUND_AT_REGISTRATION'))).toBe('noCustomer');
    expect(registrationFailure(error(409, 'CUSTOMER_USER_ALREADY_EXISTS'))).toBe('userExists');
    expect(registrationFailure(error(429))).toBe('userExists');
  });

  it('tells an unreachable server apart', () => {
    expect(registrationFailure(error(0))).toBe('unavailable');
    expect(registrationFailure(error(503))).toBe('unavailable');
    expect(registrationFailure(new Error('boom'))).toBe('unavailable');
  });
});
