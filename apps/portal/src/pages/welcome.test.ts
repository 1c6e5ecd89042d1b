import { describe, expect, it } from 'vitest';
import { ApiError } from '@servicebay/web-core';
import { welcomeOf } from './welcome.js';

describe('portal welcome text', () => {
  it('greets a known user by first name', () => {
    expect(welcomeOf({ firstName: 'Jane' }, null)).toEqual({ kind: 'known', firstName: 'Jane' });
  });

  it('asks a customer without a user to create a password', () => {
    expect(welcomeOf(undefined, new ApiError(400, 'CUSTOMER_WITHOUT_USER', "We don't have a user x"))).toEqual({ kind: 'customer' });
  });

  it('asks anyone else for the e-mail and password', () => {
    expect(welcomeOf(undefined, new ApiError(400, 'USER_NOT_FOUND', "We don't have a user x"))).toEqual({ kind: 'unknown' });
    expect(welcomeOf({}, null)).toEqual({ kind: 'unknown' });
    expect(welcomeOf(undefined, new ApiError(0, 'NO_CONNECTION', 'offline'))).toEqual({ kind: 'unknown' });
  });
});
